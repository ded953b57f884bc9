import { z } from 'zod';
import { ZIdSchema, zText } from './common';

/**
 * EHR locked fields (sign-in doc section 7 'Configuration': POST /ehrLockedFields; DELETE /ehrLockedFields/{id};
 * entity: ehrProvider, resourceField). A field the facility's EHR integration owns is read-only in the product:
 * shown in the resident reply's lockedFields and refused on write with a 409 naming it (docs/decisions/0152).
 */
export const EHR_LOCKABLE_RESIDENT_FIELDS = [
  'resident.salutation',
  'resident.firstName',
  'resident.middleName',
  'resident.lastName',
  'resident.preferredName',
  'resident.dateOfBirth',
  'resident.personalPhone',
  'resident.email',
  'resident.unitId',
  'resident.healthInfo',
] as const;
export const ZEhrResourceFieldSchema = z.enum(EHR_LOCKABLE_RESIDENT_FIELDS);
export type EhrResourceField = z.infer<typeof ZEhrResourceFieldSchema>;

export const ZCreateEhrLockedFieldRequestSchema = z.object({
  facilityId: ZIdSchema,
  ehrProvider: zText({ min: 1, max: 60, trim: true, multiline: false }),
  resourceField: ZEhrResourceFieldSchema,
});
export type TCreateEhrLockedFieldRequest = z.infer<typeof ZCreateEhrLockedFieldRequestSchema>;

export const ZEhrLockedFieldSchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  ehrProvider: z.string(),
  resourceField: z.string(),
});
export type TEhrLockedField = z.infer<typeof ZEhrLockedFieldSchema>;
export const ZEhrLockedFieldListSchema = z.array(ZEhrLockedFieldSchema);
export const ZEhrLockedFieldParamsSchema = z.object({ id: ZIdSchema });
export const ZListEhrLockedFieldsQuerySchema = z.object({ facilityId: ZIdSchema.optional() });

/** The error code of a write refused because it changes a locked field. */
export const EHR_LOCKED_FIELD_CODE = 'EHR_LOCKED_FIELD';

/** How the managers' screens name the lockable fields. */
export const EHR_FIELD_LABELS = {
  'resident.salutation': 'Salutation',
  'resident.firstName': 'First name',
  'resident.middleName': 'Middle name',
  'resident.lastName': 'Last name',
  'resident.preferredName': 'Preferred name',
  'resident.dateOfBirth': 'Date of birth',
  'resident.personalPhone': 'Personal phone',
  'resident.email': 'Email',
  'resident.unitId': 'Unit',
  'resident.healthInfo': 'Health information',
} as const satisfies Record<EhrResourceField, string>;
