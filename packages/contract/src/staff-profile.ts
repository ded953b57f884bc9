import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { PAGE_NUMBER_MAX, ZIdSchema, ZQueryBooleanSchema, zQueryInt, zText } from './common';
import { OnCallDeviceType, StaffLanguage } from './staff-profile-constants';

/** A staff member's language (docs/decisions/0551). */
export const ZStaffLanguageSchema = z.enum(StaffLanguage);

export * from './staff-profile-constants';
export const ZOnCallDeviceTypeSchema = z.enum(OnCallDeviceType);

export const ZUnitTagsSchema = z.object({
  unitRids: z.array(z.string()),
  wards: z.array(z.string()),
  careTypes: z.array(ZCareTypeSchema),
  buildings: z.array(z.string()),
  wings: z.array(z.string()),
  floors: z.array(z.string()),
});
export type TUnitTags = z.infer<typeof ZUnitTagsSchema>;

export const ZCareZoneSchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  facilityId: ZIdSchema,
  unitTags: ZUnitTagsSchema,
});
export type TCareZone = z.infer<typeof ZCareZoneSchema>;

/** GET /careZones ?enterpriseRid, facilityRid */
export const ZListCareZonesQuerySchema = z.object({
  facilityRid: ZIdSchema.optional(),
  enterpriseRid: ZIdSchema.optional(),
});
export type TListCareZonesQuery = z.infer<typeof ZListCareZonesQuerySchema>;
export const ZListCareZonesReplySchema = z.array(ZCareZoneSchema);

export const ZOnCallStateSchema = z.object({
  facilityId: ZIdSchema,
  staffMemberId: ZIdSchema,
  isOnCall: z.boolean(),
  companyPhoneId: ZIdSchema.nullable(),
  deviceType: ZOnCallDeviceTypeSchema.nullable(),
});
export type TOnCallState = z.infer<typeof ZOnCallStateSchema>;

export const ZStaffMemberFacilityConfigSchema = z.object({
  id: ZIdSchema,
  facilityId: ZIdSchema,
  staffMemberId: ZIdSchema,
  careZones: z.array(ZCareZoneSchema),
  shouldReceiveAllCareAlerts: z.boolean(),
  shouldReceiveAllCareMessages: z.boolean(),
  isCareAdmin: z.boolean(),
});
export type TStaffMemberFacilityConfig = z.infer<typeof ZStaffMemberFacilityConfigSchema>;

export const ZStaffGroupMembershipSchema = z.object({
  groupId: ZIdSchema,
  isAdmin: z.boolean(),
  facilityId: ZIdSchema,
  /** The group's name, e.g. 'Care staff'. */
  groupName: z.string(),
  /** Contract identifier (CareStaff, Management, ...; Activities too). */
  groupType: z.string(),
});
export type TStaffGroupMembership = z.infer<typeof ZStaffGroupMembershipSchema>;

/**
 * A staff member as the admin API shows them. phoneNumber and email (PII) are null unless the caller is the
 * person or a management admin of a facility they share.
 */
export const ZStaffMemberSchema = z.object({
  id: ZIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  jobTitle: z.string().nullable(),
  isAgencyStaff: z.boolean(),
  isCareAdmin: z.boolean(),
  isArchived: z.boolean(),
  /** The language of their app, pushes and texts (decision 0551); managers see and set it. */
  language: ZStaffLanguageSchema,
  /** The last change: PUT /staff/{id} with it is refused (409) when someone changed the person since. */
  updatedAt: z.string().optional(),
  groupMemberships: z.array(ZStaffGroupMembershipSchema),
  onCallStates: z.array(ZOnCallStateSchema),
  staffMemberFacilityConfigs: z.array(ZStaffMemberFacilityConfigSchema),
});
export type TStaffMember = z.infer<typeof ZStaffMemberSchema>;

export const ZStaffMemberParamsSchema = z.object({ staffMemberId: ZIdSchema });

/** GET /staff ?enterpriseId, phoneNumber, facilityId, groupId, isArchived */
export const ZListStaffQuerySchema = z.object({
  enterpriseId: ZIdSchema.optional(),
  facilityId: ZIdSchema.optional(),
  groupId: ZIdSchema.optional(),
  phoneNumber: zText({ max: 50, multiline: false }).optional(),
  isArchived: ZQueryBooleanSchema.optional(),
  /** Pages of up to 1000 (the default), from pageNumber 0; a shorter page is the last (decision 0160). */
  pageSize: zQueryInt().min(1).max(1000).default(1000),
  pageNumber: zQueryInt().min(0).max(PAGE_NUMBER_MAX).default(0),
});
export type TListStaffQuery = z.infer<typeof ZListStaffQuerySchema>;
export const ZListStaffReplySchema = z.array(ZStaffMemberSchema);

/**
 * "The facility carries facilityConfig (isAlertLocationEnabled, isObservationsEnabled, observationsByCareType,
 * ehrIntegrationsConfig, routineCheckIntervalInMin)". observationsByCareType maps a care type to the
 * observation type ids offered for it; null when the facility has none configured (docs/decisions/0058).
 * ehrIntegrationsConfig is not exposed here (no screen of ours reads it).
 */
export const ZFacilityConfigSchema = z.object({
  isAlertLocationEnabled: z.boolean(),
  isObservationsEnabled: z.boolean(),
  observationsByCareType: z.record(z.string(), z.array(z.string())).nullable(),
  routineCheckIntervalInMin: z.number().int().nullable(),
});
export type TFacilityConfig = z.infer<typeof ZFacilityConfigSchema>;

export const ZFacilitySummarySchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  timezone: z.string(),
  status: z.string(),
  emergencyNotificationNumber: z.string().nullable(),
  taskNotificationNumber: z.string().nullable(),
  messageDeliveryMethods: z.array(z.string()),
  facilityConfig: ZFacilityConfigSchema,
});
export type TFacilitySummary = z.infer<typeof ZFacilitySummarySchema>;

/** GET /staff/profiles: the caller's enterprise profiles (enterprise and the facilities they work in). */
export const ZEnterpriseProfileSchema = z.object({
  id: ZIdSchema,
  enterprise: z.object({ id: ZIdSchema, name: z.string() }),
  facilities: z.array(ZFacilitySummarySchema),
});
export type TEnterpriseProfile = z.infer<typeof ZEnterpriseProfileSchema>;
export const ZEnterpriseProfilesReplySchema = z.array(ZEnterpriseProfileSchema);

/** Body of POST /staffMemberFacilityConfig and PUT /staffMemberFacilityConfig/{id}. */
export const ZStaffMemberFacilityConfigRequestSchema = z.object({
  careZoneIds: z.array(ZIdSchema).max(200),
  facilityId: ZIdSchema,
  staffMemberId: ZIdSchema,
  shouldReceiveAllCareAlerts: z.boolean().optional(),
  shouldReceiveAllCareMessages: z.boolean().optional(),
});
export type TStaffMemberFacilityConfigRequest = z.infer<typeof ZStaffMemberFacilityConfigRequestSchema>;
export const ZFacilityConfigParamsSchema = z.object({ id: ZIdSchema });

/** GET/POST /staff/{staffMemberId}/on-call/{facilityId} */
export const ZOnCallParamsSchema = z.object({ staffMemberId: ZIdSchema, facilityId: ZIdSchema });
/**
 * Body of POST /staff/{staffMemberId}/on-call/{facilityId}. On call with a company phone: companyPhoneId
 * (deviceType COMPANY_PHONE implied); with another device: deviceType MANAGER_PHONE or COMPUTER.
 */
export const ZSetOnCallRequestSchema = z.object({
  isOnCall: z.boolean(),
  companyPhoneId: ZIdSchema.nullable().optional(),
  deviceType: ZOnCallDeviceTypeSchema.nullable().optional(),
});
export type TSetOnCallRequest = z.infer<typeof ZSetOnCallRequestSchema>;

export const ZCompanyPhoneSchema = z.object({
  id: ZIdSchema,
  displayName: z.string(),
  phoneNumber: z.string(),
  facilityId: ZIdSchema,
  /** Who is on call with this phone now (null: available). */
  inUseBy: z.object({ staffMemberId: ZIdSchema, firstName: z.string(), lastName: z.string() }).nullable(),
});
export type TCompanyPhone = z.infer<typeof ZCompanyPhoneSchema>;

/** GET /companyPhones ?enterpriseId, facilityId, availablePhonesOnly */
export const ZListCompanyPhonesQuerySchema = z.object({
  enterpriseId: ZIdSchema.optional(),
  facilityId: ZIdSchema.optional(),
  availablePhonesOnly: ZQueryBooleanSchema.optional(),
});
export type TListCompanyPhonesQuery = z.infer<typeof ZListCompanyPhonesQuerySchema>;
export const ZListCompanyPhonesReplySchema = z.array(ZCompanyPhoneSchema);

/** POST /staff/oncall { facilityRid }: who is on call at the facility. */
export const ZOnCallStaffRequestSchema = z.object({ facilityRid: ZIdSchema });
export const ZOnCallStaffMemberSchema = z.object({
  staffMemberId: ZIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  companyPhoneId: ZIdSchema.nullable(),
  deviceType: ZOnCallDeviceTypeSchema.nullable(),
  careZoneIds: z.array(ZIdSchema),
});
export type TOnCallStaffMember = z.infer<typeof ZOnCallStaffMemberSchema>;
export const ZOnCallStaffReplySchema = z.array(ZOnCallStaffMemberSchema);
