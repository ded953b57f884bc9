import { Alert, Box, Button, Card, Loader, Stack, Text } from '@mantine/core';
import { PENDANT_DEVICE_TYPE, type TDeviceAllocationReply } from '@sage/contract';
import { pendantDisplayName, residentFullName } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useDrawers } from '../../shared/drawers';
import { preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { assignedTo, assignedToTexts, deviceName } from './allocation-labels';
import './device-admin-messages';
import { DeviceStatusLine } from './device-status';
import {
  deviceKeys,
  devicesApi,
  useAllocation,
  useCanOpenDeviceAllocation,
  useLatestDeviceActivity,
} from './devices-api';
import { useDoors } from './registry-api';
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
 * /devices/allocation/{id}: a device, what it is assigned to, 'Assign to resident' (residents-with-buttons
 * picker, then 'Pendant already assigned' when the resident has one) and 'Unassign'. Management only.
 */
export function DeviceAllocationPage() {
  const { id = '' } = useParams();
  preloadMessages('deviceAllocation', 'deviceType', 'doors');
  const m = useMessages('deviceAllocation');
  const deviceType = useMessages('deviceType');
  const allocation = useAllocation(id);
  const a = allocation.data;
  const canManage = useCanOpenDeviceAllocation(a?.facilityId);
  const activity = useLatestDeviceActivity(a?.facilityId, a ? [a.device.id] : []);
  const latest = a ? activity.data?.get(a.device.id) : undefined;
  const drawers = useDrawers();
  // A door alarm's page also edits the door's alert hours (the door schedule drawer).
  const doors = useDoors(a?.door ? a.facilityId : undefined);
  const allocatedDoor = a?.door ? doors.data?.find((door) => door.rid === a.door?.id) : undefined;
  const queryClient = useQueryClient();

  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });
  const assignPendant = useAssignPendant();
  const unassign = useMutation({
    mutationFn: () => devicesApi.unallocate(id),
    onSuccess: async (saved) => {
      toast.success(m.unassigned({ hardwareId: saved.device.hardwareId }));
      await refresh();
    },
    onError: (error) => {
      reportError(error, { action: 'unassign device', allocationId: id });
      toast.error(m.unassignFailed());
    },
  });

  const chooseResident = (current: TDeviceAllocationReply) =>
    assignPendant({
      facilityId: current.facilityId,
      allocationId: current.id,
      hardwareId: current.device.hardwareId,
      save: (resident) =>
        devicesApi.update(id, { residentRid: resident.id, displayName: pendantDisplayName(resident) }),
      // A warning that came only after saving, cancelled: the pendant goes back where it was.
      undo: () =>
        current.resident
          ? devicesApi.update(id, { residentRid: current.resident.id, displayName: current.displayName })
          : current.unit
            ? devicesApi.update(id, {
                unitRid: current.unit.id,
                room: current.room,
                displayName: current.displayName,
              })
            : devicesApi.unallocate(id),
      onSaved: (saved, resident) => {
        toast.success(
          m.assigned({ hardwareId: saved.device.hardwareId, resident: residentFullName(resident) }),
        );
      },
    });

  const confirmUnassign = (current: TDeviceAllocationReply) => {
    drawers.open('confirmation', {
      title: m.unassignTitle(),
      text: m.unassignText({ device: deviceName(current) }),
      confirmLabel: m.unassign(),
      cancelLabel: m.cancel(),
      destructive: true,
      onConfirm: () => unassign.mutateAsync().then(() => undefined),
    });
  };

  let body: ReactNode;
  if (allocation.isPending || (a && canManage === null)) {
    body = <Loader aria-label={m.loading()} />;
  } else if (allocation.isError || !a) {
    body = (
      <Alert color="red" title={m.notFound()}>
        {allocation.error?.message}
      </Alert>
    );
  } else if (!canManage) {
    body = (
      <Alert color="orange" title={m.notAllowed()} role="alert">
        {null}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Text fw={700} fz="lg">
              {deviceName(a)}
            </Text>
            <Field label={m.type()}>{deviceType[a.device.type]()}</Field>
            <Field label={m.hardwareId()}>{a.device.hardwareId}</Field>
            <Field label={m.batteryAndLastPress()}>
              <DeviceStatusLine
                type={a.device.type}
                level={latest ? latest.batteryLevel : a.device.batteryLevel}
                lastPress={latest ? latest.lastPressTimestamp : a.device.lastPressTimestamp}
              />
            </Field>
            <Field label={m.assignedTo()}>
              <Text data-testid="assigned-to">{assignedTo(a, assignedToTexts(m))}</Text>
            </Field>
          </Stack>
        </Card>
        {a.isActive ? (
          <Stack gap="sm">
            {a.device.type === PENDANT_DEVICE_TYPE ? (
              <Button size="lg" fullWidth onClick={() => chooseResident(a)}>
                {m.assignToResident()}
              </Button>
            ) : null}
            {allocatedDoor ? (
              <Button
                size="lg"
                fullWidth
                variant="light"
                onClick={() => drawers.open('door-schedule', { door: allocatedDoor })}
              >
                {m.editAlertHours()}
              </Button>
            ) : null}
            <Button
              size="lg"
              fullWidth
              variant="outline"
              color="red"
              loading={unassign.isPending}
              onClick={() => confirmUnassign(a)}
            >
              {m.unassign()}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={m.pageTitle()} />
      <Box component="main" p="md">
        {body}
      </Box>
    </>
  );
}
