import {
  type TCheckIn,
  type TCheckInReply,
  type TStaffCheckInReason,
  ZCheckInReplySchema,
  ZListCheckInsReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { shiftApi, shiftKeys } from '../shift/shift-api';

export const checkInsApi = {
  /** The facility's check-ins of the current check-in day (GET /checkIns; units without one listed PENDING, id null). */
  listToday: (facilityId: string): Promise<TCheckIn[]> =>
    api.get('admin', '/checkIns', { query: { facilityId }, parse: ZListCheckInsReplySchema.parse }),
  /** Today's check-in of a unit, created as PENDING when missing (POST /checkIns). */
  todayOfUnit: (unitId: string): Promise<TCheckInReply> =>
    api.post('admin', '/checkIns', { unitId }, { parse: ZCheckInReplySchema.parse }),
  update: (
    checkInId: string,
    body: { status: 'COMPLETE' | 'PENDING'; checkInReason?: TStaffCheckInReason },
  ) =>
    api.put('admin', `/checkIns/${encodeURIComponent(checkInId)}`, body, {
      parse: ZCheckInReplySchema.parse,
    }),
};

export const checkInKeys = {
  all: ['checkIns'] as const,
  unit: (unitId: string) => ['checkIns', 'unit', unitId] as const,
  facility: (facilityId: string) => ['checkIns', 'facility', facilityId] as const,
  /** Every facility's list (prefix of `facility`). */
  facilities: ['checkIns', 'facility'] as const,
};

/** The unit's check-in for today; `enabled` is false before 4:00 am facility time ("nothing is fetched"). */
export function useUnitCheckIn(unitId: string, enabled: boolean) {
  return useQuery({
    queryKey: checkInKeys.unit(unitId),
    queryFn: () => checkInsApi.todayOfUnit(unitId),
    enabled,
  });
}

/** A facility's time zone, from the caller's enterprise profiles (shared with the shift feature's query). */
export function useFacilityTimeZone(facilityId: string) {
  return useQuery({
    queryKey: shiftKeys.enterpriseProfiles,
    queryFn: shiftApi.enterpriseProfiles,
    select: (profiles) => {
      const facilities = profiles.flatMap((p) => p.facilities);
      return (facilities.find((f) => f.id === facilityId) ?? facilities[0])?.timezone ?? null;
    },
  });
}
