import { z } from 'zod';
import { PAGE_NUMBER_MAX, ZIdSchema, zDateTime, zQueryInt, zText } from './common';
import { ZMessageDeliveryMethodSchema } from './notifications';
import { ZE164PhoneNumberSchema } from './signin';
import { ZFacilityConfigSchema } from './staff-profile';

/**
 * Enterprises (companies) and facilities (communities) of the admin API (sign-in doc section 7 'Enterprises
 * and facilities'). Who may do what: docs/decisions/0170.
 */
export const ENTERPRISES_PATH = '/enterprises';
export const FACILITIES_PATH = '/facilities';

/** Page size of the admin lists (enterprises, facilities, company phones, features). */
export const ADMIN_LIST_PAGE_SIZE = 100;
export const ADMIN_LIST_MAX_PAGE_SIZE = 1000;
export const ENTERPRISE_NAME_MAX_LENGTH = 120;
export const FACILITY_NAME_MAX_LENGTH = 120;
/** Routine-check interval bounds: a minute to a day. */
export const ROUTINE_CHECK_INTERVAL_MIN = 1;
export const ROUTINE_CHECK_INTERVAL_MAX = 1440;

/** Lists are paged: pageSize (1..1000, default 100) and pageNumber (from 0). */
export const ZPageQuerySchema = z.object({
  pageSize: zQueryInt().min(1).max(ADMIN_LIST_MAX_PAGE_SIZE).default(ADMIN_LIST_PAGE_SIZE),
  pageNumber: zQueryInt().min(0).max(PAGE_NUMBER_MAX).default(0),
});
export type TPageQuery = z.infer<typeof ZPageQuerySchema>;

/** True for a time zone of the IANA database that this runtime knows ('America/Chicago'). */
export const isIanaTimeZone = (value: string): boolean => {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
export const ZIanaTimeZoneSchema = z
  .string()
  .max(64)
  .refine(isIanaTimeZone, { message: 'Expected an IANA time zone such as America/Chicago' });

/** "Facility status: changed by a dedicated call; the set of values is not shown" (decision 0171). */
export const FacilityStatus = { ONBOARDING: 'ONBOARDING', ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;
export const ZFacilityStatusSchema = z.enum(FacilityStatus);
export type FacilityStatus = z.infer<typeof ZFacilityStatusSchema>;

// ---------------------------------------------------------------------------------------------------------
// Enterprises

export const ZEnterpriseSchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  /** How many communities (facilities) it has: 'community/communities' in the Select a company drawer. */
  facilityCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type TEnterprise = z.infer<typeof ZEnterpriseSchema>;
export const ZListEnterprisesReplySchema = z.array(ZEnterpriseSchema);

export const ZEnterpriseParamsSchema = z.object({ enterpriseId: ZIdSchema });
export const ZListEnterprisesQuerySchema = ZPageQuerySchema.extend({
  /** Case-insensitive part of the name ('Search for companies'). */
  search: zText({ max: ENTERPRISE_NAME_MAX_LENGTH, trim: true, multiline: false }).optional(),
});
export type TListEnterprisesQuery = z.infer<typeof ZListEnterprisesQuerySchema>;

export const ZCreateEnterpriseRequestSchema = z.object({
  name: zText({ min: 1, max: ENTERPRISE_NAME_MAX_LENGTH, trim: true, multiline: false }),
});
export type TCreateEnterpriseRequest = z.infer<typeof ZCreateEnterpriseRequestSchema>;
/** PUT: the name; `updatedAt` as last read makes a stale write a 409 (decision 0174). */
export const ZUpdateEnterpriseRequestSchema = ZCreateEnterpriseRequestSchema.extend({
  updatedAt: zDateTime().optional(),
});
export type TUpdateEnterpriseRequest = z.infer<typeof ZUpdateEnterpriseRequestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Facilities

export const ZFacilitySchema = z.object({
  id: ZIdSchema,
  enterpriseId: ZIdSchema,
  name: z.string(),
  timezone: z.string(),
  status: z.string(),
  emergencyNotificationNumber: z.string().nullable(),
  taskNotificationNumber: z.string().nullable(),
  messageDeliveryMethods: z.array(z.string()),
  facilityConfig: ZFacilityConfigSchema,
  updatedAt: z.iso.datetime(),
});
export type TFacility = z.infer<typeof ZFacilitySchema>;
export const ZListFacilitiesReplySchema = z.array(ZFacilitySchema);

export const ZFacilityParamsSchema = z.object({ facilityId: ZIdSchema });
export const ZFacilityStatusParamsSchema = z.object({ facilityRid: ZIdSchema });

/** GET /facilities ?enterpriseId, emergencyNotificationNumber (and paging, search by name). */
export const ZListFacilitiesQuerySchema = ZPageQuerySchema.extend({
  enterpriseId: ZIdSchema.optional(),
  emergencyNotificationNumber: ZE164PhoneNumberSchema.optional(),
  search: zText({ max: FACILITY_NAME_MAX_LENGTH, trim: true, multiline: false }).optional(),
});
export type TListFacilitiesQuery = z.infer<typeof ZListFacilitiesQuerySchema>;

/** The facilityConfig a manager may set (observationsByCareType stays with decision 0058's defaults). */
export const ZFacilityConfigInputSchema = z.object({
  isAlertLocationEnabled: z.boolean().optional(),
  isObservationsEnabled: z.boolean().optional(),
  routineCheckIntervalInMin: z
    .number()
    .int()
    .min(ROUTINE_CHECK_INTERVAL_MIN)
    .max(ROUTINE_CHECK_INTERVAL_MAX)
    .nullable()
    .optional(),
});
export type TFacilityConfigInput = z.infer<typeof ZFacilityConfigInputSchema>;

const facilityFields = {
  name: zText({ min: 1, max: FACILITY_NAME_MAX_LENGTH, trim: true, multiline: false }),
  timezone: ZIanaTimeZoneSchema,
  emergencyNotificationNumber: ZE164PhoneNumberSchema.nullable().optional(),
  taskNotificationNumber: ZE164PhoneNumberSchema.nullable().optional(),
  messageDeliveryMethods: z.array(ZMessageDeliveryMethodSchema).max(5).optional(),
  facilityConfig: ZFacilityConfigInputSchema.optional(),
};

export const ZCreateFacilityRequestSchema = z.object({ enterpriseId: ZIdSchema, ...facilityFields });
export type TCreateFacilityRequest = z.infer<typeof ZCreateFacilityRequestSchema>;
/** PUT: the facility's fields (its company does not change); `updatedAt` as last read (decision 0174). */
export const ZUpdateFacilityRequestSchema = z.object({
  ...facilityFields,
  updatedAt: zDateTime().optional(),
});
export type TUpdateFacilityRequest = z.infer<typeof ZUpdateFacilityRequestSchema>;

export const ZSetFacilityStatusRequestSchema = z.object({ status: ZFacilityStatusSchema });
export type TSetFacilityStatusRequest = z.infer<typeof ZSetFacilityStatusRequestSchema>;

export const ZDeletedReplySchema = z.object({ deleted: z.array(ZIdSchema) });
export type TDeletedReply = z.infer<typeof ZDeletedReplySchema>;
