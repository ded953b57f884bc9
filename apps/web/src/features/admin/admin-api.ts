import {
  type TAdminUnit,
  type TCareZoneDetail,
  type TCreateCareZoneRequest,
  type TCreateResidentRequest,
  type TCreateUnitRequest,
  type TResidentContact,
  type TResidentContactRequest,
  type TResidentReply,
  type TUpdateCareZoneRequest,
  type TUpdateResidentRequest,
  type TUpdateUnitRequest,
  ZAdminUnitListSchema,
  ZAdminUnitSchema,
  ZCareZoneDetailSchema,
  ZListResidentsReplySchema,
  ZResidentContactListSchema,
  ZResidentContactSchema,
  ZResidentReplySchema,
} from '@sage/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { residentKeys } from '../residents/residents-api';
import { useCareZones } from '../shift/shift-api';

const enc = encodeURIComponent;
/** Residents per page on the managers' list. */
export const RESIDENTS_PAGE_SIZE = 50;

/** Admin API calls of the managers' screens (residents, units, care zones). */
export const adminApi = {
  residents: (
    facilityId: string,
    search: string,
    isArchived: boolean,
    pageNumber = 0,
  ): Promise<TResidentReply[]> =>
    api.get('admin', '/residents', {
      query: {
        facilityId,
        isArchived,
        pageSize: RESIDENTS_PAGE_SIZE,
        pageNumber,
        ...(search.trim() ? { search: search.trim() } : {}),
      },
      parse: ZListResidentsReplySchema.parse,
    }),
  resident: (id: string): Promise<TResidentReply> =>
    api.get('admin', `/residents/${enc(id)}`, { parse: ZResidentReplySchema.parse }),
  createResident: (body: TCreateResidentRequest): Promise<TResidentReply> =>
    api.post('admin', '/residents', body, { parse: ZResidentReplySchema.parse }),
  updateResident: (id: string, body: TUpdateResidentRequest): Promise<TResidentReply> =>
    api.put('admin', `/residents/${enc(id)}`, body, { parse: ZResidentReplySchema.parse }),
  archiveResident: (id: string, archive: boolean): Promise<TResidentReply> =>
    api.post('admin', `/residents/${enc(id)}/archive`, undefined, {
      query: { archive },
      parse: ZResidentReplySchema.parse,
    }),
  contacts: (id: string, path: 'contacts' | 'specialists'): Promise<TResidentContact[]> =>
    api.get('admin', `/residents/${enc(id)}/${path}`, { parse: ZResidentContactListSchema.parse }),
  singleContact: (id: string, path: 'pcp' | 'hospital'): Promise<TResidentContact | null> =>
    api.get('admin', `/residents/${enc(id)}/${path}`, { parse: ZResidentContactSchema.nullable().parse }),
  addContact: (id: string, path: 'contacts' | 'specialists', body: TResidentContactRequest) =>
    api.post('admin', `/residents/${enc(id)}/${path}`, body, { parse: ZResidentContactSchema.parse }),
  putSingleContact: (id: string, path: 'pcp' | 'hospital', body: TResidentContactRequest) =>
    api.put('admin', `/residents/${enc(id)}/${path}`, body, { parse: ZResidentContactSchema.parse }),
  deleteContact: (id: string, path: 'contacts' | 'specialists', contactId: string) =>
    api.delete('admin', `/residents/${enc(id)}/${path}/${enc(contactId)}`),
  deleteSingleContact: (id: string, path: 'pcp' | 'hospital') =>
    api.delete('admin', `/residents/${enc(id)}/${path}`),

  /** The units in use, or the archived ones (decision 0612). */
  units: (facilityId: string, archived = false): Promise<TAdminUnit[]> =>
    api.get('admin', '/units', {
      query: archived ? { facilityId, isArchived: 'true' } : { facilityId },
      parse: ZAdminUnitListSchema.parse,
    }),
  createUnit: (body: TCreateUnitRequest): Promise<TAdminUnit> =>
    api.post('admin', '/units', body, { parse: ZAdminUnitSchema.parse }),
  updateUnit: (id: string, body: TUpdateUnitRequest): Promise<TAdminUnit> =>
    api.put('admin', `/units/${enc(id)}`, body, { parse: ZAdminUnitSchema.parse }),
  deleteUnit: (id: string) => api.delete('admin', `/units/${enc(id)}`),

  careZone: (id: string): Promise<TCareZoneDetail> =>
    api.get('admin', `/careZones/${enc(id)}`, { parse: ZCareZoneDetailSchema.parse }),
  createCareZone: (body: TCreateCareZoneRequest): Promise<TCareZoneDetail> =>
    api.post('admin', '/careZones', body, { parse: ZCareZoneDetailSchema.parse }),
  updateCareZone: (id: string, body: TUpdateCareZoneRequest): Promise<TCareZoneDetail> =>
    api.post('admin', `/careZones/${enc(id)}`, body, { parse: ZCareZoneDetailSchema.parse }),
  deleteCareZone: (id: string) => api.delete('admin', `/careZones/${enc(id)}`),
};

/** Query keys: under the app's existing roots so a change here refreshes the other screens too. */
export const adminKeys = {
  residents: (facilityId: string, search: string, archived: boolean) =>
    [...residentKeys.all, 'admin', facilityId, search, archived] as const,
  resident: (id: string) => residentKeys.detail(id),
  contacts: (id: string, path: string) => [...residentKeys.all, 'contacts', id, path] as const,
  units: (facilityId: string, archived = false) => ['units', 'admin', facilityId, archived] as const,
  careZone: (id: string) => ['careZones', 'detail', id] as const,
};

/** The residents list of the managers' screen, a page at a time ('Show more'). */
export function useAdminResidents(facilityId: string | undefined, search: string, archived: boolean) {
  return useInfiniteQuery({
    queryKey: adminKeys.residents(facilityId ?? '', search, archived),
    queryFn: ({ pageParam }) => adminApi.residents(facilityId ?? '', search, archived, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === RESIDENTS_PAGE_SIZE ? pages.length : undefined),
    enabled: Boolean(facilityId),
  });
}

export function useAdminResident(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.resident(id ?? ''),
    queryFn: () => adminApi.resident(id ?? ''),
    enabled: Boolean(id),
  });
}

export function useAdminUnits(facilityId: string | undefined, archived = false) {
  return useQuery({
    queryKey: adminKeys.units(facilityId ?? '', archived),
    queryFn: () => adminApi.units(facilityId ?? '', archived),
    enabled: Boolean(facilityId),
  });
}

export function useAdminCareZone(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.careZone(id ?? ''),
    queryFn: () => adminApi.careZone(id ?? ''),
    enabled: Boolean(id),
  });
}

export { useCareZones };
