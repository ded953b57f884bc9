import { Button } from '@mantine/core';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { useFacilityPermissions } from '../admin/admin-shared';
import { useProfile } from '../shift/shift-api';

/**
 * 'Take the Tour' on the dashboard: the tour again, any time, for staff who see alerts. The training alert's
 * code is fetched on the tap (decision 0384), not with the dashboard.
 */
export function TakeTheTourEntry() {
  const session = useSession();
  const m = useMessages('dashboard');
  const profile = useProfile(session?.staffMemberId ?? '');
  // Permissions derived from the profile the dashboard already holds (as its other entries do), not asked of the
  // server: an answer arriving after the page showed would slide 'Take the Tour' in and push Team down (#19).
  const { facilityId, permissions } = useFacilityPermissions();
  if (!profile.data || !facilityId || !permissions?.canViewAlerts) return null;
  const trainee = { id: profile.data.id, firstName: profile.data.firstName, lastName: profile.data.lastName };
  const start = () => {
    import('./start-training')
      .then(({ startTraining }) => startTraining({ facilityId, trainee }))
      .catch((error: unknown) => reportError(error, { action: 'start-training' }));
  };
  return (
    <Button variant="light" size="lg" onClick={start}>
      {m.takeTheTour()}
    </Button>
  );
}
