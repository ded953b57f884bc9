import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { ZIdSchema, zEpochMs, zQueryArray, zText } from './common';
import { BULK_CREATE_MAX } from './residents-admin';
import { ZE164PhoneNumberSchema } from './signin';
import { ZUnitSchema } from './units';

/**
 * Writing units (alerts doc section 7 'Units', sign-in doc section 7 'Units'): POST /units, POST /units/bulk,
 * PUT and DELETE /units/{unitId}, DELETE /units ?unitRid. docs/decisions/0153.
 */
export const UNIT_TEXT_MAX = 100;

const ZUnitTextSchema = zText({ min: 1, max: UNIT_TEXT_MAX, trim: true, multiline: false });
const tag = ZUnitTextSchema.nullable().optional();

const unitFields = {
  displayName: ZUnitTextSchema,
  value: tag,
  careType: ZCareTypeSchema.optional(),
  ward: tag,
  building: tag,
  wing: tag,
  floor: tag,
  phoneNumber: ZE164PhoneNumberSchema.nullable().optional(),
};

export const ZCreateUnitRequestSchema = z.object({ facilityId: ZIdSchema, ...unitFields });
export type TCreateUnitRequest = z.infer<typeof ZCreateUnitRequestSchema>;
export type TCreateUnitRequestInput = z.input<typeof ZCreateUnitRequestSchema>;

/** POST /units/bulk: all or nothing; a bad row is named by its index (body.units.2.displayName). */
export const ZBulkCreateUnitsRequestSchema = z.object({
  units: z.array(ZCreateUnitRequestSchema).min(1).max(BULK_CREATE_MAX),
});
export type TBulkCreateUnitsRequest = z.infer<typeof ZBulkCreateUnitsRequestSchema>;

export const ZUpdateUnitRequestSchema = z
  .object({
    ...unitFields,
    displayName: unitFields.displayName.optional(),
    /** updateTimestampMs of the unit the form was filled from: a stale write is a 409. */
    ifUpdateTimestampMs: zEpochMs().optional(),
  })
  .strict();
export type TUpdateUnitRequest = z.infer<typeof ZUpdateUnitRequestSchema>;
export type TUpdateUnitRequestInput = z.input<typeof ZUpdateUnitRequestSchema>;

/** A unit as the admin routes reply. */
export const ZAdminUnitSchema = ZUnitSchema.extend({
  value: z.string().nullable(),
  /** Residents living there (not archived). */
  occupantCount: z.number().int(),
  updateTimestampMs: z.number().int(),
  /** Archived: out of the unit lists and pickers, its history kept (decision 0612). */
  isArchived: z.boolean(),
});
export type TAdminUnit = z.infer<typeof ZAdminUnitSchema>;
export const ZAdminUnitListSchema = z.array(ZAdminUnitSchema);

/** DELETE /units ?unitRid (repeat the key for several). */
export const ZDeleteUnitsQuerySchema = z.object({
  unitRid: zQueryArray(ZIdSchema, { min: 1 }),
});
export const ZDeleteUnitsReplySchema = z.object({ deleted: z.number().int() });
