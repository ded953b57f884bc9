import { Alert, Box, Button, Card, Group, Loader, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DEVICES_ADMIN_ROUTES,
  REGISTRATION_KIND_TYPES,
  RegistrationKind,
  type TDeviceAllocationReply,
  type TRegisteredDeviceReply,
  ZHardwareIdSchema,
} from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api';
import { preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { AdminGuard } from '../admin/admin-guard';
import { MANAGE_ROUTE } from '../admin/admin-shared';
import { assignedTo, assignedToTexts } from './allocation-labels';
import './device-admin-messages';
import { DeviceStatusLine } from './device-status';
import {
  READABLE_ERROR,
  registryApi,
  registryKeys,
  useFacilityAllocations,
  useRegisteredDevices,
} from './registry-api';
import { filterDevices, hardwareIdCheck } from './registry-rules';

/** /manage/devices: register a pendant, wall button, door sensor or fall sensor; the community's devices. */
export function RegistryPage() {
  preloadMessages('deviceRegistry', 'deviceAllocation', 'deviceType');
  const t = useMessages('deviceRegistry');
  return (
    <>
      <PageHeader title={t.devices()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => <Registry facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

function RegisterForm({ facilityId }: { facilityId: string }) {
  const t = useMessages('deviceRegistry');
  const deviceType = useMessages('deviceType');
  const [kind, setKind] = useState<RegistrationKind>(RegistrationKind.PENDANT);
  const [hardwareId, setHardwareId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useMutation({
    mutationFn: (id: string) =>
      registryApi.register({ facilityRid: facilityId, type: REGISTRATION_KIND_TYPES[kind], hardwareId: id }),
    onSuccess: async (device) => {
      toast.success(t.registered({ type: deviceType[device.type](), hardwareId: device.hardwareId }));
      await queryClient.invalidateQueries({ queryKey: registryKeys.devices(facilityId) });
      navigate(DEVICES_ADMIN_ROUTES.device(device.id));
    },
    onError: (failure) => {
      // A hardware id already registered (409) or refused (400): said under the field, in the reader's words.
      if (isApiError(failure) && failure.status === 409) {
        setError(t.alreadyRegistered({ hardwareId: hardwareId.trim() }));
        return;
      }
      if (isApiError(failure) && failure.status === 400) {
        const issue = failure.issues?.[0];
        setError(issue ? hardwareIdCheck(issue, t) : failure.message);
        return;
      }
      reportError(failure, { action: 'register device' });
      toast.error(t.registerFailed());
    },
  });
  const submit = () => {
    const parsed = ZHardwareIdSchema.safeParse(hardwareId);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue ? hardwareIdCheck(issue, t) : t.registerFailed());
      return;
    }
    register.mutate(parsed.data);
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="register-device-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="register-device-title">
          {t.registerDevice()}
        </Title>
        <Radio.Group label={t.kind()} value={kind} onChange={(value) => setKind(value as RegistrationKind)}>
          <Stack gap={0} mt="xs">
            {Object.values(RegistrationKind).map((k) => (
              <Radio
                key={k}
                value={k}
                size="md"
                label={t[`kind_${k}`]()}
                styles={{ body: { minHeight: 44, alignItems: 'center' }, labelWrapper: { flex: 1 } }}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          size="lg"
          style={READABLE_ERROR}
          label={t.hardwareId()}
          placeholder={t.hardwareIdPlaceholder()}
          value={hardwareId}
          error={error}
          onChange={(event) => {
            setHardwareId(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
        />
        <Button size="lg" fullWidth loading={register.isPending} onClick={submit}>
          {t.register()}
        </Button>
      </Stack>
    </Card>
  );
}

function DeviceRow({
  device,
  allocation,
}: {
  device: TRegisteredDeviceReply;
  allocation: TDeviceAllocationReply | undefined;
}) {
  const t = useMessages('deviceRegistry');
  const deviceType = useMessages('deviceType');
  const m = useMessages('deviceAllocation');
  return (
    <Card component={Link} to={DEVICES_ADMIN_ROUTES.device(device.id)} withBorder padding="sm" mih={56}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {device.hardwareId}
          </Text>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {deviceType[device.type]()}
          </Text>
        </Group>
        <Text size="sm">{allocation ? assignedTo(allocation, assignedToTexts(m)) : t.notAssigned()}</Text>
        <DeviceStatusLine
          type={device.type}
          level={device.batteryLevel}
          lastPress={device.lastPressTimestamp}
        />
      </Stack>
    </Card>
  );
}

function Registry({ facilityId }: { facilityId: string }) {
  const t = useMessages('deviceRegistry');
  const m = useMessages('deviceAllocation');
  const devices = useRegisteredDevices(facilityId);
  const allocations = useFacilityAllocations(facilityId);
  const [search, setSearch] = useState('');
  const allocationOf = (d: TRegisteredDeviceReply) =>
    d.allocationId ? allocations.data?.get(d.allocationId) : undefined;
  const shown = filterDevices(devices.data ?? [], search, (d) => {
    const a = allocationOf(d);
    return a ? assignedTo(a, assignedToTexts(m)) : '';
  });
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="md">
        <RegisterForm facilityId={facilityId} />
        <TextInput
          size="lg"
          type="search"
          label={t.searchDevices()}
          placeholder={t.searchDevicesPlaceholder()}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {devices.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : devices.isError ? (
          <Alert color="red" title={t.loadFailed()}>
            <Button variant="light" onClick={() => void devices.refetch()}>
              {t.retry()}
            </Button>
          </Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{t.noDevices()}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.devices()}>
            {shown.map((d) => (
              <li key={d.id}>
                <DeviceRow device={d} allocation={allocationOf(d)} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
