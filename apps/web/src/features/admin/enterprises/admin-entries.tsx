import { Button, Stack, Title } from '@mantine/core';
import { ADMIN_ORG_ROUTES, type TStaffMember } from '@sage/contract';
import { Link } from 'react-router';
import { useMessages } from '../../../shared/i18n';
import { useCurrentFacility } from '../../shift/shift-api';

/**
 * The ways to the organisation's administration (the app has no menu): company phones and features for
 * management of the current community; communities for management-group admins and provider support
 * (decision 0170; the API enforces the same rules).
 */
export function AdminEntries({ profile }: { profile: TStaffMember | undefined }) {
  const facility = useCurrentFacility();
  const m = useMessages('entries');
  const facilityId = facility.data?.id;
  const memberships = profile?.groupMemberships ?? [];
  const isManagementHere = memberships.some(
    (m) => m.facilityId === facilityId && m.groupType === 'Management',
  );
  const isEnterpriseAdmin = memberships.some(
    (m) => (m.groupType === 'Management' && m.isAdmin) || m.groupType === 'SageSupport',
  );
  if (!isManagementHere && !isEnterpriseAdmin) return null;
  return (
    <Stack gap="sm" component="nav" aria-label={m.administration()}>
      <Title order={2} fz="h4">
        {m.administration()}
      </Title>
      {isManagementHere ? (
        <>
          <Button component={Link} to={ADMIN_ORG_ROUTES.companyPhones} fullWidth size="lg" variant="light">
            {m.companyPhones()}
          </Button>
          <Button component={Link} to={ADMIN_ORG_ROUTES.features} fullWidth size="lg" variant="light">
            {m.features()}
          </Button>
        </>
      ) : null}
      {isEnterpriseAdmin ? (
        <Button component={Link} to={ADMIN_ORG_ROUTES.facilities} fullWidth size="lg" variant="light">
          {m.communities()}
        </Button>
      ) : null}
    </Stack>
  );
}
