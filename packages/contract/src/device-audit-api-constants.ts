import { GroupId } from './groups-constants';

/**
 * The zod-free part of device-audit-api.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). device-audit-api.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * The device audit service (sign-in doc section 7 'Device audit service'; docs/decisions/0270, 0271): audit
 * sessions of a facility with their records, device QA sessions (a technician's walk pressing every device)
 * and alert location sessions. The spec shows no session types, statuses or shapes: they are ours.
 */
export const DEVICE_AUDIT_PATHS = {
  auditSessions: '/auditSessions',
  facilityAuditSessions: (facilityRid: string): string =>
    `/auditSessions/facilities/${encodeURIComponent(facilityRid)}`,
  auditSessionRecords: '/auditSessions/records',
  auditSession: (rid: string): string => `/auditSessions/${encodeURIComponent(rid)}`,
  terminateAlertLocations: (rid: string): string =>
    `/auditSessions/${encodeURIComponent(rid)}/terminateAlertLocations`,
  deviceQaSessions: '/deviceQaSessions',
  facilityDeviceQaSessions: (facilityRid: string): string =>
    `/deviceQaSessions/facilities/${encodeURIComponent(facilityRid)}`,
  deviceQaSession: (rid: string): string => `/deviceQaSessions/${encodeURIComponent(rid)}`,
  deviceQaSessionsBulk: '/deviceQaSessions/bulk',
  alertLocationSessions: '/alertLocationSessions',
  alertLocationSession: (rid: string): string => `/alertLocationSessions/${encodeURIComponent(rid)}`,
} as const;

/** Who may run device audits at a facility (decision 0270): management, maintenance and provider support. */
export const DEVICE_AUDIT_GROUPS: readonly GroupId[] = [
  GroupId.Management,
  GroupId.Maintenance,
  GroupId.SageSupport,
];

export const AuditSessionType = { DEVICE_QA: 'DEVICE_QA', ALERT_LOCATION: 'ALERT_LOCATION' } as const;

export type AuditSessionType = (typeof AuditSessionType)[keyof typeof AuditSessionType];

export const AuditSessionStatus = {
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  CANCELED: 'CANCELED',
} as const;

export type AuditSessionStatus = (typeof AuditSessionStatus)[keyof typeof AuditSessionStatus];

/** A QA walk's statuses: EXPIRED once its time ran out while in progress (presses alert again from then). */
export const DeviceQaSessionStatus = {
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  CANCELED: 'CANCELED',
  EXPIRED: 'EXPIRED',
} as const;

export type DeviceQaSessionStatus = (typeof DeviceQaSessionStatus)[keyof typeof DeviceQaSessionStatus];

/** An alert location session's statuses: TERMINATED when its audit session ended it. */
export const AlertLocationSessionStatus = {
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  CANCELED: 'CANCELED',
  TERMINATED: 'TERMINATED',
} as const;

export type AlertLocationSessionStatus =
  (typeof AlertLocationSessionStatus)[keyof typeof AlertLocationSessionStatus];

/**
 * The outcome the ingest records on a device event applied as a press of the facility's QA walk (no alert, no
 * check-in, no care confirmation: decision 0271); the walk's heard devices are read from these events.
 */
export const QA_SESSION_PRESS_OUTCOME = 'QA_SESSION_PRESS';

/** A QA walk's length when none is asked for, and the longest one (presses raise no alert meanwhile). */
export const DEVICE_QA_DEFAULT_MINUTES = 120;

export const DEVICE_QA_MAX_MINUTES = 480;

export const DEVICE_QA_MIN_MINUTES = 5;

/** How often the walk screen asks for the heard devices (ms). */
export const DEVICE_QA_POLL_MS = 2_000;

/** Sessions a facility list replies with at most (newest first). */
export const DEVICE_AUDIT_LIST_MAX = 50;

export const DEVICE_AUDIT_BULK_MAX = 50;

export const DEVICE_AUDIT_NOTES_MAX = 1000;

// --------------------------------------------------------------------------------------------------------
// Texts of the QA walk screen (ours: the spec shows no such screen)
// --------------------------------------------------------------------------------------------------------

export const DeviceQaMessages = {
  title: 'Device QA Walk',
  manageLink: 'Device QA Walk',
  intro:
    'Walk the building and press every device once. Presses during the walk are recorded here and raise no alert.',
  start: 'Start Walk',
  finish: 'Finish Walk',
  cancel: 'Cancel Walk',
  startAnother: 'Start a New Walk',
  inProgressBanner: (until: string) => `Walk in progress until ${until}: presses raise no alert.`,
  heard: 'Heard',
  notHeard: 'Not heard',
  counts: (heard: number, total: number) => `${heard} of ${total} devices heard`,
  heardAt: (time: string) => `Heard ${time}`,
  battery: (level: number) => `Battery ${level}%`,
  batteryLow: 'Battery low',
  batteryUnknown: 'Battery unknown',
  presses: (n: number) => (n === 1 ? '1 press' : `${n} presses`),
  summaryTitle: 'Walk summary',
  summaryAllHeard: 'Every device was heard.',
  summaryMissing: (n: number) => (n === 1 ? '1 device was not heard.' : `${n} devices were not heard.`),
  noDevices: 'This community has no allocated devices.',
  notAllowed: 'Only management, maintenance and provider support can run a device QA walk.',
  alreadyRunning: 'A walk is already in progress in this community.',
} as const;
