import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { STATION_DISPLAY_WEB_PATH, type TCreatedStationDisplay } from '@sage/contract';
import { useState } from 'react';
import { isApiError } from '../../shared/api';
import { lazyMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { useCareZones } from '../admin/admin-api';
import { AdminGuard } from '../admin/admin-guard';
import { MANAGE_ROUTE } from '../admin/admin-shared';
import { usePairStationDisplay, useStationDisplays, useUnpairStationDisplay } from './station-api';

export const STATION_DISPLAYS_ROUTE = '/manage/station-displays';

/** The screen's texts (decision 0372's, moved to the catalogue: decision 0780), loaded with it. */
lazyMessages('stationsAdmin', {
  en: () => import('virtual:messages/en/stationsAdmin'),
  es: () => import('virtual:messages/es/stationsAdmin'),
});

/** /manage/station-displays: pair a station display, see the paired ones, unpair one (management). */
export function StationDisplaysAdminPage() {
  const t = useMessages('stationsAdmin');
  return (
    <>
      <PageHeader title={t.title()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => <StationDisplays facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

function StationDisplays({ facilityId }: { facilityId: string }) {
  const t = useMessages('stationsAdmin');
  const displays = useStationDisplays(facilityId);
  const zones = useCareZones(facilityId);
  const pair = usePairStationDisplay(facilityId);
  const unpair = useUnpairStationDisplay(facilityId);
  const [name, setName] = useState('');
  const [zoneIds, setZoneIds] = useState<string[]>([]);
  const [showResidentNames, setShowResidentNames] = useState(false);
  const [created, setCreated] = useState<TCreatedStationDisplay | null>(null);
  const nameError = pair.error && isApiError(pair.error) ? pair.error.message : null;
  const link = created
    ? `${window.location.origin}${STATION_DISPLAY_WEB_PATH}#key=${created.displayKey}`
    : '';

  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="md">
        <Text>{t.help()}</Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            pair.mutate(
              { facilityId, name, careZoneIds: zoneIds, showResidentNames },
              {
                onSuccess: (display) => {
                  setCreated(display);
                  setName('');
                  setZoneIds([]);
                  setShowResidentNames(false);
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <TextInput
              size="lg"
              label={t.name()}
              value={name}
              required
              maxLength={80}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
            />
            <Checkbox.Group label={t.zones()} value={zoneIds} onChange={setZoneIds}>
              <Stack gap="xs" mt="xs">
                {(zones.data ?? []).map((zone) => (
                  <Checkbox key={zone.id} value={zone.id} label={zone.name} size="md" />
                ))}
              </Stack>
            </Checkbox.Group>
            <Switch
              size="md"
              label={t.showNames()}
              description={t.showNamesHelp()}
              checked={showResidentNames}
              onChange={(event) => setShowResidentNames(event.currentTarget.checked)}
            />
            <Button type="submit" size="lg" loading={pair.isPending}>
              {t.pair()}
            </Button>
          </Stack>
        </form>
        {created ? (
          <Alert color="teal" title={t.paired({ name: created.name })}>
            <Stack gap="xs">
              <Text size="sm">{t.pairedHelp()}</Text>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="station-link">
                {link}
              </Text>
              <Text size="sm">
                {t.key()}:{' '}
                <Text span ff="monospace" data-testid="station-key" style={{ overflowWrap: 'anywhere' }}>
                  {created.displayKey}
                </Text>
              </Text>
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t.copied() : t.copy()}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Alert>
        ) : null}
        <Title order={2} size="h4">
          {t.list()}
        </Title>
        {displays.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : displays.isError ? (
          <Text c="red">{displays.error.message}</Text>
        ) : displays.data.length === 0 ? (
          <Text c="dimmed">{t.none()}</Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.list()}>
            {displays.data.map((display) => (
              <li key={display.id}>
                <Card withBorder padding="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600}>{display.name}</Text>
                      <Text size="sm" c="dimmed">
                        {display.careZones.map((z) => z.name).join(' · ') || t.allZones()}
                        {display.showResidentNames ? ` · ${t.showNames()}` : ''}
                      </Text>
                    </Stack>
                    <Button
                      color="red"
                      variant="light"
                      mih={44}
                      loading={unpair.isPending && unpair.variables === display.id}
                      onClick={() => unpair.mutate(display.id)}
                      aria-label={t.unpairName({ name: display.name })}
                    >
                      {t.unpair()}
                    </Button>
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
