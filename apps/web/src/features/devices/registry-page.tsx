import { Alert, Box, Button, Card, Group, Loader, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ButtonLabels,
  DEVICE_TYPE_LABELS,
  DEVICES_ADMIN_ROUTES,
  DevicesAdminMessages as M,
  REGISTRATION_KIND_LABELS,
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
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { AdminGuard } from '../admin/admin-guard';
import { MANAGE_ROUTE } from '../admin/admin-shared';
import { assignedTo } from './allocation-labels';
import { DeviceStatusLine } from './device-status';
import { registryApi, registryKeys, useFacilityAllocations, useRegisteredDevices } from './registry-api';
import { filterDevices } from './registry-rules';

/** /manage/devices: register a pendant, wall button, door sensor or fall sensor; the community's devices. */
export function RegistryPage() {
  return (
    <>
      <PageHeader title={M.devices} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={M.managementOnly}>
        {({ facilityId }) => <Registry facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

function RegisterForm({ facilityId }: { facilityId: string }) {
  const [kind, setKind] = useState<RegistrationKind>(RegistrationKind.PENDANT);
  const [hardwareId, setHardwareId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useMutation({
    mutationFn: (id: string) =>
      registryApi.register({ facilityRid: facilityId, type: REGISTRATION_KIND_TYPES[kind], hardwareId: id }),
    onSuccess: async (device) => {
      toast.success(M.registered(DEVICE_TYPE_LABELS[device.type], device.hardwareId));
      await queryClient.invalidateQueries({ queryKey: registryKeys.devices(facilityId) });
      navigate(DEVICES_ADMIN_ROUTES.device(device.id));
    },
    onError: (failure) => {
      // A hardware id already registered (409) or refused (400): the server's words, under the field.
      if (isApiError(failure) && (failure.status === 409 || failure.status === 400)) {
        setError(failure.issues?.[0]?.message ?? failure.message);
        return;
      }
      reportError(failure, { action: 'register device' });
      toast.error(M.registerFailed);
    },
  });
  const submit = () => {
    const parsed = ZHardwareIdSchema.safeParse(hardwareId);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.registerFailed);
      return;
    }
    register.mutate(parsed.data);
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="register-device-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="register-device-title">
          {M.registerDevice}
        </Title>
        <Radio.Group label={M.kind} value={kind} onChange={(value) => setKind(value as RegistrationKind)}>
          <Stack gap={0} mt="xs">
            {Object.values(RegistrationKind).map((k) => (
              <Radio
                key={k}
                value={k}
                size="md"
                label={REGISTRATION_KIND_LABELS[k]}
                styles={{ body: { minHeight: 44, alignItems: 'center' }, labelWrapper: { flex: 1 } }}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          size="lg"
          label={M.hardwareId}
          placeholder={M.hardwareIdPlaceholder}
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
          {M.register}
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
  return (
    <Card component={Link} to={DEVICES_ADMIN_ROUTES.device(device.id)} withBorder padding="sm" mih={56}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {device.hardwareId}
          </Text>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {DEVICE_TYPE_LABELS[device.type]}
          </Text>
        </Group>
        <Text size="sm">{allocation ? assignedTo(allocation) : M.notAssigned}</Text>
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
  const devices = useRegisteredDevices(facilityId);
  const allocations = useFacilityAllocations(facilityId);
  const [search, setSearch] = useState('');
  const allocationOf = (d: TRegisteredDeviceReply) =>
    d.allocationId ? allocations.data?.get(d.allocationId) : undefined;
  const shown = filterDevices(devices.data ?? [], search, (d) => {
    const a = allocationOf(d);
    return a ? assignedTo(a) : '';
  });
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="md">
        <RegisterForm facilityId={facilityId} />
        <TextInput
          size="lg"
          type="search"
          label={M.searchDevices}
          placeholder={M.searchDevicesPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {devices.isPending ? (
          <Loader aria-label="Loading" />
        ) : devices.isError ? (
          <Alert color="red" title={M.loadFailed}>
            <Button variant="light" onClick={() => void devices.refetch()}>
              {ButtonLabels.retry}
            </Button>
          </Alert>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{M.noDevices}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={M.devices}>
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
