/**
 * The dashboard's ways into other screens (issue #33, decision 0700): Daily Check-in, Text message alerts,
 * Notification Settings, the administration entries and Manage. The contract's texts where it has them; the
 * daily check-in's title moved here as it was (decision 0232).
 */
import { AdminMessages, AdminOrgMessages, NotificationPolicyMessages, OptInMessages } from '@sage/contract';

export const entries = {
  dailyCheckIn: 'Daily Check-in',
  textAlerts: OptInMessages.entry,
  notificationSettings: NotificationPolicyMessages.entry,
  administration: AdminOrgMessages.entriesTitle,
  companyPhones: AdminOrgMessages.companyPhones,
  features: AdminOrgMessages.features,
  communities: AdminOrgMessages.facilities,
  manage: AdminMessages.manage,
} as const;
