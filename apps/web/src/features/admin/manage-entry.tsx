import { Button } from '@mantine/core';
import { AdminMessages } from '@sage/contract';
import { Link } from 'react-router';
import { MANAGE_ROUTE, useFacilityPermissions } from './admin-shared';

/** The way into the managers' area: shown to management of the current facility only. */
export function ManageEntry() {
  const { permissions } = useFacilityPermissions();
  if (!permissions?.isManagement) return null;
  return (
    <Button component={Link} to={MANAGE_ROUTE} fullWidth size="lg" variant="light">
      {AdminMessages.manage}
    </Button>
  );
}
