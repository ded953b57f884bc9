import {
  AdminMessages,
  DEVICES_ADMIN_ROUTES,
  DeviceQaMessages,
  DevicesAdminMessages,
  RESPONSE_TIMES_ROUTE,
  ReportsMessages,
  ResponseTimesMessages,
} from '@sage/contract';
import { ADMIN_ROUTES, REPORTS_ROUTE } from './admin-shared';
import { useManageAudiences } from './manage-access';
import { ROUTINE_CHECKS_ROUTE, ROUTINE_CHECKS_TITLE } from './routine-checks/routine-checks-route';

/**
 * Who a section is for: management of the facility (the default), or those who may audit devices there
 * (management, maintenance, provider support: docs/decisions/0270).
 */
export type ManageAudience = 'management' | 'deviceAudit';

/** The sections of the managers' area, one line each (other sections add theirs here). */
export type ManageLinkKey =
  | 'residents'
  | 'units'
  | 'careZones'
  | 'ehrLockedFields'
  | 'routineChecks'
  | 'devices'
  | 'doors'
  | 'deviceQa'
  | 'responseTimes'
  | 'reports'
  | 'stationDisplays';

/** `key` names the link's text in the reader's language (`adminPages` `link_<key>`, decision 0770). */
export const MANAGE_LINKS: { key: ManageLinkKey; label: string; to: string; audience?: ManageAudience }[] = [
  { key: 'residents', label: AdminMessages.residents, to: ADMIN_ROUTES.residents },
  { key: 'units', label: AdminMessages.units, to: ADMIN_ROUTES.units },
  { key: 'careZones', label: AdminMessages.careZones, to: ADMIN_ROUTES.careZones },
  { key: 'ehrLockedFields', label: AdminMessages.ehrLockedFields, to: ADMIN_ROUTES.ehrLockedFields },
  { key: 'routineChecks', label: ROUTINE_CHECKS_TITLE, to: ROUTINE_CHECKS_ROUTE },
  { key: 'devices', label: DevicesAdminMessages.devices, to: DEVICES_ADMIN_ROUTES.devices },
  { key: 'doors', label: DevicesAdminMessages.doors, to: DEVICES_ADMIN_ROUTES.doors },
  { key: 'deviceQa', label: DeviceQaMessages.manageLink, to: '/manage/device-qa', audience: 'deviceAudit' },
  { key: 'responseTimes', label: ResponseTimesMessages.link, to: RESPONSE_TIMES_ROUTE },
  { key: 'reports', label: ReportsMessages.title, to: REPORTS_ROUTE },
  { key: 'stationDisplays', label: 'Station displays', to: '/manage/station-displays' },
];

/** The sections of the managers' area the signed-in person may open at the current facility (null: loading). */
export function useManageLinks(): typeof MANAGE_LINKS | null {
  const may = useManageAudiences();
  if (!may) return null;
  return MANAGE_LINKS.filter((link) => may[link.audience ?? 'management']);
}
