/**
 * Acknowledged but not cleared (UL 1069; docs/decisions/0515): a claimed alert with no bedside confirmation after
 * a facility's setting re-alerts its claimer and runs the next escalation step. Zod-free (the web app's first
 * loads import it; decision 0384); claim-reminder.ts holds the schemas.
 */
export const DEFAULT_UNCONFIRMED_CLAIM_REMINDER_MINUTES = 5;
/** Bounds of the setting, in minutes: at least one (a caregiver needs time to walk there), at most half an hour. */
export const MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES = 1;
export const MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES = 30;

/** `GET`/`PUT`, below the admin base `/admin/api/v1` (decision 0515). */
export const claimReminderPath = (facilityId: string): string =>
  `/facilities/${encodeURIComponent(facilityId)}/claimReminder`;

/** Texts of the setting on the notification settings screen, and of the re-alert messages. */
export const ClaimReminderMessages = {
  heading: 'Claimed but not confirmed',
  label: 'Remind after (minutes)',
  description: `A claimed alert with no bedside confirmation after this many minutes re-alerts the person who claimed it, then notifies the next step. ${MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES} to ${MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES}.`,
  outOfRange: `Enter a whole number of minutes from ${MIN_UNCONFIRMED_CLAIM_REMINDER_MINUTES} to ${MAX_UNCONFIRMED_CLAIM_REMINDER_MINUTES}`,
  save: 'Update Reminder',
  saved: 'Reminder updated',
  saveFailed: 'Error updating the reminder, please try again.',
  /** The claimer's re-alert. */
  claimerBody: (severityLabel: string, minutes: number): string =>
    `${severityLabel}: still waiting for bedside confirmation, claimed by you ${minutes} min ago`,
  /** The next step's message. */
  escalationBody: (severityLabel: string, claimerName: string, minutes: number): string =>
    `${severityLabel}: claimed by ${claimerName} ${minutes} min ago, not yet confirmed at the bedside`,
} as const;
