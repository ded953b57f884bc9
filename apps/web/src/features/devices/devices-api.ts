import {
  DEVICES_PATHS,
  type TCreatedDeviceAllocationReply,
  type TDeviceAllocationReply,
  type TLatestDeviceActivity,
  type TListDeviceAllocationsQuery,
  type TUpdateDeviceAllocationRequest,
  ZCreatedDeviceAllocationReplySchema,
  ZDeviceAllocationReplySchema,
  ZLatestDeviceActivityReplySchema,
  ZListDeviceAllocationsReplySchema,
} from '@sage/contract';
import { derivePermissions } from '@sage/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { useSession } from '../../shared/session';
import { useProfile } from '../shift/shift-api';

/** Admin API calls of the pendants drawer and the device allocation page (sign-in doc section 7 'Devices'). */
export const devicesApi = {
  list: (query: TListDeviceAllocationsQuery): Promise<TDeviceAllocationReply[]> =>
    api.get('admin', DEVICES_PATHS.allocated, {
      query: query as Record<string, string | boolean | undefined>,
      parse: ZListDeviceAllocationsReplySchema.parse,
    }),
  get: (id: string): Promise<TDeviceAllocationReply> =>
    api.get('admin', DEVICES_PATHS.allocation(id), { parse: ZDeviceAllocationReplySchema.parse }),
  /** The reply names the resident's other pendants (`residentOtherPendantIds`). */
  update: (id: string, body: TUpdateDeviceAllocationRequest): Promise<TCreatedDeviceAllocationReply> =>
    api.put('admin', DEVICES_PATHS.allocation(id), body, {
      parse: ZCreatedDeviceAllocationReplySchema.parse,
    }),
  unallocate: (id: string): Promise<TDeviceAllocationReply> =>
    api.post('admin', DEVICES_PATHS.unallocate(id), undefined, { parse: ZDeviceAllocationReplySchema.parse }),
  latestActivity: (facilityRid: string, deviceRids: string[]): Promise<TLatestDeviceActivity[]> =>
    api.post(
      'admin',
      DEVICES_PATHS.activityLatest,
      { facilityRid, deviceRids },
      { parse: ZLatestDeviceActivityReplySchema.parse },
    ),
};

export const deviceKeys = {
  all: ['devices'] as const,
  byResident: (residentId: string) => ['devices', 'allocated', 'resident', residentId] as const,
  pendants: (facilityId: string) => ['devices', 'allocated', 'pendants', facilityId] as const,
  allocation: (id: string) => ['devices', 'allocation', id] as const,
  activity: (facilityId: string, deviceIds: string[]) =>
    ['devices', 'activity', facilityId, ...deviceIds] as const,
};

export function useResidentPendants(residentId: string) {
  return useQuery({
    queryKey: deviceKeys.byResident(residentId),
    queryFn: () => devicesApi.list({ residentRid: residentId, type: 'SAGE_BUTTON' }),
  });
}

/** Every pendant of the facility: the button counts of the residents-with-buttons picker. */
export function useFacilityPendants(facilityId: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.pendants(facilityId ?? ''),
    queryFn: () => devicesApi.list({ facilityRid: facilityId, type: 'SAGE_BUTTON' }),
    enabled: Boolean(facilityId),
  });
}

export function useAllocation(id: string | null | undefined) {
  return useQuery({
    queryKey: deviceKeys.allocation(id ?? ''),
    queryFn: () => devicesApi.get(id ?? ''),
    retry: false,
    enabled: Boolean(id),
  });
}

/** Latest battery level and press of the devices, keyed by device id. */
export function useLatestDeviceActivity(facilityId: string | undefined, deviceIds: string[]) {
  return useQuery({
    queryKey: deviceKeys.activity(facilityId ?? '', deviceIds),
    queryFn: () => devicesApi.latestActivity(facilityId ?? '', deviceIds),
    enabled: Boolean(facilityId) && deviceIds.length > 0,
    select: (rows) => new Map(rows.map((row) => [row.deviceRid, row])),
  });
}

/**
 * "Only management can open a pendant's allocation page": whether the signed-in staff member is in the
 * Management group of the facility. Null while the profile loads.
 */
export function useCanOpenDeviceAllocation(facilityId: string | undefined): boolean | null {
  const session = useSession();
  const profile = useProfile(session?.staffMemberId ?? '');
  if (!profile.data || !facilityId) return null;
  return derivePermissions({
    memberships: profile.data.groupMemberships
      .filter((m) => m.facilityId === facilityId)
      .map((m) => ({ group: m.groupType as never, isAdmin: m.isAdmin })),
  }).canOpenDeviceAllocation;
}
