import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { ZIdSchema, zEpochMs, zText } from './common';
import { ZCareZoneSchema } from './staff-profile';

/**
 * Writing care zones (sign-in doc section 7 'Care zones': POST /careZones; GET, POST (update), DELETE
 * /careZones/{careZoneId}). A unit belongs to a zone when any of the zone's unit tags matches it
 * (docs/decisions/0056). docs/decisions/0154.
 */
export const CARE_ZONE_NAME_MAX = 100;
/** Entries of one unit-tag list. */
export const UNIT_TAG_LIST_MAX = 500;

const tagList = z
  .array(zText({ min: 1, max: 100, trim: true, multiline: false }))
  .max(UNIT_TAG_LIST_MAX)
  .optional();
const ZCareZoneNameSchema = zText({ min: 1, max: CARE_ZONE_NAME_MAX, trim: true, multiline: false });

export const ZUnitTagsRequestSchema = z.object({
  unitRids: z.array(ZIdSchema).max(UNIT_TAG_LIST_MAX).optional(),
  wards: tagList,
  careTypes: z.array(ZCareTypeSchema).optional(),
  buildings: tagList,
  wings: tagList,
  floors: tagList,
});
export type TUnitTagsRequest = z.infer<typeof ZUnitTagsRequestSchema>;

export const ZCreateCareZoneRequestSchema = z.object({
  facilityId: ZIdSchema,
  name: ZCareZoneNameSchema,
  unitTags: ZUnitTagsRequestSchema.optional(),
});
export type TCreateCareZoneRequest = z.infer<typeof ZCreateCareZoneRequestSchema>;
export type TCreateCareZoneRequestInput = z.input<typeof ZCreateCareZoneRequestSchema>;

/** POST /careZones/{careZoneId}: the fields sent replace the stored ones (each tag list as a whole). */
export const ZUpdateCareZoneRequestSchema = z
  .object({
    name: ZCareZoneNameSchema.optional(),
    unitTags: ZUnitTagsRequestSchema.optional(),
    ifUpdateTimestampMs: zEpochMs().optional(),
  })
  .strict();
export type TUpdateCareZoneRequest = z.infer<typeof ZUpdateCareZoneRequestSchema>;

export const ZCareZoneParamsSchema = z.object({ careZoneId: ZIdSchema });

/** A care zone with the units its tags take in. */
export const ZCareZoneDetailSchema = ZCareZoneSchema.extend({
  units: z.array(z.object({ id: z.string(), displayName: z.string(), careType: ZCareTypeSchema })),
  updateTimestampMs: z.number().int(),
});
export type TCareZoneDetail = z.infer<typeof ZCareZoneDetailSchema>;
