import { Box, Button, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useCareZones } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, FROM_LIST_STATE, MANAGE_ROUTE } from '../admin-shared';
import { matchesSearch } from '../form-rules';
import './care-zones-messages';

/** /manage/care-zones: the facility's care zones; search them, add one or open one. */
export function CareZonesAdminPage() {
  const t = useMessages('manageCareZones');
  return (
    <>
      <PageHeader title={t.title()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => <ZonesList facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

function ZonesList({ facilityId }: { facilityId: string }) {
  const t = useMessages('manageCareZones');
  const careType = useMessages('careType');
  const zones = useCareZones(facilityId);
  const [search, setSearch] = useState('');
  const shown = (zones.data ?? []).filter((z) =>
    matchesSearch(search, [z.name, ...z.unitTags.careTypes.map((c) => careType[c]())]),
  );
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        <Button component={Link} to={ADMIN_ROUTES.newCareZone} state={FROM_LIST_STATE} size="lg" fullWidth>
          {t.addCareZone()}
        </Button>
        <TextInput
          label={t.search()}
          placeholder={t.searchPlaceholder()}
          size="lg"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {zones.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : zones.isError ? (
          <Text c="red">{zones.error.message}</Text>
        ) : zones.data.length === 0 ? (
          <Text c="dimmed">{t.noCareZones()}</Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{t.noCareZonesFound()}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.listLabel()}>
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
                      ...z.unitTags.careTypes.map((c) => careType[c]()),
                      z.unitTags.unitRids.length ? t.unitCount({ count: z.unitTags.unitRids.length }) : null,
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
