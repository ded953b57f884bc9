import { Box, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { AdminMessages, CARE_TYPE_LABELS } from '@sage/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, FROM_LIST_STATE, MANAGE_ROUTE } from '../admin-shared';

/** /manage/units: the facility's units with their care type and residents; add one or open one. */
export function UnitsAdminPage() {
  return (
    <>
      <PageHeader title={AdminMessages.units} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <UnitsList facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function UnitsList({ facilityId }: { facilityId: string }) {
  const units = useAdminUnits(facilityId);
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        <Button component={Link} to={ADMIN_ROUTES.newUnit} state={FROM_LIST_STATE} size="lg" fullWidth>
          {AdminMessages.addUnit}
        </Button>
        {units.isPending ? (
          <Loader aria-label="Loading" />
        ) : units.isError ? (
          <Text c="red">{units.error.message}</Text>
        ) : units.data.length === 0 ? (
          <Text c="dimmed">{AdminMessages.noUnits}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Units">
            {units.data.map((u) => (
              <li key={u.id}>
                <Card
                  component={Link}
                  to={ADMIN_ROUTES.unit(u.id)}
                  state={FROM_LIST_STATE}
                  withBorder
                  padding="sm"
                  mih={56}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {u.displayName}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {[CARE_TYPE_LABELS[u.careType], u.building, u.wing, u.floor && `Floor ${u.floor}`]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Stack>
                    <Text size="sm">{AdminMessages.occupants(u.occupantCount)}</Text>
                  </Group>
                </Card>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
