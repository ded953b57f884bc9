import {
  CARE_ZONE_STAFF_POLL_MS,
  STAFF_PROFILE_PATHS,
  type StaffLanguage,
  type TCareZone,
  type TCompanyPhone,
  type TEnterpriseProfile,
  type TOnCallStaffMember,
  type TOnCallState,
  type TSetOnCallRequest,
  type TStaffMember,
  type TStaffMemberFacilityConfig,
  type TStaffMemberFacilityConfigRequest,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api, lazyParse } from '../../shared/api';

// The reply checks load with the first call, not with the page (docs/decisions/0446); zod only for a reply they
// refuse (docs/decisions/0471).
const checks = () => import('./shift-checks');

/** Admin API calls of the shift page (docs/decisions/0023). */
export const shiftApi = {
  /** The person's language (decision 0551): PUT /staff/{id} with it alone. */
  setLanguage: (staffMemberId: string, language: StaffLanguage): Promise<TStaffMember> =>
    api.put(
      'admin',
      STAFF_PROFILE_PATHS.staffMember(staffMemberId),
      { language },
      {
        parse: lazyParse(checks, (s) => s.ZStaffMemberSchema),
      },
    ),
  profile: (staffMemberId: string): Promise<TStaffMember> =>
    api.get('admin', STAFF_PROFILE_PATHS.staffMember(staffMemberId), {
      parse: lazyParse(checks, (s) => s.ZStaffMemberSchema),
    }),
  enterpriseProfiles: (): Promise<TEnterpriseProfile[]> =>
    api.get('admin', STAFF_PROFILE_PATHS.profiles, {
      parse: lazyParse(checks, (s) => s.ZEnterpriseProfilesReplySchema),
    }),
  careZones: (facilityRid: string): Promise<TCareZone[]> =>
    api.get('admin', STAFF_PROFILE_PATHS.careZones, {
      query: { facilityRid },
      parse: lazyParse(checks, (s) => s.ZListCareZonesReplySchema),
    }),
  staff: (facilityId: string): Promise<TStaffMember[]> =>
    api.get('admin', STAFF_PROFILE_PATHS.staff, {
      query: { facilityId },
      parse: lazyParse(checks, (s) => s.ZListStaffReplySchema),
    }),
  companyPhones: (facilityId: string): Promise<TCompanyPhone[]> =>
    api.get('admin', STAFF_PROFILE_PATHS.companyPhones, {
      query: { facilityId },
      parse: lazyParse(checks, (s) => s.ZListCompanyPhonesReplySchema),
    }),
  onCallStaff: (facilityRid: string): Promise<TOnCallStaffMember[]> =>
    api.post(
      'admin',
      STAFF_PROFILE_PATHS.onCallStaff,
      { facilityRid },
      { parse: lazyParse(checks, (s) => s.ZOnCallStaffReplySchema) },
    ),
  createFacilityConfig: (body: TStaffMemberFacilityConfigRequest): Promise<TStaffMemberFacilityConfig> =>
    api.post('admin', STAFF_PROFILE_PATHS.facilityConfigs, body, {
      parse: lazyParse(checks, (s) => s.ZStaffMemberFacilityConfigSchema),
    }),
  updateFacilityConfig: (
    id: string,
    body: TStaffMemberFacilityConfigRequest,
  ): Promise<TStaffMemberFacilityConfig> =>
    api.put('admin', STAFF_PROFILE_PATHS.facilityConfig(id), body, {
      parse: lazyParse(checks, (s) => s.ZStaffMemberFacilityConfigSchema),
    }),
  setOnCall: (staffMemberId: string, facilityId: string, body: TSetOnCallRequest): Promise<TOnCallState> =>
    api.post('admin', STAFF_PROFILE_PATHS.onCall(staffMemberId, facilityId), body, {
      parse: lazyParse(checks, (s) => s.ZOnCallStateSchema),
    }),
};

export const shiftKeys = {
  profile: (staffMemberId: string) => ['staff', staffMemberId] as const,
  enterpriseProfiles: ['staff', 'profiles'] as const,
  careZones: (facilityId: string) => ['careZones', facilityId] as const,
  staff: (facilityId: string) => ['staff', 'facility', facilityId] as const,
  devices: (facilityId: string) => ['companyPhones', 'onCall', facilityId] as const,
};

export function useProfile(staffMemberId: string) {
  return useQuery({
    queryKey: shiftKeys.profile(staffMemberId),
    queryFn: () => shiftApi.profile(staffMemberId),
  });
}

/** The facility the staff member works in now: the first of their enterprise profiles. */
export function useCurrentFacility() {
  return useQuery({
    queryKey: shiftKeys.enterpriseProfiles,
    queryFn: shiftApi.enterpriseProfiles,
    select: (profiles) => profiles[0]?.facilities[0] ?? null,
  });
}

export function useCareZones(facilityId: string | undefined) {
  return useQuery({
    queryKey: shiftKeys.careZones(facilityId ?? ''),
    queryFn: () => shiftApi.careZones(facilityId ?? ''),
    enabled: Boolean(facilityId),
  });
}

/** "Staff list for the facility is refreshed every 5 seconds." */
export function useFacilityStaff(facilityId: string | undefined) {
  return useQuery({
    queryKey: shiftKeys.staff(facilityId ?? ''),
    queryFn: () => shiftApi.staff(facilityId ?? ''),
    enabled: Boolean(facilityId),
    refetchInterval: CARE_ZONE_STAFF_POLL_MS,
  });
}
