import {
  GROUP_PATHS,
  STAFF_ADMIN_PATHS,
  STAFF_PROFILE_PATHS,
  type TCreateGroupRequest,
  type TCreateStaffRequest,
  type TGroup,
  type TPutGroupMembershipRequest,
  type TStaffMember,
  type TStaffPermissions,
  type TStaffSearchReply,
  type TStaffSearchRequestInput,
  type TUpdateGroupRequest,
  type TUpdateStaffRequest,
  ZGroupMemberSchema,
  ZGroupSchema,
  ZListGroupsReplySchema,
  ZOnCallStateSchema,
  ZStaffMemberSchema,
  ZStaffPermissionsReplySchema,
  ZStaffSearchReplySchema,
} from '@sage/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** Admin API calls of the team and staff administration screens (docs/decisions/0160, 0161). */
export const teamApi = {
  member: (id: string): Promise<TStaffMember> =>
    api.get('admin', STAFF_PROFILE_PATHS.staffMember(id), { parse: ZStaffMemberSchema.parse }),
  search: (body: TStaffSearchRequestInput): Promise<TStaffSearchReply> =>
    api.post('admin', STAFF_ADMIN_PATHS.search, body, { parse: ZStaffSearchReplySchema.parse }),
  permissions: (facilityId: string, staffMemberId?: string): Promise<TStaffPermissions> =>
    api.post(
      'admin',
      STAFF_ADMIN_PATHS.permissions,
      { facilityId, ...(staffMemberId ? { staffMemberId } : {}) },
      { parse: ZStaffPermissionsReplySchema.parse },
    ),
  groups: (facilityId: string): Promise<TGroup[]> =>
    api.get('admin', GROUP_PATHS.groups, { query: { facilityId }, parse: ZListGroupsReplySchema.parse }),
  createStaff: (body: TCreateStaffRequest): Promise<TStaffMember> =>
    api.post('admin', STAFF_ADMIN_PATHS.staff, body, { parse: ZStaffMemberSchema.parse }),
  updateStaff: (id: string, body: TUpdateStaffRequest): Promise<TStaffMember> =>
    api.put('admin', STAFF_ADMIN_PATHS.staffMember(id), body, { parse: ZStaffMemberSchema.parse }),
  archiveStaff: (id: string, archive: boolean): Promise<TStaffMember> =>
    api.post('admin', STAFF_ADMIN_PATHS.archive(id), undefined, {
      query: { archive },
      parse: ZStaffMemberSchema.parse,
    }),
  putMembership: (groupId: string, body: TPutGroupMembershipRequest) =>
    api.put('admin', GROUP_PATHS.membership(groupId), body, { parse: ZGroupMemberSchema.parse }),
  removeMember: (groupId: string, staffMemberId: string): Promise<void> =>
    api.delete('admin', GROUP_PATHS.membership(groupId), { query: { staffMemberId } }),
  takeOffShift: (staffMemberId: string, facilityId: string) =>
    api.post(
      'admin',
      STAFF_PROFILE_PATHS.onCall(staffMemberId, facilityId),
      { isOnCall: false },
      {
        parse: ZOnCallStateSchema.parse,
      },
    ),
  createGroup: (body: TCreateGroupRequest): Promise<TGroup> =>
    api.post('admin', GROUP_PATHS.groups, body, { parse: ZGroupSchema.parse }),
  renameGroup: (groupId: string, body: TUpdateGroupRequest): Promise<TGroup> =>
    api.put('admin', GROUP_PATHS.group(groupId), body, { parse: ZGroupSchema.parse }),
  deleteGroup: (groupId: string): Promise<void> => api.delete('admin', GROUP_PATHS.group(groupId)),
};

/** Every key starts with 'staff' or 'groups', so one invalidation refreshes the team screens and the shift page. */
export const teamKeys = {
  member: (id: string) => ['staff', id] as const,
  search: (body: TStaffSearchRequestInput) => ['staff', 'search', body] as const,
  permissions: (facilityId: string, staffMemberId = '') =>
    ['staff', 'permissions', facilityId, staffMemberId] as const,
  groups: (facilityId: string) => ['groups', facilityId] as const,
};

export function useTeamMember(id: string) {
  return useQuery({ queryKey: teamKeys.member(id), queryFn: () => teamApi.member(id), enabled: Boolean(id) });
}

export function useMyPermissions(facilityId: string | undefined) {
  return useQuery({
    queryKey: teamKeys.permissions(facilityId ?? ''),
    queryFn: () => teamApi.permissions(facilityId ?? ''),
    enabled: Boolean(facilityId),
  });
}

/** Someone else's permissions at the facility (the staff edit screen). */
export function usePermissionsOf(facilityId: string | undefined, staffMemberId: string) {
  return useQuery({
    queryKey: teamKeys.permissions(facilityId ?? '', staffMemberId),
    queryFn: () => teamApi.permissions(facilityId ?? '', staffMemberId),
    enabled: Boolean(facilityId && staffMemberId),
  });
}

export function useFacilityGroups(facilityId: string | undefined) {
  return useQuery({
    queryKey: teamKeys.groups(facilityId ?? ''),
    queryFn: () => teamApi.groups(facilityId ?? ''),
    enabled: Boolean(facilityId),
  });
}

export function useStaffSearch(body: TStaffSearchRequestInput, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.search(body),
    queryFn: () => teamApi.search(body),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`;
