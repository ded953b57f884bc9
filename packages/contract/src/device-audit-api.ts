import { z } from 'zod';
import { ZIdSchema, zQueryArray, zText } from './common';
import { ZBatteryStatusSchema, ZDeviceTypeSchema } from './devices';
import { GroupId } from './groups';
import { ZLocationQueryReplySchema } from './location-query-api';

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
export const ZAuditSessionTypeSchema = z.enum(AuditSessionType);
export type AuditSessionType = z.infer<typeof ZAuditSessionTypeSchema>;

export const AuditSessionStatus = {
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  CANCELED: 'CANCELED',
} as const;
export const ZAuditSessionStatusSchema = z.enum(AuditSessionStatus);
export type AuditSessionStatus = z.infer<typeof ZAuditSessionStatusSchema>;

/** A QA walk's statuses: EXPIRED once its time ran out while in progress (presses alert again from then). */
export const DeviceQaSessionStatus = {
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  CANCELED: 'CANCELED',
  EXPIRED: 'EXPIRED',
} as const;
export const ZDeviceQaSessionStatusSchema = z.enum(DeviceQaSessionStatus);
export type DeviceQaSessionStatus = z.infer<typeof ZDeviceQaSessionStatusSchema>;

/** An alert location session's statuses: TERMINATED when its audit session ended it. */
export const AlertLocationSessionStatus = {
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  CANCELED: 'CANCELED',
  TERMINATED: 'TERMINATED',
} as const;
export const ZAlertLocationSessionStatusSchema = z.enum(AlertLocationSessionStatus);
export type AlertLocationSessionStatus = z.infer<typeof ZAlertLocationSessionStatusSchema>;

/**
 * The outcome the ingest records on a device event applied as a press of the facility's QA walk (no alert, no
 * check-in, no care confirmation: decision 0271); the walk's heard devices are read from these events.
 */
export const QA_SESSION_PRESS_OUTCOME = 'QA_SESSION_PRESS';

/** How a session is ended by a PUT: done, or given up. */
export const ZSessionEndStatusSchema = z.enum(['COMPLETED', 'CANCELED']);

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

const ZNotesSchema = zText({ max: DEVICE_AUDIT_NOTES_MAX, trim: true });

// --------------------------------------------------------------------------------------------------------
// Audit sessions
// --------------------------------------------------------------------------------------------------------

/** POST /auditSessions: one session in progress per facility and type (409 otherwise). */
export const ZCreateAuditSessionRequestSchema = z
  .object({ facilityRid: ZIdSchema, sessionType: ZAuditSessionTypeSchema, notes: ZNotesSchema.optional() })
  .strict();
export type TCreateAuditSessionRequest = z.infer<typeof ZCreateAuditSessionRequestSchema>;

export const ZDeviceAuditFacilityParamsSchema = z.object({ facilityRid: ZIdSchema });
export const ZAuditSessionParamsSchema = z.object({ auditSessionRid: ZIdSchema });

/** GET /auditSessions/facilities/{facilityRid} ?sessionType, status */
export const ZListAuditSessionsQuerySchema = z
  .object({ sessionType: ZAuditSessionTypeSchema.optional(), status: ZAuditSessionStatusSchema.optional() })
  .strict();
/** DELETE /auditSessions/facilities/{facilityRid} ?sessionType: cancels the sessions in progress. */
export const ZEndFacilityAuditSessionsQuerySchema = z
  .object({ sessionType: ZAuditSessionTypeSchema.optional() })
  .strict();

/** GET /auditSessions/records ?auditSessionRids (repeated key). */
export const ZAuditSessionRecordsQuerySchema = z
  .object({ auditSessionRids: zQueryArray(ZIdSchema, { min: 1, max: DEVICE_AUDIT_BULK_MAX }) })
  .strict();

/** PUT /auditSessions/{rid}: end it (its walk and alert location sessions with it) and/or change its notes. */
export const ZUpdateAuditSessionRequestSchema = z
  .object({ status: ZSessionEndStatusSchema.optional(), notes: ZNotesSchema.nullable().optional() })
  .strict();
export type TUpdateAuditSessionRequest = z.infer<typeof ZUpdateAuditSessionRequestSchema>;

const ms = z.number().int();

export const ZAuditSessionReplySchema = z.object({
  auditSessionRid: ZIdSchema,
  facilityRid: ZIdSchema,
  sessionType: ZAuditSessionTypeSchema,
  status: ZAuditSessionStatusSchema,
  startedById: z.string().nullable(),
  startedAt: ms,
  endedById: z.string().nullable(),
  endedAt: ms.nullable(),
  notes: z.string().nullable(),
});
export type TAuditSessionReply = z.infer<typeof ZAuditSessionReplySchema>;
export const ZAuditSessionListReplySchema = z.array(ZAuditSessionReplySchema);

/** What an audit session observed: a device of a finished QA walk, or a finished alert location session. */
export const ZAuditSessionRecordReplySchema = z.object({
  recordRid: ZIdSchema,
  auditSessionRid: ZIdSchema,
  sessionType: ZAuditSessionTypeSchema,
  deviceRid: z.string().nullable(),
  taskRid: z.string().nullable(),
  createdAt: ms,
  /** DEVICE_QA: the walk and whether the device was heard, when and with what battery. */
  deviceQaSessionRid: z.string().nullable(),
  hardwareId: z.string().nullable(),
  deviceType: ZDeviceTypeSchema.nullable(),
  location: z.string().nullable(),
  heard: z.boolean().nullable(),
  pressCount: z.number().int().nullable(),
  firstHeardAt: ms.nullable(),
  lastHeardAt: ms.nullable(),
  batteryLevel: z.number().int().nullable(),
  /** ALERT_LOCATION: the session, its end and whether the alert named the right place. */
  alertLocationSessionRid: z.string().nullable(),
  alertLocationStatus: ZAlertLocationSessionStatusSchema.nullable(),
  isLocationCorrect: z.boolean().nullable(),
  locationName: z.string().nullable(),
});
export type TAuditSessionRecordReply = z.infer<typeof ZAuditSessionRecordReplySchema>;
export const ZAuditSessionRecordListReplySchema = z.array(ZAuditSessionRecordReplySchema);

/** POST /auditSessions/{rid}/terminateAlertLocations */
export const ZTerminateAlertLocationsReplySchema = z.object({
  auditSessionRid: ZIdSchema,
  terminatedAlertLocationSessionRids: z.array(ZIdSchema),
});

// --------------------------------------------------------------------------------------------------------
// Device QA sessions
// --------------------------------------------------------------------------------------------------------

/** POST /deviceQaSessions: starts the facility's walk (one at a time: 409). */
export const ZCreateDeviceQaSessionRequestSchema = z
  .object({
    facilityRid: ZIdSchema,
    auditSessionRid: ZIdSchema.optional(),
    durationInMin: z.number().int().min(DEVICE_QA_MIN_MINUTES).max(DEVICE_QA_MAX_MINUTES).optional(),
    notes: ZNotesSchema.optional(),
  })
  .strict();
export type TCreateDeviceQaSessionRequest = z.infer<typeof ZCreateDeviceQaSessionRequestSchema>;

export const ZDeviceQaSessionParamsSchema = z.object({ deviceQaSessionRid: ZIdSchema });
export const ZListDeviceQaSessionsQuerySchema = z
  .object({ status: ZDeviceQaSessionStatusSchema.optional() })
  .strict();

/** PUT /deviceQaSessions/{rid}: finish (COMPLETED) or give up (CANCELED) the walk, and/or its notes. */
export const ZUpdateDeviceQaSessionRequestSchema = z
  .object({ status: ZSessionEndStatusSchema.optional(), notes: ZNotesSchema.nullable().optional() })
  .strict();
export type TUpdateDeviceQaSessionRequest = z.infer<typeof ZUpdateDeviceQaSessionRequestSchema>;

/** PUT /deviceQaSessions/bulk: several walks at once, all or nothing. */
export const ZBulkUpdateDeviceQaSessionsRequestSchema = z
  .array(ZUpdateDeviceQaSessionRequestSchema.extend({ deviceQaSessionRid: ZIdSchema }).strict())
  .min(1)
  .max(DEVICE_AUDIT_BULK_MAX);
export type TBulkUpdateDeviceQaSessionsRequest = z.infer<typeof ZBulkUpdateDeviceQaSessionsRequestSchema>;

/** One device of a walk: heard (when, how often, with what battery) or not. */
export const ZDeviceQaDeviceSchema = z.object({
  deviceRid: ZIdSchema,
  hardwareId: z.string(),
  deviceType: ZDeviceTypeSchema,
  /** Where it is: the unit and room, or the door; never a resident's name (decision 0270). */
  location: z.string(),
  isAllocated: z.boolean(),
  heard: z.boolean(),
  pressCount: z.number().int(),
  firstHeardAt: ms.nullable(),
  lastHeardAt: ms.nullable(),
  /** The battery the device reported in its last press of the walk (null: not heard or not reported). */
  batteryLevel: z.number().int().nullable(),
  batteryStatus: ZBatteryStatusSchema,
});
export type TDeviceQaDevice = z.infer<typeof ZDeviceQaDeviceSchema>;

export const ZDeviceQaSessionReplySchema = z.object({
  deviceQaSessionRid: ZIdSchema,
  facilityRid: ZIdSchema,
  auditSessionRid: z.string().nullable(),
  status: ZDeviceQaSessionStatusSchema,
  startedById: z.string().nullable(),
  startedAt: ms,
  expiresAt: ms,
  endedById: z.string().nullable(),
  endedAt: ms.nullable(),
  notes: z.string().nullable(),
  heardCount: z.number().int(),
  notHeardCount: z.number().int(),
  /** Not heard first (what is left to press), then heard, most recent first. */
  devices: z.array(ZDeviceQaDeviceSchema),
});
export type TDeviceQaSessionReply = z.infer<typeof ZDeviceQaSessionReplySchema>;
export const ZDeviceQaSessionListReplySchema = z.array(ZDeviceQaSessionReplySchema);

// --------------------------------------------------------------------------------------------------------
// Alert location sessions
// --------------------------------------------------------------------------------------------------------

/** POST /alertLocationSessions: a technician presses a device to check where its alert says it came from. */
export const ZCreateAlertLocationSessionRequestSchema = z
  .object({
    facilityRid: ZIdSchema,
    deviceRid: ZIdSchema,
    auditSessionRid: ZIdSchema.optional(),
    notes: ZNotesSchema.optional(),
  })
  .strict();
export type TCreateAlertLocationSessionRequest = z.infer<typeof ZCreateAlertLocationSessionRequestSchema>;

export const ZAlertLocationSessionParamsSchema = z.object({ alertLocationSessionRid: ZIdSchema });

/** PUT /alertLocationSessions/{rid}: the alert found, whether its place was right, the end. */
export const ZUpdateAlertLocationSessionRequestSchema = z
  .object({
    status: ZSessionEndStatusSchema.optional(),
    taskRid: ZIdSchema.nullable().optional(),
    isLocationCorrect: z.boolean().nullable().optional(),
    notes: ZNotesSchema.nullable().optional(),
  })
  .strict();
export type TUpdateAlertLocationSessionRequest = z.infer<typeof ZUpdateAlertLocationSessionRequestSchema>;

export const ZAlertLocationSessionReplySchema = z.object({
  alertLocationSessionRid: ZIdSchema,
  facilityRid: ZIdSchema,
  auditSessionRid: z.string().nullable(),
  deviceRid: z.string().nullable(),
  taskRid: z.string().nullable(),
  status: ZAlertLocationSessionStatusSchema,
  startedAt: ms,
  endedAt: ms.nullable(),
  isLocationCorrect: z.boolean().nullable(),
  notes: z.string().nullable(),
  /** Where the alert says it came from, once a task is named (location query service). */
  location: ZLocationQueryReplySchema.nullable(),
});
export type TAlertLocationSessionReply = z.infer<typeof ZAlertLocationSessionReplySchema>;

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
