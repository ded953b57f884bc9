import { z } from 'zod';
import { ZIdSchema, zQueryArray, zText } from './common';
import {
  AlertLocationSessionStatus,
  AuditSessionStatus,
  AuditSessionType,
  DEVICE_AUDIT_BULK_MAX,
  DEVICE_AUDIT_NOTES_MAX,
  DEVICE_QA_MAX_MINUTES,
  DEVICE_QA_MIN_MINUTES,
  DeviceQaSessionStatus,
} from './device-audit-api-constants';
import { ZBatteryStatusSchema, ZDeviceTypeSchema } from './devices';
import { ZLocationQueryReplySchema } from './location-query-api';

export * from './device-audit-api-constants';
export const ZAuditSessionTypeSchema = z.enum(AuditSessionType);
export const ZAuditSessionStatusSchema = z.enum(AuditSessionStatus);
export const ZDeviceQaSessionStatusSchema = z.enum(DeviceQaSessionStatus);
export const ZAlertLocationSessionStatusSchema = z.enum(AlertLocationSessionStatus);

/** How a session is ended by a PUT: done, or given up. */
export const ZSessionEndStatusSchema = z.enum(['COMPLETED', 'CANCELED']);

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
  /** On test and not yet pressed: its test press counts until then (decision 0505); else null. */
  testArmedUntil: ms.nullable(),
  /** When its test press (quiet) was received during the walk; null: not tested. */
  testedAt: ms.nullable(),
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
  testedCount: z.number().int(),
  /** Not heard first (what is left to press), then heard, most recent first. */
  devices: z.array(ZDeviceQaDeviceSchema),
});
export type TDeviceQaSessionReply = z.infer<typeof ZDeviceQaSessionReplySchema>;
export const ZDeviceQaSessionListReplySchema = z.array(ZDeviceQaSessionReplySchema);

/**
 * POST /deviceQaSessions/{rid}/tests: put one device of the walk's community on test, by its id or its hardware id
 * (exactly one). Another device on test in the walk is taken off (decision 0505).
 */
export const ZArmDeviceQaTestRequestSchema = z
  .object({
    deviceRid: ZIdSchema.optional(),
    hardwareId: zText({ min: 1, max: 100, trim: true, multiline: false }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.deviceRid === undefined) === (body.hardwareId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['deviceRid'],
        message: 'Give exactly one of deviceRid and hardwareId',
      });
    }
  });
export type TArmDeviceQaTestRequest = z.infer<typeof ZArmDeviceQaTestRequestSchema>;

/** A walk in progress as the caregivers' banner shows it (decision 0505): no device, no resident. */
export const ZDeviceTestNoticeSchema = z.object({
  deviceQaSessionRid: ZIdSchema,
  facilityRid: ZIdSchema,
  facilityName: z.string(),
  /** The facility's time zone: the banner's end time is shown in it. */
  timezone: z.string(),
  startedAt: ms,
  /** It ends by itself then (the banner hides itself then too). */
  expiresAt: ms,
  /** Who started it ('First Last'); null when unknown. */
  startedByName: z.string().nullable(),
  /** Whether the caller may end it from the banner (management, nurses, the technicians; never a display). */
  mayEnd: z.boolean(),
});
export type TDeviceTestNotice = z.infer<typeof ZDeviceTestNoticeSchema>;

/** GET /deviceQaSessions/current (and the station display's own read): the walks in progress. */
export const ZDeviceTestNoticesReplySchema = z.object({
  deviceTests: z.array(ZDeviceTestNoticeSchema),
  serverTime: ms,
});
export type TDeviceTestNoticesReply = z.infer<typeof ZDeviceTestNoticesReplySchema>;

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
