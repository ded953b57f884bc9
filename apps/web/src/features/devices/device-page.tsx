import { Alert, Box, Button, Card, Loader, Stack, Text } from '@mantine/core';
import {
  AllocationTarget,
  DEVICE_ALLOCATION_ROUTE,
  DEVICES_ADMIN_ROUTES,
  type TCreateDeviceAllocationRequest,
  type TDoorReply,
  type TRegisteredDeviceReply,
  type TUnitWithOccupants,
} from '@sage/contract';
import { allocationTargetsOf, pendantDisplayName, residentFullName } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api';
import { useDrawers } from '../../shared/drawers';
import { preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { AdminGuard } from '../admin/admin-guard';
import { assignedTo, assignedToTexts } from './allocation-labels';
import './device-admin-messages';
import { DeviceStatusLine } from './device-status';
import { deviceKeys, devicesApi, useAllocation } from './devices-api';
import { registryApi, registryKeys, useRegisteredDevice } from './registry-api';
import { useAssignPendant } from './use-assign-pendant';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Box>{children}</Box>
    </Stack>
  );
}

/**
 * /manage/devices/{id}: a registered device with its battery and last press, what it is assigned to, and the
 * ways to assign it (a resident's pendant, a unit's wall button or fall sensor, a door's sensor); delete.
 */
export function DevicePage() {
  const { id = '' } = useParams();
  preloadMessages('deviceRegistry', 'deviceAllocation', 'deviceType', 'doors');
  const t = useMessages('deviceRegistry');
  const device = useRegisteredDevice(id);
  return (
    <>
      <PageHeader
        title={device.data?.hardwareId ?? t.devices()}
        defaultRoute={DEVICES_ADMIN_ROUTES.devices}
      />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => (
          <Box component="main" p="md" maw={640} mx="auto">
            {device.isPending ? (
              <Loader aria-label={t.loading()} />
            ) : device.isError ? (
              <Alert color="red" title={t.deviceNotFound()}>
                {device.error.message}
              </Alert>
            ) : (
              <DeviceDetail device={device.data} facilityId={facilityId} />
            )}
          </Box>
        )}
      </AdminGuard>
    </>
  );
}

function DeviceDetail({ device, facilityId }: { device: TRegisteredDeviceReply; facilityId: string }) {
  const t = useMessages('deviceRegistry');
  const m = useMessages('deviceAllocation');
  const deviceType = useMessages('deviceType');
  const allocation = useAllocation(device.allocationId);
  const a = allocation.data?.isActive ? allocation.data : undefined;
  const drawers = useDrawers();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const assignPendant = useAssignPendant();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: registryKeys.all }),
      queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['doors'] }),
    ]);

  const allocate = useMutation({
    mutationFn: (target: Omit<TCreateDeviceAllocationRequest, 'facilityRid' | 'deviceRid'>) =>
      registryApi.allocate({ facilityRid: facilityId, deviceRid: device.id, ...target }),
    onSuccess: async (saved) => {
      toast.success(
        t.allocated({ hardwareId: device.hardwareId, target: assignedTo(saved, assignedToTexts(m)) }),
      );
      await refresh();
    },
    onError: (error) => {
      reportError(error, { action: 'allocate device', deviceId: device.id });
      toast.error(isApiError(error) && error.status < 500 ? error.message : t.allocateFailed());
    },
  });
  const remove = useMutation({
    mutationFn: () => registryApi.deleteDevice(device.id),
    onSuccess: async () => {
      toast.success(t.deviceDeleted({ hardwareId: device.hardwareId }));
      await refresh();
      navigate(DEVICES_ADMIN_ROUTES.devices);
    },
    onError: (error) => {
      reportError(error, { action: 'delete device', deviceId: device.id });
      toast.error(isApiError(error) && error.status === 409 ? t.unassignBeforeDelete() : t.deleteFailed());
    },
  });

  // Unassign here too (the allocation page's call and words), after a confirmation (issue #32, manager point 10).
  const unassign = useMutation({
    mutationFn: (allocationId: string) => devicesApi.unallocate(allocationId),
    onSuccess: async () => {
      toast.success(m.unassigned({ hardwareId: device.hardwareId }));
      await refresh();
    },
    onError: (error) => {
      reportError(error, { action: 'unassign device', deviceId: device.id });
      toast.error(m.unassignFailed());
    },
  });
  const confirmUnassign = (allocationId: string) =>
    drawers.open('confirmation', {
      title: m.unassignTitle(),
      text: m.unassignText({ device: device.hardwareId }),
      confirmLabel: m.unassign(),
      cancelLabel: m.cancel(),
      destructive: true,
      onConfirm: () => unassign.mutateAsync(allocationId).then(() => undefined),
    });

  const toResident = () =>
    assignPendant({
      facilityId,
      allocationId: null,
      hardwareId: device.hardwareId,
      save: (resident) =>
        registryApi.allocate({
          facilityRid: facilityId,
          deviceRid: device.id,
          residentRid: resident.id,
          displayName: pendantDisplayName(resident),
        }),
      // A warning that came only after saving, cancelled: the new allocation is removed again.
      undo: (saved) => registryApi.deleteAllocation(saved.id),
      onSaved: async (saved, resident) => {
        toast.success(
          m.assigned({ hardwareId: saved.device.hardwareId, resident: residentFullName(resident) }),
        );
        await refresh();
      },
    });
  const toUnit = () =>
    drawers.open('select-unit', {
      facilityId,
      onContinue: async (unit: TUnitWithOccupants) => {
        // A wall button: the unit's check-in button or a (room's) wall button, in the room check-in drawer.
        if (device.type === 'SAGE_BUTTON') {
          drawers.open('select-room-check-in', {
            unit,
            onContinue: async (target: { room?: string }) => {
              await allocate.mutateAsync({ unitRid: unit.id, ...target });
            },
          });
          return;
        }
        await allocate.mutateAsync({ unitRid: unit.id });
      },
    });
  const toDoor = () =>
    drawers.open('select-door', {
      facilityId,
      onContinue: async (door: TDoorReply) => {
        await allocate.mutateAsync({ doorRid: door.rid });
        // "door and door alarm schedule": its alert hours next.
        drawers.open('door-schedule', { door });
      },
    });
  const confirmDelete = () =>
    drawers.open('confirmation', {
      title: t.deleteDeviceTitle({ hardwareId: device.hardwareId }),
      text: t.deleteDeviceText(),
      confirmLabel: t.deleteDevice(),
      cancelLabel: t.cancel(),
      destructive: true,
      onConfirm: () => remove.mutateAsync().then(() => undefined),
    });

  const targets = allocationTargetsOf(device.type);
  const loadingAllocation = Boolean(device.allocationId) && allocation.isPending;
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text fw={700} fz="lg">
            {device.hardwareId}
          </Text>
          <Field label={t.type()}>{deviceType[device.type]()}</Field>
          <Field label={t.batteryAndLastPress()}>
            <DeviceStatusLine
              type={device.type}
              level={device.batteryLevel}
              lastPress={device.lastPressTimestamp}
            />
          </Field>
          <Field label={t.assignedTo()}>
            {loadingAllocation ? (
              <Loader size="sm" aria-label={t.loading()} />
            ) : (
              <Text data-testid="device-assigned-to">
                {a ? assignedTo(a, assignedToTexts(m)) : t.notAssigned()}
              </Text>
            )}
          </Field>
        </Stack>
      </Card>
      {loadingAllocation ? null : a ? (
        <Stack gap="sm">
          <Button component={Link} to={DEVICE_ALLOCATION_ROUTE(a.id)} size="lg" fullWidth variant="light">
            {t.openAllocation()}
          </Button>
          <Button
            size="lg"
            fullWidth
            variant="outline"
            color="red"
            loading={unassign.isPending}
            onClick={() => confirmUnassign(a.id)}
          >
            {m.unassign()}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {targets.includes(AllocationTarget.RESIDENT) ? (
            <Button size="lg" fullWidth onClick={toResident}>
              {t.assignToResident()}
            </Button>
          ) : null}
          {targets.includes(AllocationTarget.UNIT) ? (
            <Button size="lg" fullWidth variant={targets.length > 1 ? 'light' : 'filled'} onClick={toUnit}>
              {t.assignToUnit()}
            </Button>
          ) : null}
          {targets.includes(AllocationTarget.DOOR) ? (
            <Button size="lg" fullWidth onClick={toDoor}>
              {t.assignToDoor()}
            </Button>
          ) : null}
        </Stack>
      )}
      <Stack gap={4}>
        <Button
          size="lg"
          fullWidth
          variant="outline"
          color="red"
          disabled={Boolean(a) || loadingAllocation}
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          {t.deleteDevice()}
        </Button>
        {a ? (
          <Text size="sm" c="dimmed">
            {t.unassignBeforeDelete()}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
