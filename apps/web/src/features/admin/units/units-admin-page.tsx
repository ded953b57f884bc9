import { Badge, Box, Button, Card, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { TAdminUnit } from '@sage/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Messages, useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useAdminUnits } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, FROM_LIST_STATE, MANAGE_ROUTE } from '../admin-shared';
import { matchesSearch } from '../form-rules';
import './units-messages';

/**
 * /manage/units: the facility's units with their care type and residents; search them, show the archived ones
 * (decision 0612); add one or open one.
 */
export function UnitsAdminPage() {
  const t = useMessages('manageUnits');
  return (
    <>
      <PageHeader title={t.title()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => <UnitsList facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

/** A unit's care type, building, wing and floor, in the reader's language (the names as typed). */
const unitDetails = (u: TAdminUnit, t: Messages<'manageUnits'>, careType: Messages<'careType'>) =>
  [careType[u.careType](), u.building, u.wing, u.floor && t.floorOf({ floor: u.floor })]
    .filter(Boolean)
    .join(' · ');

function UnitsList({ facilityId }: { facilityId: string }) {
  const t = useMessages('manageUnits');
  const careType = useMessages('careType');
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const units = useAdminUnits(facilityId, archived);
  const shown = (units.data ?? []).filter((u) =>
    matchesSearch(search, [u.displayName, u.value, unitDetails(u, t, careType)]),
  );
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        <Button component={Link} to={ADMIN_ROUTES.newUnit} state={FROM_LIST_STATE} size="lg" fullWidth>
          {t.addUnit()}
        </Button>
        <TextInput
          label={t.search()}
          placeholder={t.searchPlaceholder()}
          size="lg"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Switch
          size="md"
          label={t.showArchived()}
          checked={archived}
          onChange={(e) => setArchived(e.currentTarget.checked)}
        />
        {units.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : units.isError ? (
          <Text c="red">{units.error.message}</Text>
        ) : units.data.length === 0 ? (
          <Text c="dimmed">{archived ? t.noArchivedUnits() : t.noUnits()}</Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{t.noUnitsFound()}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.listLabel()}>
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
                        {unitDetails(u, t, careType)}
                      </Text>
                    </Stack>
                    {u.isArchived ? (
                      <Badge color="gray" style={{ flexShrink: 0 }}>
                        {t.archivedBadge()}
                      </Badge>
                    ) : (
                      <Text size="sm" style={{ flexShrink: 0 }}>
                        {t.occupants({ count: u.occupantCount })}
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
