import { z } from 'zod';
import { ZIdSchema } from './common';

/**
 * Staff facility preferences (alerts doc section 7): PUT /staffFacilityPreferences/staff/{staffMemberId}/
 * facility/{facilityId} with pinnedResidentIds (the care assignment); GET of the same path is ours.
 */
export const staffFacilityPreferencePath = (staffMemberId: string, facilityId: string): string =>
  `/staffFacilityPreferences/staff/${encodeURIComponent(staffMemberId)}/facility/${encodeURIComponent(facilityId)}`;

export const ZStaffFacilityPreferenceParamsSchema = z.object({
  staffMemberId: ZIdSchema,
  facilityId: ZIdSchema,
});

export const ZStaffFacilityPreferenceSchema = z.object({
  staffMemberId: z.string(),
  facilityId: z.string(),
  pinnedResidentIds: z.array(z.string()),
});
export type TStaffFacilityPreference = z.infer<typeof ZStaffFacilityPreferenceSchema>;

export const ZPutStaffFacilityPreferenceRequestSchema = z.strictObject({
  pinnedResidentIds: z.array(ZIdSchema).max(1000),
});
export type TPutStaffFacilityPreferenceRequest = z.infer<typeof ZPutStaffFacilityPreferenceRequestSchema>;
