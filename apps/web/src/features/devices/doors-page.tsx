import { Alert, Box, Button, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { TDoorAlarmScheduleReply, TDoorReply } from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../shared/api';
import { useDrawers } from '../../shared/drawers';
import { preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { AdminGuard } from '../admin/admin-guard';
import { MANAGE_ROUTE } from '../admin/admin-shared';
import './device-admin-messages';
import { doorHours } from './door-rules';
import { doorsApi, READABLE_ERROR, registryKeys, useDoorDefault, useDoors } from './registry-api';

/** /manage/doors: the community's doors, their door sensor and alert hours; add, edit hours, delete. */
export function DoorsPage() {
  preloadMessages('doors');
  const t = useMessages('doors');
  return (
    <>
      <PageHeader title={t.doors()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => <Doors facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

function AddDoor({ facilityId }: { facilityId: string }) {
  const t = useMessages('doors');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => doorsApi.create({ facilityRid: facilityId, doorName: name.trim() }),
    onSuccess: async (door) => {
      toast.success(t.doorAdded({ name: door.name }));
      setName('');
      await queryClient.invalidateQueries({ queryKey: registryKeys.doors(facilityId) });
    },
    onError: (failure) => {
      // A name taken (409): said under the field in the reader's words; a refused name (400): as the reply says.
      if (isApiError(failure) && failure.status === 409) {
        setError(t.doorNameTaken({ name: name.trim() }));
        return;
      }
      if (isApiError(failure) && failure.status === 400) {
        setError(failure.issues?.[0]?.message ?? failure.message);
        return;
      }
      reportError(failure, { action: 'add door' });
      toast.error(t.doorSaveFailed());
    },
  });
  return (
    <Card withBorder padding="md" component="section" aria-label={t.addDoor()}>
      <Stack gap="sm">
        <TextInput
          size="lg"
          style={READABLE_ERROR}
          label={t.doorName()}
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
          {t.addDoor()}
        </Button>
      </Stack>
    </Card>
  );
}

function DoorRow({ door, fallback }: { door: TDoorReply; fallback: TDoorAlarmScheduleReply | null }) {
  const t = useMessages('doors');
  const drawers = useDrawers();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => doorsApi.remove(door.rid),
    onSuccess: async () => {
      toast.success(t.doorDeleted({ name: door.name }));
      await queryClient.invalidateQueries({ queryKey: registryKeys.doors(door.facilityId) });
    },
    onError: (error) => {
      reportError(error, { action: 'delete door', doorRid: door.rid });
      toast.error(
        isApiError(error) && error.status === 409 ? t.unassignSensorBeforeDelete() : t.deleteFailed(),
      );
    },
  });
  const followsDefault = !door.doorAlarmSchedule && fallback !== null;
  const hours = doorHours(door.doorAlarmSchedule ?? fallback, t);
  const sensor = door.deviceAllocation;
  const whyNotId = useId();
  return (
    <Card withBorder padding="sm" aria-label={door.name} role="group">
      <Stack gap={6}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {door.name}
        </Text>
        <Text size="sm" c="dimmed">
          {sensor ? t.doorSensor({ hardwareId: sensor.device.hardwareId }) : t.noDoorSensor()}
        </Text>
        <Text size="sm" data-testid="door-hours">
          {followsDefault ? t.alertHoursDefault({ hours }) : t.alertHours({ hours })}
        </Text>
        {/* Stacked, full width: side by side at 360 px the labels were cut ('Edit alert h…'). */}
        <Stack gap="xs">
          <Button size="lg" variant="light" fullWidth onClick={() => drawers.open('door-schedule', { door })}>
            {t.editAlertHours()}
          </Button>
          <Button
            size="lg"
            variant="outline"
            color="red"
            fullWidth
            disabled={Boolean(sensor)}
            // Disabled, it says why (the text under it, read with the button too).
            aria-describedby={sensor ? whyNotId : undefined}
            loading={remove.isPending}
            onClick={() =>
              drawers.open('confirmation', {
                title: t.deleteDoorTitle({ name: door.name }),
                text: t.deleteDoorText(),
                confirmLabel: t.deleteDoor(),
                cancelLabel: t.cancel(),
                destructive: true,
                onConfirm: () => remove.mutateAsync().then(() => undefined),
              })
            }
          >
            {t.deleteDoor()}
          </Button>
          {sensor ? (
            <Text size="sm" c="dimmed" id={whyNotId}>
              {t.unassignSensorBeforeDelete()}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}

function Doors({ facilityId }: { facilityId: string }) {
  const t = useMessages('doors');
  const doors = useDoors(facilityId);
  const fallback = useDoorDefault(facilityId);
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="md">
        <AddDoor facilityId={facilityId} />
        {doors.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : doors.isError ? (
          <Alert color="red" title={doors.error.message}>
            <Button variant="light" onClick={() => void doors.refetch()}>
              {t.retry()}
            </Button>
          </Alert>
        ) : doors.data.length === 0 ? (
          <Text c="dimmed">{t.noDoors()}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.doors()}>
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
