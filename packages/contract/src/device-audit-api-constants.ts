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
  /** POST: put one device on test (decision 0505). */
  deviceQaSessionTests: (rid: string): string => `/deviceQaSessions/${encodeURIComponent(rid)}/tests`,
  /** POST: end the walk from the caregivers' banner (management, nurses, the technicians; decision 0505). */
  deviceQaSessionEnd: (rid: string): string => `/deviceQaSessions/${encodeURIComponent(rid)}/end`,
  /** GET: the walks in progress in the caller's communities (the dashboard's banner). */
  currentDeviceTests: '/deviceQaSessions/current',
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
 * The outcome the ingest records on a device's test press during a QA walk: the first ordinary press of the device
 * the technician put on test, within its window (no alert, no check-in, no care confirmation: decision 0505).
 */
export const QA_SESSION_PRESS_OUTCOME = 'QA_SESSION_PRESS';

/**
 * A QA walk's length when none is asked for, and the longest one (decision 0505): a walk silences nothing by
 * itself, but its banner tells every caregiver a test is on, so it ends by itself within the hour.
 */
export const DEVICE_QA_DEFAULT_MINUTES = 60;

export const DEVICE_QA_MAX_MINUTES = 60;

export const DEVICE_QA_MIN_MINUTES = 5;

/** How long a device put on test waits for its test press (ms); after it, its presses alert again. */
export const DEVICE_QA_TEST_WINDOW_MS = 2 * 60_000;

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
    'Walk the building and test every device: tap Test on its line (or enter its hardware id), then press it once within 2 minutes.',
  /** What stays live during a walk (decision 0505), shown on the walk screen before and during the walk. */
  whatStaysLive:
    'Alerts stay on during the test. Only the device you put on test is quiet, for its first press within 2 minutes. Falls and every other device alert as usual.',
  start: 'Start Walk',
  finish: 'Finish Walk',
  cancel: 'Cancel Walk',
  startAnother: 'Start a New Walk',
  inProgressBanner: (until: string) => `Walk in progress until ${until}.`,
  heard: 'Heard',
  notHeard: 'Not heard',
  counts: (heard: number, total: number) => `${heard} of ${total} devices heard`,
  testedCount: (tested: number, total: number) => `${tested} of ${total} devices tested`,
  heardAt: (time: string) => `Heard ${time}`,
  battery: (level: number) => `Battery ${level}%`,
  batteryLow: 'Battery low',
  batteryUnknown: 'Battery unknown',
  presses: (n: number) => (n === 1 ? '1 press' : `${n} presses`),
  test: 'Test',
  testLabel: (location: string) => `Test ${location}`,
  testByHardwareId: 'Hardware id',
  testByHardwareIdAction: 'Put on test',
  onTest: (until: string) => `On test: press it once before ${until}`,
  testedAt: (time: string) => `Tested ${time}`,
  summaryTitle: 'Walk summary',
  summaryAllHeard: 'Every device was heard.',
  summaryMissing: (n: number) => (n === 1 ? '1 device was not heard.' : `${n} devices were not heard.`),
  noDevices: 'This community has no allocated devices.',
  notAllowed: 'Only management, maintenance and provider support can run a device QA walk.',
  notAllowedEnd: 'Only a manager, a nurse, maintenance or provider support can end a device test.',
  alreadyRunning: 'A walk is already in progress in this community.',
  /** The banner on every caregiver's dashboard and station display while a walk is on (issue #29). */
  banner: 'Device test in progress: presses of tested devices are not alerted',
  bannerDetail: (who: string, until: string) => `Started by ${who} · ends by ${until}`,
  bannerSomeone: 'a technician',
  endTest: 'End test',
} as const;
