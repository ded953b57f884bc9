import { AdminMessages, DeviceQaMessages } from '@sage/contract';
import { ADMIN_ROUTES } from './admin-shared';

/**
 * Who a section is for: management of the facility (the default), or those who may audit devices there
 * (management, maintenance, provider support: docs/decisions/0270).
 */
export type ManageAudience = 'management' | 'deviceAudit';

/** The sections of the managers' area, one line each (other sections add theirs here). */
export const MANAGE_LINKS: { label: string; to: string; audience?: ManageAudience }[] = [
  { label: AdminMessages.residents, to: ADMIN_ROUTES.residents },
  { label: AdminMessages.units, to: ADMIN_ROUTES.units },
  { label: AdminMessages.careZones, to: ADMIN_ROUTES.careZones },
  { label: AdminMessages.ehrLockedFields, to: ADMIN_ROUTES.ehrLockedFields },
  { label: DeviceQaMessages.manageLink, to: '/manage/device-qa', audience: 'deviceAudit' },
];
