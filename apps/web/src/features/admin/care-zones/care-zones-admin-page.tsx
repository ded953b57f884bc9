import { Box, Button, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import { AdminMessages, CARE_TYPE_LABELS, UnitsAdminMessages } from '@sage/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useCareZones } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, FROM_LIST_STATE, MANAGE_ROUTE } from '../admin-shared';
import { matchesSearch } from '../form-rules';

/** /manage/care-zones: the facility's care zones; search them, add one or open one. */
export function CareZonesAdminPage() {
  return (
    <>
      <PageHeader title={AdminMessages.careZones} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <ZonesList facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function ZonesList({ facilityId }: { facilityId: string }) {
  const zones = useCareZones(facilityId);
  const [search, setSearch] = useState('');
  const shown = (zones.data ?? []).filter((z) =>
    matchesSearch(search, [z.name, ...z.unitTags.careTypes.map((c) => CARE_TYPE_LABELS[c])]),
  );
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        <Button component={Link} to={ADMIN_ROUTES.newCareZone} state={FROM_LIST_STATE} size="lg" fullWidth>
          {AdminMessages.addCareZone}
        </Button>
        <TextInput
          label={UnitsAdminMessages.searchCareZones}
          placeholder="Zone name or care type"
          size="md"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {zones.isPending ? (
          <Loader aria-label="Loading" />
        ) : zones.isError ? (
          <Text c="red">{zones.error.message}</Text>
        ) : zones.data.length === 0 ? (
          <Text c="dimmed">{AdminMessages.noCareZones}</Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{UnitsAdminMessages.noCareZonesFound}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Care zones">
            {shown.map((z) => (
              <li key={z.id}>
                <Card
                  component={Link}
                  to={ADMIN_ROUTES.careZone(z.id)}
                  state={FROM_LIST_STATE}
                  withBorder
                  padding="sm"
                  mih={56}
                >
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {z.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[
                      ...z.unitTags.careTypes.map((c) => CARE_TYPE_LABELS[c]),
                      z.unitTags.unitRids.length ? AdminMessages.unitCount(z.unitTags.unitRids.length) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Card>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
