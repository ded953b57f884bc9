import { z } from 'zod';
import { ZIdSchema, zDate, zEpochMs, zText } from './common';
import { ZHospiceStatusSchema, ZResuscitationStrategySchema } from './residents';
import { ZE164PhoneNumberSchema } from './signin';

/**
 * Writing residents (alerts doc section 7 'Residents': POST /residents, POST /residents/bulk, PUT /residents/bulk/
 * routineChecks, PUT and DELETE /residents/{residentId}, POST /residents/{residentId}/archive, PUT and DELETE
 * /residents/{residentId}/health; contacts, pcp, specialists and hospital under /residents/{residentId}/).
 * Field sets: alerts doc section 3 'Resident' (docs/decisions/0150, 0151).
 */

/** Free-text limits of resident fields (the spec gives none; docs/decisions/0150). */
export const RESIDENT_NAME_MAX = 100;
export const RESIDENT_TEXT_MAX = 255;
export const RESIDENT_LEVEL_MAX = 60;
/** Rows of one POST /residents/bulk or /units/bulk. */
export const BULK_CREATE_MAX = 500;

const name = zText({ min: 1, max: RESIDENT_NAME_MAX, trim: true, multiline: false });
const optionalName = zText({ max: RESIDENT_NAME_MAX, trim: true, multiline: false }).nullable().optional();
const level = zText({ max: RESIDENT_LEVEL_MAX, trim: true, multiline: false }).nullable().optional();
/** An email address as typed (trimmed), bounded. */
const email = zText({ max: RESIDENT_TEXT_MAX, trim: true, multiline: false })
  .pipe(z.email())
  .nullable()
  .optional();

/** yyyy-MM-dd, a real calendar day in the years 1900-2200 (decision 0120). */
export const ZDateOnlySchema = zDate();

/** healthInfo (alerts doc section 3), in the spec's shape. PHI: canSeePHI to read, canEditPHI to write. */
export const ZResidentHealthInfoSchema = z.object({
  memoryHealthInfo: z.object({ memoryLevel: level }).optional(),
  continenceHealthInfo: z
    .object({
      continenceLevel: level,
      productProvider: level,
      wearsPads: z.boolean().nullable().optional(),
      wearsPullups: z.boolean().nullable().optional(),
      wearsBriefs: z.boolean().nullable().optional(),
    })
    .optional(),
  adlHealthInfo: z
    .object({
      safetyLevel: level,
      feedingLevel: level,
      bathingLevel: level,
      toiletingLevel: level,
      transferringLevel: level,
      mobilityLevel: level,
      dressingLevel: level,
      groomingLevel: level,
    })
    .optional(),
  resuscitationStrategy: ZResuscitationStrategySchema.optional(),
  hospiceHealthInfo: z.object({ hospiceStatus: ZHospiceStatusSchema }).optional(),
});
export type TResidentHealthInfo = z.infer<typeof ZResidentHealthInfoSchema>;
export type TResidentHealthInfoInput = z.input<typeof ZResidentHealthInfoSchema>;

/** The ADL level keys of adlHealthInfo, in the spec's order. */
export const ADL_LEVEL_KEYS = [
  'safetyLevel',
  'feedingLevel',
  'bathingLevel',
  'toiletingLevel',
  'transferringLevel',
  'mobilityLevel',
  'dressingLevel',
  'groomingLevel',
] as const;

/** The health info as replied: every field present (null when not set). */
export const ZResidentHealthInfoReplySchema = z.object({
  memoryHealthInfo: z.object({ memoryLevel: z.string().nullable() }),
  continenceHealthInfo: z.object({
    continenceLevel: z.string().nullable(),
    productProvider: z.string().nullable(),
    wearsPads: z.boolean().nullable(),
    wearsPullups: z.boolean().nullable(),
    wearsBriefs: z.boolean().nullable(),
  }),
  adlHealthInfo: z.object(
    Object.fromEntries(ADL_LEVEL_KEYS.map((key) => [key, z.string().nullable()])) as Record<
      (typeof ADL_LEVEL_KEYS)[number],
      z.ZodNullable<z.ZodString>
    >,
  ),
  resuscitationStrategy: ZResuscitationStrategySchema,
  hospiceHealthInfo: z.object({ hospiceStatus: ZHospiceStatusSchema }),
});
export type TResidentHealthInfoReply = z.infer<typeof ZResidentHealthInfoReplySchema>;

/** The resident's own fields a manager writes (PII: personalPhone, email). */
const residentFields = {
  unitId: ZIdSchema.nullable().optional(),
  salutation: zText({ max: 20, trim: true, multiline: false }).nullable().optional(),
  firstName: name,
  middleName: optionalName,
  lastName: name,
  preferredName: optionalName,
  dateOfBirth: ZDateOnlySchema.nullable().optional(),
  personalPhone: ZE164PhoneNumberSchema.nullable().optional(),
  email,
  isRoutineCheckEnabled: z.boolean().optional(),
  isOnHold: z.boolean().optional(),
};

/** POST /residents */
export const ZCreateResidentRequestSchema = z.object({
  facilityId: ZIdSchema,
  ...residentFields,
  healthInfo: ZResidentHealthInfoSchema.optional(),
});
export type TCreateResidentRequest = z.infer<typeof ZCreateResidentRequestSchema>;
export type TCreateResidentRequestInput = z.input<typeof ZCreateResidentRequestSchema>;

/** POST /residents/bulk: all or nothing; a bad row is named by its index (body.residents.3.lastName). */
export const ZBulkCreateResidentsRequestSchema = z.object({
  residents: z.array(ZCreateResidentRequestSchema).min(1).max(BULK_CREATE_MAX),
});
export type TBulkCreateResidentsRequest = z.infer<typeof ZBulkCreateResidentsRequestSchema>;

/**
 * PUT /residents/{residentId}: only the fields sent change. ifUpdateTimestampMs (the updateTimestampMs of the
 * reply the form was filled from) makes a stale write a 409 (docs/decisions/0150).
 */
export const ZUpdateResidentRequestSchema = z
  .object({
    ...residentFields,
    firstName: name.optional(),
    lastName: name.optional(),
    healthInfo: ZResidentHealthInfoSchema.optional(),
    ifUpdateTimestampMs: zEpochMs().optional(),
  })
  .strict();
export type TUpdateResidentRequest = z.infer<typeof ZUpdateResidentRequestSchema>;
export type TUpdateResidentRequestInput = z.input<typeof ZUpdateResidentRequestSchema>;

/** PUT /residents/{residentId}/health */
export const ZPutResidentHealthRequestSchema = ZResidentHealthInfoSchema.extend({
  ifUpdateTimestampMs: zEpochMs().optional(),
});
export type TPutResidentHealthRequest = z.infer<typeof ZPutResidentHealthRequestSchema>;

/** POST /residents/{residentId}/archive ?archive (default true; false brings the resident back). */
export const ZArchiveResidentQuerySchema = z.object({
  archive: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional()
    .default(true),
});

/** PUT /residents/bulk/routineChecks */
export const ZBulkRoutineChecksRequestSchema = z.object({
  residentIds: z.array(ZIdSchema).min(1).max(BULK_CREATE_MAX),
  isRoutineCheckEnabled: z.boolean(),
});
export type TBulkRoutineChecksRequest = z.infer<typeof ZBulkRoutineChecksRequestSchema>;
export const ZBulkRoutineChecksReplySchema = z.object({ updated: z.number().int() });

/** Contacts and professional contacts (alerts doc section 7; docs/decisions/0151). */
export const ResidentContactKind = {
  contacts: 'CONTACT',
  pcp: 'PRIMARY_CARE_PROVIDER',
  specialists: 'SPECIALIST',
  hospital: 'HOSPITAL',
} as const;
export type ResidentContactPath = keyof typeof ResidentContactKind;

/** The check's text of a contact with no name of any kind (decision 0780: a form names it in the reader's language). */
export const CONTACT_NEEDS_NAME_MESSAGE = 'A contact needs a first name, a last name or a name';

const contactText = zText({ max: RESIDENT_NAME_MAX, trim: true, multiline: false }).nullable().optional();
export const ZResidentContactRequestSchema = z
  .object({
    firstName: contactText,
    lastName: contactText,
    /** Organisation or practice (hospital, specialist practice). */
    name: contactText,
    relationship: contactText,
    specialty: contactText,
    phoneNumber: ZE164PhoneNumberSchema.nullable().optional(),
    email,
    /** May run over several lines. */
    address: zText({ max: RESIDENT_TEXT_MAX, trim: true }).nullable().optional(),
    isEmergencyContact: z.boolean().optional(),
    notes: zText({ max: RESIDENT_TEXT_MAX, trim: true }).nullable().optional(),
  })
  .refine((c) => Boolean(c.firstName || c.lastName || c.name), {
    message: CONTACT_NEEDS_NAME_MESSAGE,
    path: ['name'],
  });
export type TResidentContactRequest = z.infer<typeof ZResidentContactRequestSchema>;
export type TResidentContactRequestInput = z.input<typeof ZResidentContactRequestSchema>;

export const ZResidentContactSchema = z.object({
  id: z.string(),
  residentId: z.string(),
  type: z.enum(['CONTACT', 'PRIMARY_CARE_PROVIDER', 'SPECIALIST', 'HOSPITAL']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string().nullable(),
  relationship: z.string().nullable(),
  specialty: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  isEmergencyContact: z.boolean(),
  notes: z.string().nullable(),
});
export type TResidentContact = z.infer<typeof ZResidentContactSchema>;
export const ZResidentContactListSchema = z.array(ZResidentContactSchema);

export const ZResidentContactParamsSchema = z.object({ residentId: ZIdSchema, contactId: ZIdSchema });
