import { Badge, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { LIVE_CLOSE_CODE_UNAUTHORIZED, type TStationAlert } from '@sage/contract';
import { compareCallRank } from '@sage/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { lazyMessages, useMessages } from '../../shared/i18n';
import { AppQueryProvider } from '../../shared/query-client';
import { setErrorReportAuth } from '../../shared/report-error';
import { AlertSoundBars, useAlertRinging } from '../alert-sound/alert-sound';
import { soundingTasks } from '../alert-sound/ring-schedule';
import { useNow } from '../alerts/use-now';
import { STATION_DEVICE_TESTS_KEY, StationDeviceTestBanner } from '../device-qa/station-device-test-banner';
import { LiveConnection, liveUrl } from '../live/live-connection';
import { DisplayKeyRefused, displayKeyStore, fetchDisplayToken, fetchStationAlerts } from './station-api';
import {
  liveTrouble,
  stationCardBackground,
  stationHeadline,
  stationLook,
  waitedLabel,
} from './station-look';
import { useWakeLock } from './use-wake-lock';

/**
 * The station display's texts (decision 0372), in the language of this browser or the one chosen on its sign-in
 * screen (decision 0632): loaded with the page.
 */
lazyMessages('station', {
  en: () => import('virtual:messages/en/station'),
  es: () => import('virtual:messages/es/station'),
});

const TOKEN_REFRESH_MARGIN_S = 60;

/**
 * /station: a screen for the nurses' station or a hallway (issue #15; docs/decisions/0370-0373). Paired by a
 * manager, it signs in as a view-only display, shows every open alert of its care zones in large type,
 * coloured by severity and framed by how long each has waited, rings as the app does, and keeps the screen on.
 * It has no control that acts on an alert (the server refuses its session anything but reading).
 */
export function StationDisplayPage() {
  // The app's query client is not at the app's root (decision 0385).
  return (
    <AppQueryProvider>
      <StationDisplay />
    </AppQueryProvider>
  );
}

function StationDisplay() {
  const t = useMessages('station');
  const [displayKey, setDisplayKey] = useState<string | null>(
    () => takeKeyFromHash() ?? displayKeyStore.get(),
  );
  /** Why the screen asks to be paired: a key refused at once, or a screen that worked and was unpaired. */
  const [refused, setRefused] = useState<'refused' | 'unpaired' | null>(null);
  const queryClient = useQueryClient();

  const token = useQuery({
    queryKey: ['station', 'token', displayKey],
    enabled: displayKey !== null,
    queryFn: () => fetchDisplayToken(displayKey as string),
    refetchInterval: (query) =>
      Math.max(30, (query.state.data?.expiresIn ?? 600) - TOKEN_REFRESH_MARGIN_S) * 1000,
    refetchIntervalInBackground: true,
    retry: (count, error) => !(error instanceof DisplayKeyRefused) && count < 1_000,
    retryDelay: 5_000,
  });

  const wasPaired = token.data !== undefined;
  useEffect(() => {
    if (token.error instanceof DisplayKeyRefused) {
      displayKeyStore.set(null);
      setDisplayKey(null);
      // Alerts of an unpaired screen are cleared with it (issue #32): nothing of them is kept.
      queryClient.removeQueries({ queryKey: ['station'] });
      setRefused(wasPaired ? 'unpaired' : 'refused');
    }
  }, [token.error, wasPaired, queryClient]);

  if (!displayKey) {
    return (
      <PairForm
        refused={refused}
        onPair={(key) => {
          displayKeyStore.set(key);
          setRefused(null);
          setDisplayKey(key);
        }}
      />
    );
  }
  if (!token.data) {
    return (
      <Box component="main" p="md">
        <Text size="xl">{token.isError ? t.offline() : t.loading()}</Text>
      </Box>
    );
  }
  return (
    <StationBoard
      accessToken={token.data.accessToken}
      displayId={token.data.stationDisplayId}
      // The session was refused (unpaired, or its token ran out): ask for a token again at once; a refused key
      // clears the screen (decision 0514).
      onSessionRefused={() => void queryClient.invalidateQueries({ queryKey: ['station', 'token'] })}
    />
  );
}

/** `#key=...` from a pairing link: saved on this screen and taken out of the address at once. */
function takeKeyFromHash(): string | null {
  if (typeof window === 'undefined') return null;
  const match = window.location.hash.match(/key=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) return null;
  displayKeyStore.set(match[1]);
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return match[1];
}

function PairForm({
  refused,
  onPair,
}: {
  refused: 'refused' | 'unpaired' | null;
  onPair: (key: string) => void;
}) {
  const t = useMessages('station');
  const [value, setValue] = useState('');
  return (
    <Box component="main" p="md" maw={560} mx="auto">
      <Stack>
        <Title order={1}>{t.notPaired()}</Title>
        {refused ? (
          <Text c="red.9" role="alert">
            {refused === 'unpaired' ? t.unpaired() : t.refused()}
          </Text>
        ) : null}
        <Text>{t.pairHelp()}</Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const key = value.trim();
            if (key) onPair(key);
          }}
        >
          <Stack>
            <TextInput
              size="lg"
              label={t.keyLabel()}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              autoComplete="off"
            />
            <Button type="submit" size="lg">
              {t.pair()}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Box>
  );
}

function StationBoard({
  accessToken,
  displayId,
  onSessionRefused,
}: {
  accessToken: string;
  displayId: string;
  onSessionRefused: () => void;
}) {
  const t = useMessages('station');
  const queryClient = useQueryClient();
  const sessionRefused = useRef(onSessionRefused);
  sessionRefused.current = onSessionRefused;
  const alerts = useQuery({
    queryKey: ['station', 'alerts'],
    queryFn: () => fetchStationAlerts(accessToken),
    // The live feed brings changes at once; this only heals a missed one.
    refetchInterval: 60_000,
    refetchIntervalInBackground: true,
  });
  const wakeLock = useWakeLock();

  // Errors of this screen are reported with the display's own token (docs/decisions/0374).
  useEffect(() => {
    setErrorReportAuth(() => ({ authorization: `Bearer ${accessToken}` }));
    return () => setErrorReportAuth(null);
  }, [accessToken]);

  // Live: any change of the facility (ids and status only) reads the display's alerts again. The link counts as
  // down from the start until its first `ready`, and from every close until the next (issue #29).
  const [downSince, setDownSince] = useState<number | null>(() => Date.now());
  useEffect(() => {
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: ['station', 'alerts'] });
      if (trailing) clearTimeout(trailing);
      // A second read a moment later catches a change committed while the first was in flight.
      trailing = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: ['station', 'alerts'] }),
        1_000,
      );
    };
    const connection = new LiveConnection({
      url: liveUrl(window.location.origin),
      getSession: () => ({ accessToken, staffMemberId: displayId }),
      handlers: {
        onTaskChanged: refetch,
        onResync: refetch,
        // A device QA walk started or ended (decision 0505): the banner reads it again; and on every `ready`.
        onDeviceQaChanged: () => void queryClient.invalidateQueries({ queryKey: STATION_DEVICE_TESTS_KEY }),
        onReady: () => {
          setDownSince(null);
          void queryClient.invalidateQueries({ queryKey: STATION_DEVICE_TESTS_KEY });
        },
        onClosed: (code) => {
          setDownSince((since) => since ?? Date.now());
          if (code === LIVE_CLOSE_CODE_UNAUTHORIZED) sessionRefused.current();
        },
      },
    });
    connection.start();
    return () => {
      if (trailing) clearTimeout(trailing);
      connection.stop();
    };
  }, [accessToken, displayId, queryClient]);
  useEffect(() => {
    if (alerts.error instanceof DisplayKeyRefused) sessionRefused.current();
  }, [alerts.error]);

  // Emergencies first, then routine calls, most severe then oldest (decision 0516), whatever order they came in.
  const list = useMemo(
    () =>
      [...(alerts.data?.alerts ?? [])].sort((a, b) =>
        compareCallRank({ ...a, creationTimestamp: a.createdAt }, { ...b, creationTimestamp: b.createdAt }),
      ),
    [alerts.data],
  );
  const sounding = useMemo(() => soundingTasks(list), [list]);
  useAlertRinging(sounding);
  const skew = alerts.data ? alerts.data.serverTime - alerts.dataUpdatedAt : 0;
  const clientNow = useNow(1_000);
  const now = clientNow + skew;
  const live = downSince === null && !alerts.isError;
  const trouble = liveTrouble(downSince, clientNow);
  const zones = alerts.data?.display.careZoneNames ?? [];

  return (
    <Box mih="100dvh" bg="dark.8" c="white">
      <AlertSoundBars />
      {trouble ? (
        <Box role="alert" bg="red.9" c="white" px="md" py="sm" data-testid="station-system-trouble">
          <Text fz="clamp(1.4rem, 5vw, 2.8rem)" fw={800} lh={1.15}>
            {t.systemTrouble()}
          </Text>
        </Box>
      ) : null}
      <Box component="header" px="md" py="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={1} fz="clamp(1.4rem, 4vw, 2.6rem)">
            {alerts.data ? `${alerts.data.display.facilityName} · ${alerts.data.display.name}` : t.title()}
          </Title>
          <Group gap="xs">
            {!live ? (
              <Badge color="orange" size="lg">
                {t.offline()}
              </Badge>
            ) : null}
            <Badge color={wakeLock === 'held' ? 'teal' : 'gray'} size="lg" variant="light">
              {wakeLock === 'held' ? t.awake() : t.maySleep()}
            </Badge>
          </Group>
        </Group>
        <Text fz="clamp(1rem, 2.5vw, 1.6rem)" c="gray.3">
          {zones.length ? zones.join(' · ') : t.allZones()}
        </Text>
      </Box>
      <Box component="main" px="md" pb="md">
        <Box mb="md">
          <StationDeviceTestBanner accessToken={accessToken} />
        </Box>
        {alerts.data && list.length === 0 ? (
          <Text fz="clamp(2rem, 7vw, 5rem)" fw={700} ta="center" py="xl" c="teal.3">
            {t.noAlerts()}
          </Text>
        ) : (
          <Stack
            component="ul"
            aria-label={t.openAlerts()}
            gap="md"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {list.map((alert) => (
              <StationAlertCard key={alert.id} alert={alert} now={now} />
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}

const WAIT_BAND_KEYS = {
  NEW: 'new',
  WAITING: 'waiting',
  OVERDUE: 'overdue',
  ANSWERED: 'answered',
} as const;

function StationAlertCard({ alert, now }: { alert: TStationAlert; now: number }) {
  const t = useMessages('station');
  const severity = useMessages('severity');
  const waited = now - alert.createdAt;
  const look = stationLook(alert.severity, alert.status, waited);
  const dark = look.color === 'yellow' || look.color === 'gray';
  const headline = stationHeadline(alert);
  return (
    <li aria-label={alert.label}>
      <Paper
        p="md"
        radius="md"
        bg={stationCardBackground(look.color)}
        c={dark ? 'dark.9' : 'white'}
        style={{
          outline: look.border ? `${look.border}px solid var(--mantine-color-red-5)` : undefined,
          outlineOffset: 2,
        }}
        data-severity={alert.severity}
        data-wait={look.band}
      >
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            {headline.place ? (
              <Text
                fz="clamp(1.75rem, 6vw, 3.6rem)"
                fw={800}
                lh={1.1}
                style={{ overflowWrap: 'anywhere' }}
                data-testid="station-place"
              >
                {headline.place}
              </Text>
            ) : null}
            <Text
              fz={headline.place ? 'clamp(1.4rem, 4.5vw, 2.8rem)' : 'clamp(1.75rem, 6vw, 3.6rem)'}
              fw={headline.place ? 700 : 800}
              lh={1.1}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="station-what"
            >
              {headline.what}
            </Text>
            <Text fz="clamp(1.1rem, 3.5vw, 2rem)" fw={600}>
              {[severity[alert.severity](), alert.careZoneName, alert.residentName]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fz="clamp(1.8rem, 7vw, 3.8rem)" fw={800} lh={1} data-testid="station-waited">
              {waitedLabel(waited)}
            </Text>
            <Text fz="clamp(1rem, 3vw, 1.6rem)" fw={700} tt="uppercase">
              {t[WAIT_BAND_KEYS[look.band]]()}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </li>
  );
}
