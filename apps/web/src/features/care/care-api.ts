import { type TFacilityConfig, type TLogCareRequest, ZResidentActivitySchema } from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { shiftApi, shiftKeys } from '../shift/shift-api';

/** Care service calls (alerts doc section 7 'Care service', 10 s time-out from the client). */
export const careApi = {
  logCare: (body: TLogCareRequest) =>
    api.post('care', '/loggedCare', body, { parse: ZResidentActivitySchema.parse }),
};

export const careKeys = {
  all: ['care'] as const,
};

/**
 * The facility's facilityConfig (observations, routine check), from the caller's enterprise profiles (the
 * shift feature's query, so usually cached). Without a facility id: the first facility, as the shift screen.
 */
export function useFacilityConfig(facilityId: string | null | undefined) {
  return useQuery({
    queryKey: shiftKeys.enterpriseProfiles,
    queryFn: shiftApi.enterpriseProfiles,
    select: (profiles): TFacilityConfig | null => {
      const facilities = profiles.flatMap((p) => p.facilities);
      return (facilities.find((f) => f.id === facilityId) ?? facilities[0])?.facilityConfig ?? null;
    },
  });
}
