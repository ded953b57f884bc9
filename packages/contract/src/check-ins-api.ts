import { z } from 'zod';
import { ZCheckInReasonSchema, ZCheckInStatusSchema } from './check-ins';
import { ZIdSchema, ZQueryBooleanSchema, zDate } from './common';
import { ZPageNumberSchema, ZPageSizeSchema } from './tasks-api';

/** Check-ins (alerts doc section 7): GET and POST /checkIns, GET and PUT /checkIns/{checkInId}. */
export const CHECK_INS_PATH = '/admin/api/v1/checkIns';

/** Reasons staff may choose on the unit check-in card (BUTTON_PRESSED and VERIFIED_BY_INTEGRATION are set by devices). */
export const ZStaffCheckInReasonSchema = z.enum([
  'CALLED_RESIDENT',
  'SEEN_IN_PERSON',
  'TEAM_MEMBER_VERIFIED',
]);
export type TStaffCheckInReason = z.infer<typeof ZStaffCheckInReasonSchema>;

/** GET /checkIns ?date (yyyy-MM-dd; default: today's check-in day in the facility's time zone), unitId, careZoneId, facilityId, enterpriseId, status, isOnHold */
export const ZListCheckInsQuerySchema = z.object({
  date: zDate().optional(),
  unitId: ZIdSchema.optional(),
  careZoneId: ZIdSchema.optional(),
  facilityId: ZIdSchema.optional(),
  enterpriseId: ZIdSchema.optional(),
  status: ZCheckInStatusSchema.optional(),
  isOnHold: ZQueryBooleanSchema.optional(),
});
export type TListCheckInsQuery = z.infer<typeof ZListCheckInsQuerySchema>;

export const ZCheckInParamsSchema = z.object({ checkInId: ZIdSchema });

/**
 * A unit's check-in for a day. `id` is null for a unit whose check-in row does not exist yet (listed as
 * PENDING; POST /checkIns creates it). checkInTimestamp is in milliseconds.
 */
export const ZCheckInSchema = z.object({
  id: ZIdSchema.nullable(),
  status: ZCheckInStatusSchema,
  checkInReason: ZCheckInReasonSchema.nullable(),
  checkInTimestamp: z.number().int().nullable(),
  unit: z.object({ id: ZIdSchema, displayName: z.string() }),
  date: z.iso.date(),
  facilityId: ZIdSchema,
  isOnHold: z.boolean(),
});
export type TCheckIn = z.infer<typeof ZCheckInSchema>;
/** A stored check-in (GET, PUT and POST reply): always has an id. */
export const ZCheckInReplySchema = ZCheckInSchema.extend({ id: ZIdSchema });
export type TCheckInReply = z.infer<typeof ZCheckInReplySchema>;
export const ZListCheckInsReplySchema = z.array(ZCheckInSchema);

/** POST /checkIns: today's check-in of a unit, created as PENDING when missing. */
export const ZCreateCheckInRequestSchema = z.object({ unitId: ZIdSchema });
export type TCreateCheckInRequest = z.infer<typeof ZCreateCheckInRequestSchema>;

/** Error codes of PUT /checkIns/{checkInId} (docs/decisions/0059). */
export const CheckInErrorCode = {
  /** "Check-in: blocked during downtime": before 4:00 am facility time (409, 'Daily check-in begins at 4:00 am'). */
  CHECK_IN_DOWNTIME: 'CHECK_IN_DOWNTIME',
  CHECK_IN_ON_HOLD: 'CHECK_IN_ON_HOLD',
  /** The check-in is no longer in the state the change starts from: checked in already, removed already, or its day passed (EXPIRED); docs/decisions/0235. */
  CHECK_IN_CHANGED: 'CHECK_IN_CHANGED',
} as const;
export type CheckInErrorCode = (typeof CheckInErrorCode)[keyof typeof CheckInErrorCode];

/**
 * POST /checkIns/search (alerts doc section 7): stored check-ins of the caller's facilities, filtered by the
 * values of GET /checkIns as lists, over a range of days (inclusive; none: every day), paged; newest day first,
 * then by unit name (docs/decisions/0231).
 */
export const CHECK_INS_SEARCH_MAX_IDS = 500;
export const ZSearchCheckInsRequestSchema = z.strictObject({
  enterpriseId: ZIdSchema.optional(),
  facilityIds: z.array(ZIdSchema).max(CHECK_INS_SEARCH_MAX_IDS).optional(),
  unitIds: z.array(ZIdSchema).max(CHECK_INS_SEARCH_MAX_IDS).optional(),
  careZoneIds: z.array(ZIdSchema).max(CHECK_INS_SEARCH_MAX_IDS).optional(),
  /** First day, yyyy-MM-dd (inclusive). */
  fromDate: zDate().optional(),
  /** Last day, yyyy-MM-dd (inclusive). */
  toDate: zDate().optional(),
  statuses: z.array(ZCheckInStatusSchema).max(10).optional(),
  isOnHold: z.boolean().optional(),
  pageNumber: ZPageNumberSchema,
  pageSize: ZPageSizeSchema,
});
export type TSearchCheckInsRequest = z.infer<typeof ZSearchCheckInsRequestSchema>;

export const ZSearchCheckInsReplySchema = z.object({
  checkIns: z.array(ZCheckInReplySchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type TSearchCheckInsReply = z.infer<typeof ZSearchCheckInsReplySchema>;
