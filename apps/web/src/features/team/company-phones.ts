import { useQuery } from '@tanstack/react-query';
import { shiftApi } from '../shift/shift-api';

/** The facility's community phones (for the 'Call' button of someone on call with one). */
export function useCompanyPhones(facilityId: string | undefined) {
  return useQuery({
    queryKey: ['companyPhones', 'team', facilityId ?? ''],
    queryFn: () => shiftApi.companyPhones(facilityId ?? ''),
    enabled: Boolean(facilityId),
  });
}
