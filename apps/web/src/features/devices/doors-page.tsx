import { Alert, Box, Button, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import {
  ButtonLabels,
  EmptyStateMessages,
  DevicesAdminMessages as M,
  type TDoorAlarmScheduleReply,
  type TDoorReply,
} from '@sage/contract';
import { doorScheduleSummary } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../shared/api';
import { useDrawers } from '../../shared/drawers';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { AdminGuard } from '../admin/admin-guard';
import { MANAGE_ROUTE } from '../admin/admin-shared';
import { doorsApi, registryKeys, useDoorDefault, useDoors } from './registry-api';

/** /manage/doors: the community's doors, their door sensor and alert hours; add, edit hours, delete. */
export function DoorsPage() {
  return (
    <>
      <PageHeader title={M.doors} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={M.managementOnly}>
        {({ facilityId }) => <Doors facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

function AddDoor({ facilityId }: { facilityId: string }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => doorsApi.create({ facilityRid: facilityId, doorName: name.trim() }),
    onSuccess: async (door) => {
      toast.success(M.doorAdded(door.name));
      setName('');
      await queryClient.invalidateQueries({ queryKey: registryKeys.doors(facilityId) });
    },
    onError: (failure) => {
      if (isApiError(failure) && (failure.status === 400 || failure.status === 409)) {
        setError(failure.issues?.[0]?.message ?? failure.message);
        return;
      }
      reportError(failure, { action: 'add door' });
      toast.error(M.doorSaveFailed);
    },
  });
  return (
    <Card withBorder padding="md" component="section" aria-label={M.addDoor}>
      <Stack gap="sm">
        <TextInput
          size="lg"
          label={M.doorName}
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button
          size="lg"
          fullWidth
          disabled={name.trim() === ''}
          loading={add.isPending}
          onClick={() => add.mutate()}
        >
          {M.addDoor}
        </Button>
      </Stack>
    </Card>
  );
}

function DoorRow({ door, fallback }: { door: TDoorReply; fallback: TDoorAlarmScheduleReply | null }) {
  const drawers = useDrawers();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => doorsApi.remove(door.rid),
    onSuccess: async () => {
      toast.success(M.doorDeleted(door.name));
      await queryClient.invalidateQueries({ queryKey: registryKeys.doors(door.facilityId) });
    },
    onError: (error) => {
      reportError(error, { action: 'delete door', doorRid: door.rid });
      toast.error(isApiError(error) && error.status === 409 ? M.unassignSensorBeforeDelete : M.deleteFailed);
    },
  });
  const followsDefault = !door.doorAlarmSchedule && fallback !== null;
  const hours = doorScheduleSummary(door.doorAlarmSchedule ?? fallback);
  const sensor = door.deviceAllocation;
  const whyNotId = useId();
  return (
    <Card withBorder padding="sm" aria-label={door.name} role="group">
      <Stack gap={6}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {door.name}
        </Text>
        <Text size="sm" c="dimmed">
          {sensor ? M.doorSensor(sensor.device.hardwareId) : M.noDoorSensor}
        </Text>
        <Text size="sm" data-testid="door-hours">
          {M.alertHours}: {hours}
          {followsDefault ? ` (${M.facilityDefault})` : ''}
        </Text>
        {/* Stacked, full width: side by side at 360 px the labels were cut ('Edit alert h…'). */}
        <Stack gap="xs">
          <Button size="md" variant="light" fullWidth onClick={() => drawers.open('door-schedule', { door })}>
            {M.editAlertHours}
          </Button>
          <Button
            size="md"
            variant="outline"
            color="red"
            fullWidth
            disabled={Boolean(sensor)}
            // Disabled, it says why (the text under it, read with the button too).
            aria-describedby={sensor ? whyNotId : undefined}
            loading={remove.isPending}
            onClick={() =>
              drawers.open('confirmation', {
                title: M.deleteDoorTitle(door.name),
                text: M.deleteDoorText,
                confirmLabel: M.deleteDoor,
                destructive: true,
                onConfirm: () => remove.mutateAsync().then(() => undefined),
              })
            }
          >
            {M.deleteDoor}
          </Button>
          {sensor ? (
            <Text size="sm" c="dimmed" id={whyNotId}>
              {M.unassignSensorBeforeDelete}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}

function Doors({ facilityId }: { facilityId: string }) {
  const doors = useDoors(facilityId);
  const fallback = useDoorDefault(facilityId);
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="md">
        <AddDoor facilityId={facilityId} />
        {doors.isPending ? (
          <Loader aria-label="Loading" />
        ) : doors.isError ? (
          <Alert color="red" title={doors.error.message}>
            <Button variant="light" onClick={() => void doors.refetch()}>
              {ButtonLabels.retry}
            </Button>
          </Alert>
        ) : doors.data.length === 0 ? (
          <Text c="dimmed">{EmptyStateMessages.noDoors}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={M.doors}>
            {doors.data.map((door) => (
              <li key={door.rid}>
                <DoorRow door={door} fallback={fallback.data ?? null} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
