import { Badge } from '@mantine/core';
import type { TStaffTour } from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { localeTag } from '../../shared/i18n';
import { tourApi, tourKeys } from './tour-api';

/** Words of the managers' view the spec leaves to us (decision 0360). */
export const TourCompletionTexts = {
  completed: (at: number) =>
    `Tour completed ${new Date(at).toLocaleDateString(localeTag(), { month: 'short', day: 'numeric', year: 'numeric' })}`,
  notCompleted: 'Tour not completed',
} as const;

/** Whether (and when first) a staff member completed the guided tour; nothing while unknown. */
export function TourCompletionBadge({ tour }: { tour: TStaffTour | undefined }) {
  if (!tour) return null;
  return tour.firstCompletedAt !== null ? (
    <Badge color="green" variant="light" size="sm" data-testid="tour-status">
      {TourCompletionTexts.completed(tour.firstCompletedAt)}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="sm" data-testid="tour-status">
      {TourCompletionTexts.notCompleted}
    </Badge>
  );
}

/** A staff member's tour, for their detail screen (managers; anyone else gets a 403 and sees nothing). */
export function StaffTourStatus({ staffMemberId }: { staffMemberId: string }) {
  const tour = useQuery({
    queryKey: tourKeys.mine(staffMemberId),
    queryFn: () => tourApi.get(staffMemberId),
    enabled: Boolean(staffMemberId),
    retry: false,
  });
  return tour.data ? <TourCompletionBadge tour={tour.data} /> : null;
}
