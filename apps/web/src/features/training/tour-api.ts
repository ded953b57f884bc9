import {
  TOUR_PATHS,
  type TRecordTourRequest,
  type TStaffTour,
  type TStaffTourSearchReply,
  ZStaffTourSchema,
  ZStaffTourSearchReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** The guided tour's record on the server (docs/decisions/0360). */
export const tourApi = {
  get: (staffMemberId: string): Promise<TStaffTour> =>
    api.get('admin', TOUR_PATHS.staffTour(staffMemberId), { parse: ZStaffTourSchema.parse }),
  record: (staffMemberId: string, body: TRecordTourRequest): Promise<TStaffTour> =>
    api.put('admin', TOUR_PATHS.staffTour(staffMemberId), body, { parse: ZStaffTourSchema.parse }),
  search: (facilityId: string): Promise<TStaffTourSearchReply> =>
    api.post('admin', TOUR_PATHS.search, { facilityId }, { parse: ZStaffTourSearchReplySchema.parse }),
};

export const tourKeys = {
  all: ['staff-tour'] as const,
  mine: (staffMemberId: string) => ['staff-tour', 'one', staffMemberId] as const,
  facility: (facilityId: string) => ['staff-tour', 'facility', facilityId] as const,
};

/** Who at the facility has completed the tour (managers; others get a 403 and see nothing). */
export function useFacilityTours(facilityId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: tourKeys.facility(facilityId ?? ''),
    queryFn: () => tourApi.search(facilityId ?? ''),
    enabled: enabled && Boolean(facilityId),
    select: (reply) => new Map(reply.staffTours.map((tour) => [tour.staffMemberId, tour])),
    retry: false,
  });
}
