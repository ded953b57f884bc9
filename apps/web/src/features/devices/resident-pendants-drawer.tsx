import { Button, Card, Loader, Stack, Text } from '@mantine/core';
import { DEVICE_ALLOCATION_ROUTE, type TDeviceAllocationReply } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import { useNavigate } from 'react-router';
import { type DrawerControls, DrawerLayout, useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { useResident } from '../residents/residents-api';
import { DeviceStatusLine } from './device-status';
import { useCanOpenDeviceAllocation, useLatestDeviceActivity, useResidentPendants } from './devices-api';
import './pendants-messages';

export interface ResidentPendantsDrawerProps {
  residentId: string;
}

/**
 * Resident pendants (drawer 10): the resident's pendants with battery warning and time since last press.
 * "A pendant's allocation page opens from here for managers only." In the reader's language (decision 0750).
 */
export function ResidentPendantsDrawer({
  drawer,
  residentId,
}: ResidentPendantsDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('pendants');
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
      title={resident.data ? m.titleFor({ resident: residentFullName(resident.data) }) : m.title()}
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
          {m.goBack()}
        </Button>
      }
    >
      {pendants.isPending ? (
        <Loader aria-label={m.loading()} />
      ) : pendants.isError ? (
        <Text c="red">{pendants.error.message}</Text>
      ) : pendants.data.length === 0 ? (
        <Text c="dimmed">{m.noPendants()}</Text>
      ) : (
        <Stack gap="sm" aria-label={m.listLabel()} role="list">
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
                      {m.openAllocation()}
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
