import { z } from 'zod';
import { ZIdSchema, zDateTime, zQueryArray, zText } from './common';
import { ZPageQuerySchema } from './enterprises-api';
import { ZE164PhoneNumberSchema } from './signin';
import { ZCompanyPhoneSchema } from './staff-profile';

/** Company (community) phones of the admin API (sign-in doc section 7 'Company phones'). */
export const COMPANY_PHONES_PATH = '/companyPhones';
export const COMPANY_PHONE_NAME_MAX_LENGTH = 80;
/** Most phones in one bulk create or one delete. */
export const COMPANY_PHONES_BULK_MAX = 200;

/** The one company phone reply: the list's shape plus updatedAt, for stale-write checks (decision 0174). */
export const ZCompanyPhoneDetailSchema = ZCompanyPhoneSchema.extend({
  enterpriseId: ZIdSchema,
  updatedAt: z.iso.datetime(),
});
export type TCompanyPhoneDetail = z.infer<typeof ZCompanyPhoneDetailSchema>;
export const ZCompanyPhoneDetailsReplySchema = z.array(ZCompanyPhoneDetailSchema);

/** GET /companyPhones ?enterpriseId, facilityId, availablePhonesOnly (and paging, search by name or number). */
export const ZListCompanyPhonesPageQuerySchema = ZPageQuerySchema.extend({
  enterpriseId: ZIdSchema.optional(),
  facilityId: ZIdSchema.optional(),
  availablePhonesOnly: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .optional(),
  search: zText({ max: COMPANY_PHONE_NAME_MAX_LENGTH, trim: true, multiline: false }).optional(),
});
export type TListCompanyPhonesPageQuery = z.infer<typeof ZListCompanyPhonesPageQuerySchema>;

export const ZCompanyPhoneParamsSchema = z.object({ id: ZIdSchema });

export const ZCompanyPhoneFieldsSchema = z.object({
  displayName: zText({ min: 1, max: COMPANY_PHONE_NAME_MAX_LENGTH, trim: true, multiline: false }),
  phoneNumber: ZE164PhoneNumberSchema,
});
export const ZCreateCompanyPhoneRequestSchema = ZCompanyPhoneFieldsSchema.extend({ facilityId: ZIdSchema });
export type TCreateCompanyPhoneRequest = z.infer<typeof ZCreateCompanyPhoneRequestSchema>;
export const ZUpdateCompanyPhoneRequestSchema = ZCompanyPhoneFieldsSchema.extend({
  updatedAt: zDateTime().optional(),
});
export type TUpdateCompanyPhoneRequest = z.infer<typeof ZUpdateCompanyPhoneRequestSchema>;

/** POST /companyPhones/bulk: all or none. */
export const ZBulkCreateCompanyPhonesRequestSchema = z.object({
  companyPhones: z.array(ZCreateCompanyPhoneRequestSchema).min(1).max(COMPANY_PHONES_BULK_MAX),
});
export type TBulkCreateCompanyPhonesRequest = z.infer<typeof ZBulkCreateCompanyPhonesRequestSchema>;

/** DELETE /companyPhones ?companyPhoneRids (repeated key): all or none. */
export const ZDeleteCompanyPhonesQuerySchema = z.object({
  companyPhoneRids: zQueryArray(ZIdSchema, { min: 1, max: COMPANY_PHONES_BULK_MAX }),
});
