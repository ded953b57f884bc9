import { Alert, Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { DoorSchedulePreset, type TDoorReply } from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import './device-admin-messages';
import {
  choosePreset,
  type DoorScheduleForm,
  doorScheduleView,
  doorTexts,
  initialDoorScheduleForm,
  planDoorScheduleSave,
} from './door-rules';
import { doorsApi, registryKeys, useDoorDefault } from './registry-api';

export interface DoorScheduleDrawerProps {
  door: TDoorReply;
  /** Runs once the schedule is saved (the drawer then moves on). */
  onSaved?: () => void;
}

const PRESETS = [
  DoorSchedulePreset.ALWAYS_ALERT,
  DoorSchedulePreset.NEVER_ALERT,
  DoorSchedulePreset.SEVEN_PM_TO_SEVEN_AM,
  DoorSchedulePreset.CUSTOM,
] as const;

/**
 * Door schedule ('door alert hours', sign-in doc sections 3 and 5): presets Always Alert, Never Alert,
 * 7 PM - 7 AM and Custom Time with start and end; the custom-time messages and the overnight note; Continue
 * creates or updates the schedule and links a new one to the door. The door's own schedule is edited, else
 * the community default it follows is shown as the starting point.
 */
export function DoorScheduleDrawer({
  drawer,
  door,
  onSaved,
}: DoorScheduleDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('doors');
  const fallback = useDoorDefault(door.doorAlarmSchedule ? undefined : door.facilityId);
  if (!door.doorAlarmSchedule && fallback.isPending) {
    return (
      <DrawerLayout drawer={drawer} title={m.scheduleTitle()} backLabel={m.back()}>
        <Loader aria-label={m.loading()} />
      </DrawerLayout>
    );
  }
  return (
    <DoorScheduleFormDrawer
      drawer={drawer}
      door={door}
      onSaved={onSaved}
      initial={initialDoorScheduleForm(door.doorAlarmSchedule ?? fallback.data ?? null)}
    />
  );
}

function DoorScheduleFormDrawer({
  drawer,
  door,
  onSaved,
  initial,
}: DoorScheduleDrawerProps & { drawer: DrawerControls; initial: DoorScheduleForm }) {
  const m = useMessages('doors');
  const [form, setForm] = useState<DoorScheduleForm>(initial);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const plan = planDoorScheduleSave(door, form);
      if (!plan) throw new Error('The alert period is refused');
      const saved = await doorsApi.saveSchedule(plan.request);
      if (plan.linkToDoor) {
        await doorsApi.update(door.rid, {
          facilityRid: door.facilityId,
          doorAlarmScheduleRid: saved.rid,
          doorName: door.name,
        });
      }
    },
    onSuccess: async () => {
      toast.success(m.saved({ door: door.name }));
      await queryClient.invalidateQueries({ queryKey: registryKeys.doors(door.facilityId) });
      onSaved?.();
      drawer.next();
    },
    onError: (error) => {
      reportError(error, { action: 'save door schedule', doorRid: door.rid });
      toast.error(m.saveFailed());
    },
  });
  const view = doorScheduleView(form, save.isPending, doorTexts(m));

  return (
    <DrawerLayout
      drawer={drawer}
      title={m.scheduleTitle()}
      backLabel={m.back()}
      actions={
        <>
          <Button
            size="lg"
            fullWidth
            disabled={!view.canContinue}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {m.continue()}
          </Button>
          <Button size="lg" fullWidth variant="default" disabled={save.isPending} onClick={drawer.close}>
            {m.cancel()}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        <Text fw={600}>{door.name}</Text>
        <Radio.Group
          label={m.presets()}
          value={form.preset}
          onChange={(value) => setForm((current) => choosePreset(current, value as DoorSchedulePreset))}
        >
          <Stack gap={0} mt="xs">
            {PRESETS.map((preset) => (
              <Radio
                key={preset}
                value={preset}
                size="md"
                label={m[`preset_${preset}`]()}
                styles={{ body: { minHeight: 48, alignItems: 'center' }, labelWrapper: { flex: 1 } }}
              />
            ))}
          </Stack>
        </Radio.Group>
        {form.preset === DoorSchedulePreset.CUSTOM ? (
          <Stack gap="sm">
            <Group grow gap="sm" align="flex-start">
              <TextInput
                size="lg"
                type="time"
                label={m.startTime()}
                value={form.startTime}
                onChange={(event) => {
                  const startTime = event.currentTarget.value;
                  setForm((current) => ({ ...current, startTime }));
                }}
              />
              <TextInput
                size="lg"
                type="time"
                label={m.endTime()}
                value={form.endTime}
                onChange={(event) => {
                  const endTime = event.currentTarget.value;
                  setForm((current) => ({ ...current, endTime }));
                }}
              />
            </Group>
            {view.error ? (
              <Text c="red.8" role="alert">
                {view.error}
              </Text>
            ) : null}
            {view.overnightNote ? (
              <Alert color="blue" variant="light" data-testid="overnight-note">
                {view.overnightNote}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </DrawerLayout>
  );
}
