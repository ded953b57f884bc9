import {
  DEVICES_PATHS,
  DEVICES_REGISTRY_PATHS,
  DOORS_PATHS,
  type TCreateDeviceAllocationRequest,
  type TCreateDeviceRequest,
  type TCreateDoorRequest,
  type TCreatedDeviceAllocationReply,
  type TDoorAlarmScheduleReply,
  type TDoorReply,
  type TRegisteredDeviceReply,
  type TSaveDoorAlarmScheduleRequest,
  type TUpdateDoorRequest,
  ZCreatedDeviceAllocationReplySchema,
  ZDevicePageReplySchema,
  ZDoorAlarmScheduleReplySchema,
  ZDoorListReplySchema,
  ZDoorReplySchema,
  ZRegisteredDeviceReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { api, isApiError } from '../../shared/api';
import { devicesApi } from './devices-api';

/** A community's devices fit one page (the API's largest); docs/decisions/0250. */
export const REGISTRY_PAGE_SIZE = 500;

/** The managers' device registry and doors (sign-in doc section 7 'Devices' and 'Doors'). */
export const registryApi = {
  devices: (facilityRid: string): Promise<TRegisteredDeviceReply[]> =>
    api
      .get('admin', DEVICES_REGISTRY_PATHS.devices, {
        query: { facilityRid, pageSize: REGISTRY_PAGE_SIZE },
        parse: ZDevicePageReplySchema.parse,
      })
      .then((page) => page.devices),
  device: (id: string): Promise<TRegisteredDeviceReply> =>
    api.get('admin', DEVICES_REGISTRY_PATHS.device(id), { parse: ZRegisteredDeviceReplySchema.parse }),
  register: (body: TCreateDeviceRequest): Promise<TRegisteredDeviceReply> =>
    api.post('admin', DEVICES_REGISTRY_PATHS.devices, body, { parse: ZRegisteredDeviceReplySchema.parse }),
  deleteDevice: (id: string): Promise<unknown> => api.delete('admin', DEVICES_REGISTRY_PATHS.device(id)),
  allocate: (body: TCreateDeviceAllocationRequest): Promise<TCreatedDeviceAllocationReply> =>
    api.post('admin', DEVICES_PATHS.allocated, body, { parse: ZCreatedDeviceAllocationReplySchema.parse }),
  deleteAllocation: (id: string): Promise<unknown> => api.delete('admin', DEVICES_PATHS.allocation(id)),
};

export const doorsApi = {
  search: (facilityRid: string): Promise<TDoorReply[]> =>
    api.post('admin', DOORS_PATHS.search, { facilityRid }, { parse: ZDoorListReplySchema.parse }),
  create: (body: TCreateDoorRequest): Promise<TDoorReply> =>
    api.post('admin', DOORS_PATHS.doors, body, { parse: ZDoorReplySchema.parse }),
  update: (doorRid: string, body: TUpdateDoorRequest): Promise<TDoorReply> =>
    api.post('admin', DOORS_PATHS.door(doorRid), body, { parse: ZDoorReplySchema.parse }),
  remove: (doorRid: string): Promise<unknown> => api.delete('admin', DOORS_PATHS.door(doorRid)),
  saveSchedule: (body: TSaveDoorAlarmScheduleRequest): Promise<TDoorAlarmScheduleReply> =>
    api.post('admin', DOORS_PATHS.schedules, body, { parse: ZDoorAlarmScheduleReplySchema.parse }),
  /** The facility's default schedule; null when it has none (404). */
  facilityDefault: (facilityRid: string): Promise<TDoorAlarmScheduleReply | null> =>
    api
      .get('admin', DOORS_PATHS.defaults, {
        query: { facilityRid },
        parse: ZDoorAlarmScheduleReplySchema.parse,
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }),
};

export const registryKeys = {
  all: ['devices'] as const,
  devices: (facilityId: string) => ['devices', 'registry', facilityId] as const,
  device: (id: string) => ['devices', 'registry', 'device', id] as const,
  allocations: (facilityId: string) => ['devices', 'allocated', 'facility', facilityId] as const,
  doors: (facilityId: string) => ['doors', facilityId] as const,
  doorDefault: (facilityId: string) => ['doors', 'default', facilityId] as const,
};

export function useRegisteredDevices(facilityId: string) {
  return useQuery({
    queryKey: registryKeys.devices(facilityId),
    queryFn: () => registryApi.devices(facilityId),
  });
}

export function useRegisteredDevice(id: string) {
  return useQuery({ queryKey: registryKeys.device(id), queryFn: () => registryApi.device(id), retry: false });
}

/** Every active allocation of the facility, keyed by allocation id (what each registered device is for). */
export function useFacilityAllocations(facilityId: string) {
  return useQuery({
    queryKey: registryKeys.allocations(facilityId),
    queryFn: () => devicesApi.list({ facilityRid: facilityId }),
    select: (rows) => new Map(rows.map((row) => [row.id, row])),
  });
}

export function useDoors(facilityId: string | undefined) {
  return useQuery({
    queryKey: registryKeys.doors(facilityId ?? ''),
    queryFn: () => doorsApi.search(facilityId ?? ''),
    enabled: Boolean(facilityId),
  });
}

export function useDoorDefault(facilityId: string | undefined) {
  return useQuery({
    queryKey: registryKeys.doorDefault(facilityId ?? ''),
    queryFn: () => doorsApi.facilityDefault(facilityId ?? ''),
    enabled: Boolean(facilityId),
  });
}

/**
 * A text field's error in a red that reads on white (4.5:1, WCAG AA): Mantine's error red (#fa5252) is 3.3:1, on
 * the field's text and the message under it (found by the Spanish device screens' axe scan, decision 0790). Here, in a
 * module the registry and doors already share, so it adds no chunk to their routes' preload lists.
 */
export const READABLE_ERROR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
