import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useMessages } from '../../shared/i18n';
import { MANAGE_ROUTE } from './admin-shared';
import { useManageAudiences } from './manage-access';

/** The way into the managers' area: shown to those who may open one of its sections (management, technicians). */
export function ManageEntry() {
  // Each audience has sections (manage-links.ts): belonging to one is having a section to open.
  const may = useManageAudiences();
  const m = useMessages('entries');
  if (!may || !(may.management || may.deviceAudit)) return null;
  return (
    <Button component={Link} to={MANAGE_ROUTE} fullWidth size="lg" variant="light">
      {m.manage()}
    </Button>
  );
}
