import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { ZIdSchema, ZQueryBooleanSchema } from './common';
import { ZHospiceStatusSchema, ZResuscitationStrategySchema } from './residents';

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
});
export type TResidentReply = z.infer<typeof ZResidentReplySchema>;

export const ZListResidentsQuerySchema = z.object({
  facilityId: ZIdSchema.optional(),
  enterpriseId: ZIdSchema.optional(),
  unitId: ZIdSchema.optional(),
  isArchived: ZQueryBooleanSchema.optional(),
});
export type TListResidentsQuery = z.infer<typeof ZListResidentsQuerySchema>;
export const ZListResidentsReplySchema = z.array(ZResidentReplySchema);
