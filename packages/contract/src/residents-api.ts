import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { PAGE_NUMBER_MAX, ZIdSchema, ZQueryBooleanSchema, zText } from './common';
import { ZHospiceStatusSchema, ZResuscitationStrategySchema } from './residents';
import { ZResidentHealthInfoReplySchema } from './residents-admin';

/**
 * Residents of the admin API (alerts doc section 7 'Residents': GET /residents with unitId, facilityId,
 * enterpriseId, isArchived; GET /residents/{residentId}). The reply is an allow-list; code status and hospice
 * status (PHI) are present only when the caller may see PHI at the resident's facility, else null.
 */
export const RESIDENTS_PATH = '/admin/api/v1/residents';

export const ZResidentReplySchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  salutation: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  /** yyyy-MM-dd */
  dateOfBirth: z.string().nullable(),
  isRoutineCheckEnabled: z.boolean(),
  isOnHold: z.boolean(),
  isArchived: z.boolean(),
  unit: z.object({ id: z.string(), displayName: z.string(), careType: ZCareTypeSchema }).nullable(),
  /** The facility's routine-check threshold in minutes (facility settings), for the routine-check chip. */
  routineCheckIntervalInMin: z.number().int().nullable(),
  /** PHI: null without PHI access. */
  health: z
    .object({ resuscitationStrategy: ZResuscitationStrategySchema, hospiceStatus: ZHospiceStatusSchema })
    .nullable(),
  /** Whole years on the facility's today; null without a date of birth. */
  age: z.number().int().nullable(),
  /** PII: null without PII access (canSeePII). */
  personalPhone: z.string().nullable(),
  /** PII: null without PII access (canSeePII). */
  email: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  /** An active pendant allocation. */
  hasPendant: z.boolean(),
  createTimestampMs: z.number().int(),
  /** Send back as ifUpdateTimestampMs to make a stale write a 409 (docs/decisions/0150). */
  updateTimestampMs: z.number().int(),
  /** PHI: the whole health info in the spec's shape; null without PHI access. */
  healthInfo: ZResidentHealthInfoReplySchema.nullable(),
  /** Fields the facility's EHR integration owns ('resident.firstName', ...): read-only here (docs/decisions/0152). */
  lockedFields: z.array(z.string()),
});
export type TResidentReply = z.infer<typeof ZResidentReplySchema>;

export const ZListResidentsQuerySchema = z.object({
  facilityId: ZIdSchema.optional(),
  enterpriseId: ZIdSchema.optional(),
  unitId: ZIdSchema.optional(),
  isArchived: ZQueryBooleanSchema.optional(),
  /** Case-insensitive substring of the full name (alerts doc section 5 'Resident search'). */
  search: zText({ max: 100, trim: true, multiline: false }).optional(),
  /** Pages (docs/decisions/0150): 1000 by default, the unit search page size. */
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
  pageNumber: z.coerce.number().int().min(0).max(PAGE_NUMBER_MAX).default(0),
});
export type TListResidentsQuery = z.infer<typeof ZListResidentsQuerySchema>;
export const ZListResidentsReplySchema = z.array(ZResidentReplySchema);
