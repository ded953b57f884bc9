import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useMessages } from '../../shared/i18n';
import { useFacilityPermissions } from '../admin/admin-shared';
import { DAILY_CHECK_INS_ROUTE } from './daily-check-ins-route';

/**
 * The way into the daily check-in list, on the dashboard: for those who check units in (care staff, nurses,
 * management: the server's rule for changing check-ins).
 */
export function DailyCheckInEntry() {
  const { permissions } = useFacilityPermissions();
  const m = useMessages('entries');
  if (!permissions || !(permissions.canViewAlerts || permissions.alertsPolled)) return null;
  return (
    <Button component={Link} to={DAILY_CHECK_INS_ROUTE} variant="light" size="lg">
      {m.dailyCheckIn()}
    </Button>
  );
}
