import { Button, Card, Loader, Stack, Text } from '@mantine/core';
import {
  ButtonLabels,
  DEVICE_ALLOCATION_ROUTE,
  DeviceAllocationMessages,
  type TDeviceAllocationReply,
} from '@sage/contract';
import { residentFullName } from '@sage/domain';
import { useNavigate } from 'react-router';
import { type DrawerControls, DrawerLayout, useDrawers } from '../../shared/drawers';
import { useResident } from '../residents/residents-api';
import { DeviceStatusLine } from './device-status';
import { useCanOpenDeviceAllocation, useLatestDeviceActivity, useResidentPendants } from './devices-api';

export interface ResidentPendantsDrawerProps {
  residentId: string;
}

/**
 * Resident pendants (drawer 10): the resident's pendants with battery warning and time since last press.
 * "A pendant's allocation page opens from here for managers only."
 */
export function ResidentPendantsDrawer({
  drawer,
  residentId,
}: ResidentPendantsDrawerProps & { drawer: DrawerControls }) {
  const navigate = useNavigate();
  const drawers = useDrawers();
  const resident = useResident(residentId);
  const pendants = useResidentPendants(residentId);
  const facilityId = resident.data?.facilityId;
  const activity = useLatestDeviceActivity(
    facilityId,
    (pendants.data ?? []).map((p) => p.device.id),
  );
  const canManage = useCanOpenDeviceAllocation(facilityId);
  const open = (allocation: TDeviceAllocationReply) => {
    drawer.close();
    navigate(DEVICE_ALLOCATION_ROUTE(allocation.id));
  };
  return (
    <DrawerLayout
      drawer={drawer}
      title={
        resident.data
          ? `${DeviceAllocationMessages.pendantsTitle} · ${residentFullName(resident.data)}`
          : DeviceAllocationMessages.pendantsTitle
      }
      actions={
        <Button
          size="lg"
          fullWidth
          variant="default"
          onClick={() => {
            drawer.close();
            drawers.open('resident-details', { residentId });
          }}
        >
          {ButtonLabels.goBack}
        </Button>
      }
    >
      {pendants.isPending ? (
        <Loader aria-label="Loading" />
      ) : pendants.isError ? (
        <Text c="red">{pendants.error.message}</Text>
      ) : pendants.data.length === 0 ? (
        <Text c="dimmed">{DeviceAllocationMessages.noPendants}</Text>
      ) : (
        <Stack gap="sm" aria-label="Pendants" role="list">
          {pendants.data.map((p) => {
            const latest = activity.data?.get(p.device.id);
            return (
              <Card key={p.id} withBorder padding="sm" role="listitem" data-allocation-id={p.id}>
                <Stack gap={6}>
                  <Text fw={600}>{p.displayName ?? p.device.hardwareId}</Text>
                  <Text size="sm" c="dimmed">
                    {p.device.hardwareId}
                  </Text>
                  <DeviceStatusLine
                    type={p.device.type}
                    level={latest ? latest.batteryLevel : p.device.batteryLevel}
                    lastPress={latest ? latest.lastPressTimestamp : p.device.lastPressTimestamp}
                  />
                  {canManage ? (
                    <Button size="md" variant="light" onClick={() => open(p)}>
                      {DeviceAllocationMessages.pageTitle}
                    </Button>
                  ) : null}
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}
    </DrawerLayout>
  );
}
