import { Badge, Box, Button, Card, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { AdminMessages, CARE_TYPE_LABELS, type TAdminUnit, UnitsAdminMessages } from '@sage/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, FROM_LIST_STATE, MANAGE_ROUTE } from '../admin-shared';
import { matchesSearch } from '../form-rules';

/**
 * /manage/units: the facility's units with their care type and residents; search them, show the archived ones
 * (decision 0612); add one or open one.
 */
export function UnitsAdminPage() {
  return (
    <>
      <PageHeader title={AdminMessages.units} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <UnitsList facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

const unitDetails = (u: TAdminUnit) =>
  [CARE_TYPE_LABELS[u.careType], u.building, u.wing, u.floor && `Floor ${u.floor}`]
    .filter(Boolean)
    .join(' · ');

function UnitsList({ facilityId }: { facilityId: string }) {
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const units = useAdminUnits(facilityId, archived);
  const shown = (units.data ?? []).filter((u) =>
    matchesSearch(search, [u.displayName, u.value, unitDetails(u)]),
  );
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        <Button component={Link} to={ADMIN_ROUTES.newUnit} state={FROM_LIST_STATE} size="lg" fullWidth>
          {AdminMessages.addUnit}
        </Button>
        <TextInput
          label={UnitsAdminMessages.searchUnits}
          placeholder="Unit name, room, wing"
          size="md"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Switch
          size="md"
          label={AdminMessages.showArchived}
          checked={archived}
          onChange={(e) => setArchived(e.currentTarget.checked)}
        />
        {units.isPending ? (
          <Loader aria-label="Loading" />
        ) : units.isError ? (
          <Text c="red">{units.error.message}</Text>
        ) : units.data.length === 0 ? (
          <Text c="dimmed">{archived ? UnitsAdminMessages.noArchivedUnits : AdminMessages.noUnits}</Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{UnitsAdminMessages.noUnitsFound}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Units">
            {shown.map((u) => (
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
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {u.displayName}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {unitDetails(u)}
                      </Text>
                    </Stack>
                    {u.isArchived ? (
                      <Badge color="gray" style={{ flexShrink: 0 }}>
                        {UnitsAdminMessages.archived}
                      </Badge>
                    ) : (
                      <Text size="sm" style={{ flexShrink: 0 }}>
                        {AdminMessages.occupants(u.occupantCount)}
                      </Text>
                    )}
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
