import { Badge, Box, Button, Card, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CARE_TYPE_ABBREVIATIONS } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useAdminResidents } from '../admin-api';
import { AdminGuard } from '../admin-guard';
import { ADMIN_ROUTES, FROM_LIST_STATE, MANAGE_ROUTE } from '../admin-shared';
import './residents-admin-messages';

/** /manage/residents: search the facility's residents (or the archived ones) and open one; admit a new one. */
export function ResidentsAdminPage() {
  const t = useMessages('residentsAdmin');
  return (
    <>
      <PageHeader title={t.title()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => <ResidentsList facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

function ResidentsList({ facilityId }: { facilityId: string }) {
  const t = useMessages('residentsAdmin');
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [debounced] = useDebouncedValue(search, 250);
  const residents = useAdminResidents(facilityId, debounced, archived);
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        <Button component={Link} to={ADMIN_ROUTES.newResident} size="lg" fullWidth>
          {t.admitResident()}
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
        {residents.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : residents.isError ? (
          <Text c="red">{residents.error.message}</Text>
        ) : residents.data.pages[0]?.length === 0 ? (
          <Text c="dimmed">{t.noResidentsFound()}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.listLabel()}>
            {residents.data.pages.flat().map((r) => (
              <li key={r.id}>
                <Card
                  component={Link}
                  to={ADMIN_ROUTES.resident(r.id)}
                  state={FROM_LIST_STATE}
                  withBorder
                  padding="sm"
                  mih={56}
                >
                  {/* The name wraps and the chips go under it: at 360 px nothing is cut ('PENDA…'). */}
                  <Stack gap={4}>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {residentFullName(r)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {r.unit
                          ? `${r.unit.displayName}${CARE_TYPE_ABBREVIATIONS[r.unit.careType] ? ` · ${CARE_TYPE_ABBREVIATIONS[r.unit.careType]}` : ''}`
                          : t.noUnit()}
                      </Text>
                    </Stack>
                    {r.isArchived || r.isOnHold || r.hasPendant ? (
                      <Group gap={4}>
                        {r.isArchived ? <Badge color="gray">{t.archivedBadge()}</Badge> : null}
                        {r.isOnHold ? <Badge color="orange">{t.onHoldBadge()}</Badge> : null}
                        {r.hasPendant ? <Badge variant="light">{t.pendantBadge()}</Badge> : null}
                      </Group>
                    ) : null}
                  </Stack>
                </Card>
              </li>
            ))}
          </Stack>
        )}
        {residents.hasNextPage ? (
          <Button
            variant="subtle"
            size="lg"
            loading={residents.isFetchingNextPage}
            onClick={() => void residents.fetchNextPage()}
          >
            {t.showMore()}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
