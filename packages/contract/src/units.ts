import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { PAGE_NUMBER_MAX, ZIdSchema, ZQueryBooleanSchema } from './common';
import { UNIT_SEARCH_PAGE_SIZE } from './constants';

/** GET /admin/api/v1/units */
export const LIST_UNITS_PATH = '/admin/api/v1/units';

export const ZListUnitsQuerySchema = z.object({
  facilityId: ZIdSchema.optional(),
  enterpriseId: ZIdSchema.optional(),
  residentId: ZIdSchema.optional(),
  careType: ZCareTypeSchema.optional(),
  /** true: the archived units only; false or absent: the units in use (decision 0612). */
  isArchived: ZQueryBooleanSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(UNIT_SEARCH_PAGE_SIZE).default(UNIT_SEARCH_PAGE_SIZE),
  pageNumber: z.coerce.number().int().min(0).max(PAGE_NUMBER_MAX).default(0),
});
export type TListUnitsQuery = z.infer<typeof ZListUnitsQuerySchema>;
export type TListUnitsQueryInput = z.input<typeof ZListUnitsQuerySchema>;

export const ZUnitSchema = z.object({
  id: z.string().min(1),
  displayName: z.string(),
  careType: ZCareTypeSchema,
  ward: z.string().nullable(),
  building: z.string().nullable(),
  wing: z.string().nullable(),
  floor: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  facilityId: z.string().min(1),
});
export type TUnit = z.infer<typeof ZUnitSchema>;

export const ZListUnitsReplySchema = z.array(ZUnitSchema);
export type TListUnitsReply = z.infer<typeof ZListUnitsReplySchema>;
