import { Button } from '@mantine/core';
import { AdminMessages } from '@sage/contract';
import { Link } from 'react-router';
import { MANAGE_ROUTE } from './admin-shared';
import { useManageLinks } from './manage-access';

/** The way into the managers' area: shown to those who may open one of its sections (management, technicians). */
export function ManageEntry() {
  const links = useManageLinks();
  if (!links?.length) return null;
  return (
    <Button component={Link} to={MANAGE_ROUTE} fullWidth size="lg" variant="light">
      {AdminMessages.manage}
    </Button>
  );
}
