import { z } from 'zod';
import { ZCareOutcomeSchema, ZCareOutcomeValueSchema } from './care-outcomes';
import { ZIdSchema, ZQueryBooleanSchema, zQueryArray, zText } from './common';
import { NOTE_MAX_LENGTH } from './constants';
import { ZObservationTypeSchema } from './observations';
import { ZResolutionTypeSchema } from './resolution';
import { ZStaffAssistCountSchema } from './task-requests';
import { ZPageNumberSchema, ZPageSizeSchema, ZTimeInputSchema } from './tasks-api';

/**
 * Care service (base /care/api/v1) and the care parts of the admin API (/careEvents/{id}, /residents/
 * careActivity/latest, /residents/{id}/activities). Shapes where the spec is silent are ours:
 * docs/decisions/0041-care-records.md. Times in replies are milliseconds since the epoch.
 */
export const CARE_BASE_PATH = '/care/api/v1';

/**
 * A `careOutcomes` filter value: an outcome (COMPLETED, NOT_COMPLETED, REFUSED) or a care type (a resolution
 * type id such as ADL_BATHING). Values of the same kind are or-ed, the two kinds and-ed.
 */
export const ZCareOutcomeFilterSchema = z.union([ZCareOutcomeValueSchema, ZResolutionTypeSchema]);
export type TCareOutcomeFilter = z.infer<typeof ZCareOutcomeFilterSchema>;

const ZNoteTextSchema = zText({ min: 1, max: NOTE_MAX_LENGTH, trim: true });

// ---------------------------------------------------------------------------------------------------------
// Resident activity (care log)
// ---------------------------------------------------------------------------------------------------------

/**
 * POST /care/api/v1/loggedCare: care or a refusal logged for a resident without an alert. "Resident activity
 * (care log): creatorId, enterpriseId, facilityId, groupId, residentId, careOutcomes, observations (list of
 * observationType), unitId, resolutionNote, respondingStaffRids; the response carries rid." The creator,
 * enterprise and facility come from the resident and the caller; a refusal is all outcomes REFUSED.
 */
export const ZLogCareRequestSchema = z.strictObject({
  residentId: ZIdSchema,
  careOutcomes: z.array(ZCareOutcomeSchema).min(1),
  observations: z.array(ZObservationTypeSchema).default([]),
  resolutionNote: zText({ max: NOTE_MAX_LENGTH }).optional(),
  respondingStaffRids: z.array(ZIdSchema).default([]),
  /**
   * "Staff-assist counter: min 1, max 5, default 1; shown only for ... new care logs (not refusals)"
   * (docs/decisions/0057): 1 is stored when none is sent; a refusal with a count is a 400.
   */
  staffAssistCount: ZStaffAssistCountSchema.optional(),
  groupId: ZIdSchema.optional(),
  unitId: ZIdSchema.optional(),
});
export type TLogCareRequest = z.infer<typeof ZLogCareRequestSchema>;
export type TLogCareRequestInput = z.input<typeof ZLogCareRequestSchema>;

export const ZResidentActivitySchema = z.object({
  rid: z.string(),
  creatorId: z.string(),
  enterpriseId: z.string(),
  facilityId: z.string(),
  groupId: z.string().nullable(),
  residentId: z.string(),
  unitId: z.string().nullable(),
  /** The resolved task this entry comes from, if any. */
  taskId: z.string().nullable(),
  careEventRid: z.string().nullable(),
  careOutcomes: z.array(ZCareOutcomeSchema),
  observations: z.array(z.string()),
  resolutionNote: z.string().nullable(),
  respondingStaffRids: z.array(z.string()),
  /** The staff-assist counter; null for refusals and where it does not apply (docs/decisions/0057). */
  staffAssistCount: z.number().int().nullable(),
  isRefusal: z.boolean(),
  createdAt: z.number().int(),
});
export type TResidentActivity = z.infer<typeof ZResidentActivitySchema>;

/** GET /admin/api/v1/residents/{residentId}/activities with careOutcomes, pageNumber, pageSize. */
export const ZResidentActivitiesQuerySchema = z.object({
  careOutcomes: zQueryArray(ZCareOutcomeFilterSchema).optional(),
  pageNumber: ZPageNumberSchema,
  pageSize: ZPageSizeSchema,
});
export type TResidentActivitiesQuery = z.infer<typeof ZResidentActivitiesQuerySchema>;

export const ZResidentActivitiesReplySchema = z.object({
  activities: z.array(ZResidentActivitySchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type TResidentActivitiesReply = z.infer<typeof ZResidentActivitiesReplySchema>;

export const ZResidentParamsSchema = z.object({ residentId: ZIdSchema });

/** POST /admin/api/v1/residents/careActivity/latest: "request residentRids; response per resident
 * timeSinceLastCareActivityInMin" (null when the resident has no care activity yet). */
export const ZLatestCareActivityRequestSchema = z.strictObject({
  residentRids: z.array(ZIdSchema).min(1).max(1000),
});
export const ZLatestCareActivityReplySchema = z.array(
  z.object({
    residentRid: z.string(),
    timeSinceLastCareActivityInMin: z.number().int().nullable(),
    lastCareActivityTimestamp: z.number().int().nullable(),
  }),
);
export type TLatestCareActivityReply = z.infer<typeof ZLatestCareActivityReplySchema>;

// ---------------------------------------------------------------------------------------------------------
// Care outcomes
// ---------------------------------------------------------------------------------------------------------

/** POST /care/api/v1/careOutcomes: one outcome of care for a resident, optionally on a care event. */
export const ZCreateCareOutcomeRequestSchema = z.strictObject({
  residentId: ZIdSchema,
  outcome: ZCareOutcomeValueSchema,
  careProvided: ZResolutionTypeSchema,
  careEventRid: ZIdSchema.optional(),
});
export type TCreateCareOutcomeRequest = z.infer<typeof ZCreateCareOutcomeRequestSchema>;

export const ZCareOutcomeRecordSchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  residentId: z.string().nullable(),
  taskId: z.string().nullable(),
  careEventRid: z.string().nullable(),
  residentActivityRid: z.string().nullable(),
  creatorId: z.string().nullable(),
  outcome: ZCareOutcomeValueSchema,
  careProvided: ZResolutionTypeSchema,
  createdAt: z.number().int(),
});
export type TCareOutcomeRecord = z.infer<typeof ZCareOutcomeRecordSchema>;

/** POST /care/api/v1/careOutcomes/search, newest first. */
export const ZSearchCareOutcomesRequestSchema = z.strictObject({
  facilityId: ZIdSchema.optional(),
  residentRids: z.array(ZIdSchema).optional(),
  creatorRids: z.array(ZIdSchema).optional(),
  careEventRids: z.array(ZIdSchema).optional(),
  taskRids: z.array(ZIdSchema).optional(),
  careOutcomes: z.array(ZCareOutcomeFilterSchema).optional(),
  from: ZTimeInputSchema.optional(),
  to: ZTimeInputSchema.optional(),
  pageNumber: ZPageNumberSchema,
  pageSize: ZPageSizeSchema,
});
export type TSearchCareOutcomesRequest = z.infer<typeof ZSearchCareOutcomesRequestSchema>;

export const ZCareOutcomePageReplySchema = z.object({
  careOutcomes: z.array(ZCareOutcomeRecordSchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------
// Care events
// ---------------------------------------------------------------------------------------------------------

export const ZCareEventNoteSchema = z.object({
  id: z.string(),
  noteType: z.string().nullable(),
  content: z.string(),
  creatorRid: z.string().nullable(),
  createdAt: z.number().int(),
});
export type TCareEventNote = z.infer<typeof ZCareEventNoteSchema>;

/** "Care event: careEventRid, facilityRid, residentRids, creatorEntityRids, careOutcomes, alertRid link, notes." */
export const ZCareEventSchema = z.object({
  careEventRid: z.string(),
  facilityRid: z.string(),
  residentRids: z.array(z.string()),
  creatorEntityRids: z.array(z.string()),
  careOutcomes: z.array(
    z.object({
      id: z.string(),
      residentRid: z.string().nullable(),
      outcome: ZCareOutcomeValueSchema,
      careProvided: ZResolutionTypeSchema,
    }),
  ),
  alertRid: z.string().nullable(),
  unitId: z.string().nullable(),
  /** The staff-assist counter of the care log or resolved alert; null where it does not apply (0057). */
  staffAssistCount: z.number().int().nullable(),
  eventTimestamp: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  notes: z.array(ZCareEventNoteSchema),
});
export type TCareEvent = z.infer<typeof ZCareEventSchema>;

export const ZCareEventParamsSchema = z.object({ careEventRid: ZIdSchema });
export const ZAdminCareEventParamsSchema = z.object({ careEventId: ZIdSchema });

const careEventFilters = {
  residentRids: zQueryArray(ZIdSchema).optional(),
  creatorEntityRids: zQueryArray(ZIdSchema).optional(),
  careEventRids: zQueryArray(ZIdSchema).optional(),
  /** true: only care events without an alert (logged care); false: only those migrated from an alert. */
  withoutAlertRid: ZQueryBooleanSchema.optional(),
  careOutcomes: zQueryArray(ZCareOutcomeFilterSchema).optional(),
  pageNumber: ZPageNumberSchema,
  pageSize: ZPageSizeSchema,
};

/** GET /care/api/v1/careEvents (query facilityRid, residentRids, creatorEntityRids, careEventRids,
 * withoutAlertRid, careOutcomes, pageNumber, pageSize); newest first. */
export const ZListCareEventsQuerySchema = z.object({
  facilityRid: ZIdSchema.optional(),
  ...careEventFilters,
});
export type TListCareEventsQuery = z.infer<typeof ZListCareEventsQuerySchema>;

/** POST /care/api/v1/careEvents/search: the same filters in a body, plus a time range. */
export const ZSearchCareEventsRequestSchema = z.strictObject({
  facilityRid: ZIdSchema.optional(),
  ...careEventFilters,
  from: ZTimeInputSchema.optional(),
  to: ZTimeInputSchema.optional(),
});
export type TSearchCareEventsRequest = z.infer<typeof ZSearchCareEventsRequestSchema>;

export const ZCareEventPageReplySchema = z.object({
  careEvents: z.array(ZCareEventSchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type TCareEventPageReply = z.infer<typeof ZCareEventPageReplySchema>;

/** POST /care/api/v1/careEvents: care given to one or more residents (the caller is the creator). */
export const ZCreateCareEventRequestSchema = z.strictObject({
  facilityRid: ZIdSchema,
  residentRids: z.array(ZIdSchema).min(1).max(50),
  careOutcomes: z.array(ZCareOutcomeSchema.extend({ residentRid: ZIdSchema.optional() })).default([]),
  unitId: ZIdSchema.optional(),
  eventTimestamp: ZTimeInputSchema.optional(),
});
export type TCreateCareEventRequest = z.infer<typeof ZCreateCareEventRequestSchema>;

/** PUT /care/api/v1/careEvents/{careEventRid}: careOutcomes, when sent, replace the event's outcomes. */
export const ZUpdateCareEventRequestSchema = z
  .strictObject({
    residentRids: z.array(ZIdSchema).min(1).max(50).optional(),
    careOutcomes: z.array(ZCareOutcomeSchema.extend({ residentRid: ZIdSchema.optional() })).optional(),
    unitId: ZIdSchema.nullable().optional(),
    eventTimestamp: ZTimeInputSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Send at least one field to change',
  });
export type TUpdateCareEventRequest = z.infer<typeof ZUpdateCareEventRequestSchema>;

/** POST /careEvents/{careEventRid}/notes (care service) and POST /careEvents/{careEventId}/notes (admin API:
 * "with noteType, content, creatorRid"). creatorRid, when sent, must be the caller. */
export const ZCreateCareEventNoteRequestSchema = z.strictObject({
  noteType: zText({ min: 1, max: 50, trim: true, multiline: false }).optional(),
  content: ZNoteTextSchema,
  creatorRid: ZIdSchema.optional(),
});
export type TCreateCareEventNoteRequest = z.infer<typeof ZCreateCareEventNoteRequestSchema>;

/** GET /careEvents/{id}?facilityId (admin) and ?facilityRid (care service): optional scope checks. */
export const ZCareEventFacilityQuerySchema = z.object({
  facilityId: ZIdSchema.optional(),
  facilityRid: ZIdSchema.optional(),
});

/** GET /care/api/v1/careEvents/latest with residentRids, staffMemberRids. */
export const ZLatestCareEventsQuerySchema = z.object({
  facilityRid: ZIdSchema.optional(),
  residentRids: zQueryArray(ZIdSchema).optional(),
  staffMemberRids: zQueryArray(ZIdSchema).optional(),
});
export const ZLatestCareEventsReplySchema = z.object({
  residents: z.array(z.object({ residentRid: z.string(), careEvent: ZCareEventSchema.nullable() })),
  staffMembers: z.array(z.object({ staffMemberRid: z.string(), careEvent: ZCareEventSchema.nullable() })),
});
export type TLatestCareEventsReply = z.infer<typeof ZLatestCareEventsReplySchema>;

/** POST /care/api/v1/careEvents/migrate: a resolved task becomes a care event (at most once). */
export const ZMigrateTaskRequestSchema = z.strictObject({ taskRid: ZIdSchema });
