import { lazy, Suspense } from 'react';
import { useTourState } from './tour-store';

/** The tour card's code (with the training alert's simulation), fetched when a tour starts (decision 0384). */
const GuidedTour = lazy(() => import('./tour').then((m) => ({ default: m.GuidedTour })));

/**
 * Mounted once in the signed-in app: renders the guided tour only while one runs, so the tour's code is not part
 * of the signed-in app's first load (issue 18). The card is fixed over the page and appears after the step
 * delay anyway, so waiting for its code moves nothing on the page.
 */
export function GuidedTourHost({ staffMemberId }: { staffMemberId: string }) {
  const tour = useTourState();
  if (tour.status === 'ended' || !tour.taskId) return null;
  return (
    <Suspense fallback={null}>
      <GuidedTour staffMemberId={staffMemberId} />
    </Suspense>
  );
}
