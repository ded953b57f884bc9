import {
  type CareType,
  type TSearchUnitsReply,
  type TUnitDetailReply,
  UNIT_PATHS,
  UNIT_SEARCH_PAGE_SIZE,
  ZSearchUnitsReplySchema,
  ZUnitDetailReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** Units of the admin API (alerts doc section 7 'Units'; docs/decisions/0075). */
export const unitsApi = {
  /** POST /units/search with pageSize 1000: units with their current occupants. */
  search: (body: { facilityIds?: string[]; careTypes?: CareType[] }): Promise<TSearchUnitsReply> =>
    api.post(
      'admin',
      UNIT_PATHS.search,
      { ...body, pageSize: UNIT_SEARCH_PAGE_SIZE },
      { parse: ZSearchUnitsReplySchema.parse },
    ),
  get: (unitId: string): Promise<TUnitDetailReply> =>
    api.get('admin', UNIT_PATHS.unit(unitId), { parse: ZUnitDetailReplySchema.parse }),
};

/** Query keys of units; a unit's occupants change rarely, a refetch on focus keeps them current. */
export const unitKeys = {
  all: ['units'] as const,
  search: (facilityId: string | null, careType: CareType | null) =>
    ['units', 'search', facilityId, careType] as const,
  detail: (unitId: string) => ['units', 'detail', unitId] as const,
};

/**
 * The units of the facility asked for (or of all of mine), optionally of one care type. `waiting`: the
 * facility is still being looked up.
 */
export function useUnitSearch(facilityId: string | null, careType: CareType | null, waiting = false) {
  return useQuery({
    enabled: !waiting,
    queryKey: unitKeys.search(facilityId, careType),
    queryFn: () =>
      unitsApi.search({
        ...(facilityId ? { facilityIds: [facilityId] } : {}),
        ...(careType ? { careTypes: [careType] } : {}),
      }),
    select: (reply) => reply.units,
  });
}

export function useUnit(unitId: string) {
  return useQuery({ queryKey: unitKeys.detail(unitId), queryFn: () => unitsApi.get(unitId) });
}
