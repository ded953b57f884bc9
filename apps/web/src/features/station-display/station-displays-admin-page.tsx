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
import { PageHeader } from '../../shared/page-header/page-header';
import { useCareZones } from '../admin/admin-api';
import { AdminGuard } from '../admin/admin-guard';
import { MANAGE_ROUTE } from '../admin/admin-shared';
import { usePairStationDisplay, useStationDisplays, useUnpairStationDisplay } from './station-api';

export const STATION_DISPLAYS_ROUTE = '/manage/station-displays';

/** Texts of the managers' screen (not in the spec: docs/decisions/0372). */
export const STATION_ADMIN_TEXTS = {
  title: 'Station displays',
  help: 'A screen for the nurses’ station or a hallway: it shows the open alerts of the chosen care zones and rings, but cannot act on them.',
  name: 'Display name',
  zones: 'Care zones shown (none: all)',
  showNames: 'Show resident names',
  showNamesHelp:
    'Off: alerts show the unit and the kind of call only. Turn on only where visitors cannot see the screen.',
  pair: 'Pair a display',
  paired: 'Display paired',
  pairedHelp: 'Open this link on the display (shown once; it holds the display key):',
  copy: 'Copy link',
  copied: 'Copied',
  key: 'Display key',
  none: 'No station displays yet',
  unpair: 'Unpair',
  list: 'Paired displays',
} as const;

/** /manage/station-displays: pair a station display, see the paired ones, unpair one (management). */
export function StationDisplaysAdminPage() {
  return (
    <>
      <PageHeader title={STATION_ADMIN_TEXTS.title} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <StationDisplays facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function StationDisplays({ facilityId }: { facilityId: string }) {
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
        <Text>{STATION_ADMIN_TEXTS.help}</Text>
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
              size="md"
              label={STATION_ADMIN_TEXTS.name}
              value={name}
              required
              maxLength={80}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
            />
            <Checkbox.Group label={STATION_ADMIN_TEXTS.zones} value={zoneIds} onChange={setZoneIds}>
              <Stack gap="xs" mt="xs">
                {(zones.data ?? []).map((zone) => (
                  <Checkbox key={zone.id} value={zone.id} label={zone.name} size="md" />
                ))}
              </Stack>
            </Checkbox.Group>
            <Switch
              size="md"
              label={STATION_ADMIN_TEXTS.showNames}
              description={STATION_ADMIN_TEXTS.showNamesHelp}
              checked={showResidentNames}
              onChange={(event) => setShowResidentNames(event.currentTarget.checked)}
            />
            <Button type="submit" size="lg" loading={pair.isPending}>
              {STATION_ADMIN_TEXTS.pair}
            </Button>
          </Stack>
        </form>
        {created ? (
          <Alert color="teal" title={`${STATION_ADMIN_TEXTS.paired}: ${created.name}`}>
            <Stack gap="xs">
              <Text size="sm">{STATION_ADMIN_TEXTS.pairedHelp}</Text>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="station-link">
                {link}
              </Text>
              <Text size="sm">
                {STATION_ADMIN_TEXTS.key}:{' '}
                <Text span ff="monospace" data-testid="station-key" style={{ overflowWrap: 'anywhere' }}>
                  {created.displayKey}
                </Text>
              </Text>
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? STATION_ADMIN_TEXTS.copied : STATION_ADMIN_TEXTS.copy}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Alert>
        ) : null}
        <Title order={2} size="h4">
          {STATION_ADMIN_TEXTS.list}
        </Title>
        {displays.isPending ? (
          <Loader aria-label="Loading" />
        ) : displays.isError ? (
          <Text c="red">{displays.error.message}</Text>
        ) : displays.data.length === 0 ? (
          <Text c="dimmed">{STATION_ADMIN_TEXTS.none}</Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={STATION_ADMIN_TEXTS.list}
          >
            {displays.data.map((display) => (
              <li key={display.id}>
                <Card withBorder padding="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600}>{display.name}</Text>
                      <Text size="sm" c="dimmed">
                        {display.careZones.map((z) => z.name).join(' · ') || 'All care zones'}
                        {display.showResidentNames ? ` · ${STATION_ADMIN_TEXTS.showNames}` : ''}
                      </Text>
                    </Stack>
                    <Button
                      color="red"
                      variant="light"
                      mih={44}
                      loading={unpair.isPending && unpair.variables === display.id}
                      onClick={() => unpair.mutate(display.id)}
                      aria-label={`${STATION_ADMIN_TEXTS.unpair} ${display.name}`}
                    >
                      {STATION_ADMIN_TEXTS.unpair}
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
