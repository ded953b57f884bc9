import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DEVICE_QA_POLL_MS,
  DeviceQaMessages,
  type TDeviceQaDevice,
  type TDeviceQaSessionReply,
} from '@sage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../shared/api';
import { localeTag, type Messages, preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { toast } from '../../shared/toast';
import { MANAGE_ROUTE } from '../admin/admin-shared';
import { useCurrentFacility } from '../shift/shift-api';
import { deviceQaApi, deviceQaKeys, useCanAuditDevices } from './device-qa-api';
import './device-qa-messages';

type QaMessages = Messages<'deviceQa'>;

/**
 * /manage/device-qa: a technician's walk testing every device (docs/decisions/0273, 0505): the walk silences
 * nothing; the device put on test ('Test' on its line, or its hardware id) is quiet for its first press within
 * 2 minutes, and its line then reads 'Tested'.
 */
export function DeviceQaPage() {
  preloadMessages('deviceQa', 'deviceType');
  const m = useMessages('deviceQa');
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const allowed = useCanAuditDevices(facilityId);
  return (
    <>
      <PageHeader title={m.title()} defaultRoute={MANAGE_ROUTE} />
      <Box component="main" p="md" maw={640} mx="auto">
        {allowed === null ? (
          <Loader aria-label={m.loading()} />
        ) : !allowed || !facilityId ? (
          <Alert color="red">{m.notAllowed()}</Alert>
        ) : (
          <Walk facilityId={facilityId} timezone={facility.data?.timezone} />
        )}
      </Box>
    </>
  );
}

const timeFormat = (timezone: string | undefined, withSeconds: boolean) =>
  new Intl.DateTimeFormat(localeTag(), {
    hour: 'numeric',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    ...(timezone ? { timeZone: timezone } : {}),
  });

function Walk({ facilityId, timezone }: { facilityId: string; timezone: string | undefined }) {
  const m = useMessages('deviceQa');
  const queryClient = useQueryClient();
  /** The walk whose summary shows once it has been finished here. */
  const [summaryRid, setSummaryRid] = useState<string | null>(null);
  const sessions = useQuery({
    queryKey: deviceQaKeys.list(facilityId),
    queryFn: () => deviceQaApi.list(facilityId),
    // A test press raises no task, so the live channel says nothing of it: poll while walking.
    refetchInterval: (query) =>
      query.state.data?.some((s) => s.status === 'IN_PROGRESS') ? DEVICE_QA_POLL_MS : false,
  });
  const refresh = (reply: TDeviceQaSessionReply) => {
    queryClient.setQueryData<TDeviceQaSessionReply[]>(deviceQaKeys.list(facilityId), (list = []) => [
      reply,
      ...list.filter((s) => s.deviceQaSessionRid !== reply.deviceQaSessionRid),
    ]);
  };
  const onError = (error: unknown) => {
    // A walk already on (409): said in the reader's words; other failures as the API client words them.
    toast.error(
      isApiError(error)
        ? error.serverMessage === DeviceQaMessages.alreadyRunning
          ? m.alreadyRunning()
          : error.message
        : String(error),
    );
    void queryClient.invalidateQueries({ queryKey: deviceQaKeys.list(facilityId) });
  };
  const start = useMutation({
    mutationFn: () => deviceQaApi.start({ facilityRid: facilityId }),
    onSuccess: (reply) => {
      setSummaryRid(null);
      refresh(reply);
    },
    onError,
  });
  const end = useMutation({
    mutationFn: (v: { rid: string; status: 'COMPLETED' | 'CANCELED' }) =>
      deviceQaApi.update(v.rid, { status: v.status }),
    onSuccess: (reply) => {
      if (reply.status === 'COMPLETED') setSummaryRid(reply.deviceQaSessionRid);
      refresh(reply);
    },
    onError,
  });

  const test = useMutation({
    mutationFn: (v: { rid: string; deviceRid?: string; hardwareId?: string }) =>
      deviceQaApi.test(
        v.rid,
        v.deviceRid !== undefined ? { deviceRid: v.deviceRid } : { hardwareId: v.hardwareId ?? '' },
      ),
    onSuccess: (reply) => {
      setHardwareId('');
      refresh(reply);
    },
    onError,
  });
  const [hardwareId, setHardwareId] = useState('');

  if (sessions.isPending) return <Loader aria-label={m.loading()} />;
  if (sessions.isError) return <Alert color="red">{sessions.error.message}</Alert>;
  const current = sessions.data.find((s) => s.status === 'IN_PROGRESS');
  const summary =
    !current && summaryRid ? sessions.data.find((s) => s.deviceQaSessionRid === summaryRid) : null;
  const clock = timeFormat(timezone, true);

  if (current) {
    const total = current.devices.length;
    const onTest = (deviceRid: string) => test.mutate({ rid: current.deviceQaSessionRid, deviceRid });
    return (
      <Stack gap="md">
        <Alert color="blue" title={m.testedCount({ tested: current.testedCount, total })}>
          <Text size="sm">
            {m.inProgressBanner({ until: timeFormat(timezone, false).format(current.expiresAt) })}
          </Text>
          <Text size="sm" fw={600} mt={4}>
            {m.whatStaysLive()}
          </Text>
        </Alert>
        <Progress
          value={total ? (current.testedCount / total) * 100 : 0}
          aria-label={m.testedCount({ tested: current.testedCount, total })}
          size="lg"
        />
        <Text size="sm" c="gray.8">
          {m.counts({ heard: current.heardCount, total })}
        </Text>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (hardwareId.trim())
              test.mutate({ rid: current.deviceQaSessionRid, hardwareId: hardwareId.trim() });
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={m.testByHardwareId()}
              value={hardwareId}
              onChange={(event) => setHardwareId(event.currentTarget.value)}
              style={{ flex: 1 }}
              size="lg"
            />
            <Button type="submit" size="lg" mih={44} loading={test.isPending && !!test.variables?.hardwareId}>
              {m.testByHardwareIdAction()}
            </Button>
          </Group>
        </Box>
        <Stack gap="sm">
          <Button
            size="lg"
            fullWidth
            loading={end.isPending && end.variables?.status === 'COMPLETED'}
            disabled={end.isPending}
            onClick={() => end.mutate({ rid: current.deviceQaSessionRid, status: 'COMPLETED' })}
          >
            {m.finish()}
          </Button>
          <Button
            size="lg"
            fullWidth
            variant="default"
            loading={end.isPending && end.variables?.status === 'CANCELED'}
            disabled={end.isPending}
            onClick={() => end.mutate({ rid: current.deviceQaSessionRid, status: 'CANCELED' })}
          >
            {m.cancel()}
          </Button>
        </Stack>
        {total === 0 && <Text>{m.noDevices()}</Text>}
        <DeviceList
          title={m.notHeard()}
          devices={current.devices.filter((d) => !d.heard)}
          clock={clock}
          onTest={onTest}
          testing={test.isPending ? (test.variables?.deviceRid ?? null) : null}
        />
        <DeviceList
          title={m.heard()}
          devices={current.devices.filter((d) => d.heard)}
          clock={clock}
          onTest={onTest}
          testing={test.isPending ? (test.variables?.deviceRid ?? null) : null}
        />
      </Stack>
    );
  }

  const startButton = (
    <Button size="lg" fullWidth loading={start.isPending} onClick={() => start.mutate()}>
      {summary ? m.startAnother() : m.start()}
    </Button>
  );
  if (summary) {
    const missing = summary.notHeardCount;
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {m.summaryTitle()}
        </Title>
        <Text fw={600}>{m.counts({ heard: summary.heardCount, total: summary.devices.length })}</Text>
        <Alert color={missing ? 'orange' : 'green'}>
          {missing ? m.summaryMissing({ count: missing }) : m.summaryAllHeard()}
        </Alert>
        <DeviceList title={m.notHeard()} devices={summary.devices.filter((d) => !d.heard)} clock={clock} />
        <DeviceList title={m.heard()} devices={summary.devices.filter((d) => d.heard)} clock={clock} />
        {startButton}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text>{m.intro()}</Text>
      <Alert color="blue">{m.whatStaysLive()}</Alert>
      {startButton}
    </Stack>
  );
}

function DeviceList({
  title,
  devices,
  clock,
  onTest,
  testing = null,
}: {
  title: string;
  devices: TDeviceQaDevice[];
  clock: Intl.DateTimeFormat;
  /** While the walk is in progress: puts the line's device on test (decision 0505). */
  onTest?: (deviceRid: string) => void;
  testing?: string | null;
}) {
  const m = useMessages('deviceQa');
  const deviceType = useMessages('deviceType');
  return (
    <Box component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {m.listTitle({ title, count: devices.length })}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {devices.map((d) => (
          <Box
            component="li"
            key={d.deviceRid}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, minHeight: 44 }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Box>
                <Text fw={600}>{d.location}</Text>
                <Text size="sm" c="gray.8">
                  {deviceType[d.deviceType]()} · {d.hardwareId}
                </Text>
              </Box>
              {onTest ? (
                <Button
                  variant="light"
                  mih={44}
                  style={{ flexShrink: 0 }}
                  aria-label={m.testLabel({ location: `${d.location} (${d.hardwareId})` })}
                  loading={testing === d.deviceRid}
                  onClick={() => onTest(d.deviceRid)}
                >
                  {m.test()}
                </Button>
              ) : null}
            </Group>
            <TestState device={d} clock={clock} m={m} />
            {d.heard && d.lastHeardAt !== null && (
              <Group gap="xs" mt={4}>
                <Text size="sm" c="gray.8">
                  {m.heardAt({ time: clock.format(d.lastHeardAt) })} · {m.presses({ count: d.pressCount })}
                </Text>
                <Battery device={d} m={m} />
              </Group>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function Battery({ device, m }: { device: TDeviceQaDevice; m: QaMessages }) {
  if (device.batteryStatus === 'unknown' || device.batteryLevel === null) {
    return (
      <Text size="sm" c="gray.8">
        {m.batteryUnknown()}
      </Text>
    );
  }
  if (device.batteryStatus === 'low') {
    return (
      <Badge color="red.9" variant="filled" tt="none" size="lg">
        {m.batteryLow()} · {m.battery({ level: device.batteryLevel })}
      </Badge>
    );
  }
  return (
    <Text size="sm" fw={600} c="green.9">
      {m.battery({ level: device.batteryLevel })}
    </Text>
  );
}

/** Whether the line's device is on test now (until when) or was tested (decision 0505). */
function TestState({
  device,
  clock,
  m,
}: {
  device: TDeviceQaDevice;
  clock: Intl.DateTimeFormat;
  m: QaMessages;
}) {
  if (device.testArmedUntil !== null) {
    return (
      <Badge
        color="orange.9"
        variant="filled"
        tt="none"
        size="lg"
        mt={4}
        h="auto"
        py={4}
        styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
      >
        {m.onTest({ until: clock.format(device.testArmedUntil) })}
      </Badge>
    );
  }
  if (device.testedAt !== null) {
    return (
      <Badge color="green.9" variant="filled" tt="none" size="lg" mt={4}>
        {m.testedAt({ time: clock.format(device.testedAt) })}
      </Badge>
    );
  }
  return null;
}
