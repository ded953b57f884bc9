import { z } from 'zod';
import { PAGE_NUMBER_MAX, ZIdSchema, ZQueryBooleanSchema, zDateTime, zText } from './common';
import { STAFF_BULK_MAX, STAFF_EMAIL_MAX, STAFF_NAME_MAX } from './staff-admin-constants';
import { ZStaffFacilityPreferenceSchema } from './staff-preferences';
import { ZStaffLanguageSchema, ZStaffMemberFacilityConfigSchema, ZStaffMemberSchema } from './staff-profile';

export * from './staff-admin-constants';

const ZNameSchema = zText({ min: 1, max: STAFF_NAME_MAX, trim: true, multiline: false });
const ZJobTitleSchema = zText({ max: STAFF_NAME_MAX, trim: true, multiline: false });
/** A phone number as typed; the API parses it (libphonenumber-js, region US) and stores E.164. */
const ZPhoneInputSchema = zText({ min: 1, max: 32, trim: true, multiline: false });
const ZEmailSchema = z.email().max(STAFF_EMAIL_MAX);

/** Body of POST /staff (and each item of POST /staff/bulk): invite by phone number into groups of a facility. */
export const ZCreateStaffRequestSchema = z.strictObject({
  facilityId: ZIdSchema,
  firstName: ZNameSchema,
  lastName: ZNameSchema,
  phoneNumber: ZPhoneInputSchema,
  email: ZEmailSchema.nullable().optional(),
  jobTitle: ZJobTitleSchema.nullable().optional(),
  isAgencyStaff: z.boolean().optional(),
  /** Groups of the facility; a person stays in at least one group. */
  groupIds: z.array(ZIdSchema).min(1).max(20),
  /** Of groupIds: those the person is made admin of. */
  adminGroupIds: z.array(ZIdSchema).max(20).optional(),
  /** The person's language (app, pushes and texts, the invite text first: decision 0603); English by default. */
  language: ZStaffLanguageSchema.optional(),
});
export type TCreateStaffRequest = z.infer<typeof ZCreateStaffRequestSchema>;

export const ZBulkCreateStaffRequestSchema = z.strictObject({
  staffMembers: z.array(ZCreateStaffRequestSchema).min(1).max(STAFF_BULK_MAX),
});
export type TBulkCreateStaffRequest = z.infer<typeof ZBulkCreateStaffRequestSchema>;
export const ZBulkCreateStaffReplySchema = z.array(ZStaffMemberSchema);

/**
 * Body of PUT /staff/{staffMemberId}. Fields left out stay as they are. phoneNumber and email (PII) need
 * canEditPII. `updatedAt` (from the last read) makes the write conditional: a newer change gets 409.
 */
export const ZUpdateStaffRequestSchema = z.strictObject({
  firstName: ZNameSchema.optional(),
  lastName: ZNameSchema.optional(),
  phoneNumber: ZPhoneInputSchema.optional(),
  email: ZEmailSchema.nullable().optional(),
  jobTitle: ZJobTitleSchema.nullable().optional(),
  isAgencyStaff: z.boolean().optional(),
  isCareAdmin: z.boolean().optional(),
  /** The person's language (decision 0551): the person themselves or a manager of theirs sets it. */
  language: ZStaffLanguageSchema.optional(),
  updatedAt: zDateTime().optional(),
});
export type TUpdateStaffRequest = z.infer<typeof ZUpdateStaffRequestSchema>;

/** POST /staff/{staffMemberId}/archive ?archive (true archives, false restores; default true). */
export const ZArchiveStaffQuerySchema = z.object({ archive: ZQueryBooleanSchema.default(true) });

/** POST /staff/profile/search: staff of the caller's facilities by name, group, archive state; paged. */
export const ZStaffSearchRequestSchema = z.strictObject({
  facilityId: ZIdSchema.optional(),
  enterpriseId: ZIdSchema.optional(),
  /** Case-insensitive substring of the first, last or full name (or the job title). */
  searchText: zText({ max: 100, trim: true, multiline: false }).optional(),
  groupIds: z.array(ZIdSchema).max(50).optional(),
  isArchived: z.boolean().optional(),
  pageNumber: z.number().int().min(0).max(PAGE_NUMBER_MAX).default(0),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export type TStaffSearchRequest = z.infer<typeof ZStaffSearchRequestSchema>;
export type TStaffSearchRequestInput = z.input<typeof ZStaffSearchRequestSchema>;
export const ZStaffSearchReplySchema = z.object({
  staffMembers: z.array(ZStaffMemberSchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type TStaffSearchReply = z.infer<typeof ZStaffSearchReplySchema>;

/** POST /staff/permissions: a staff member's derived permissions at a facility (the caller's by default). */
export const ZStaffPermissionsRequestSchema = z.strictObject({
  facilityId: ZIdSchema,
  staffMemberId: ZIdSchema.optional(),
});
export const ZStaffPermissionsReplySchema = z.object({
  staffMemberId: ZIdSchema,
  facilityId: ZIdSchema,
  canViewAlerts: z.boolean(),
  canSeePHI: z.boolean(),
  canEditPHI: z.boolean(),
  canSeePII: z.boolean(),
  canEditPII: z.boolean(),
  isOperations: z.boolean(),
  isResponder: z.boolean(),
  isResponderSupervisor: z.boolean(),
  isProviderSupport: z.boolean(),
  isManagement: z.boolean(),
  isManagementAdmin: z.boolean(),
  isCareStaffAdmin: z.boolean(),
  canOpenDeviceAllocation: z.boolean(),
  /** Create, edit, archive and remove staff; create, rename and delete groups (decision 0160). */
  canAdministerStaff: z.boolean(),
  /** Taking someone off shift (management-group admin). */
  canTakeOffShift: z.boolean(),
  /** Groups of the facility whose membership this person may edit. */
  editableGroupIds: z.array(ZIdSchema),
});
export type TStaffPermissions = z.infer<typeof ZStaffPermissionsReplySchema>;

/** GET /staff/{staffMemberId}/facilities: the facilities the person works in (those the caller shares). */
export const ZStaffFacilitySchema = z.object({
  facilityId: ZIdSchema,
  facilityName: z.string(),
  enterpriseId: ZIdSchema,
});
export const ZStaffFacilitiesReplySchema = z.array(ZStaffFacilitySchema);
export type TStaffFacility = z.infer<typeof ZStaffFacilitySchema>;
/** DELETE /staff/{staffMemberId}/facilities: "DELETE body is a list of ids" (facility ids). */
export const ZRemoveStaffFacilitiesRequestSchema = z.array(ZIdSchema).min(1).max(100);

/** POST /staffFacilityPreferences: the first preference of a person at a facility (409 when one exists). */
export const ZCreateStaffFacilityPreferenceRequestSchema = z.strictObject({
  staffMemberId: ZIdSchema,
  facilityId: ZIdSchema,
  pinnedResidentIds: z.array(ZIdSchema).max(1000).default([]),
});
export type TCreateStaffFacilityPreferenceRequest = z.infer<
  typeof ZCreateStaffFacilityPreferenceRequestSchema
>;

/** POST /staffFacilityPreferences/search and POST /staffMemberFacilityConfig/search. */
export const ZStaffFacilitySearchRequestSchema = z.strictObject({
  facilityId: ZIdSchema.optional(),
  staffMemberIds: z.array(ZIdSchema).min(1).max(1000).optional(),
});
export type TStaffFacilitySearchRequest = z.infer<typeof ZStaffFacilitySearchRequestSchema>;
export const ZListStaffFacilityConfigsReplySchema = z.array(ZStaffMemberFacilityConfigSchema);
export const ZListStaffFacilityPreferencesReplySchema = z.array(ZStaffFacilityPreferenceSchema);
