import { Badge, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { TASK_SCHEDULE_REPEAT_OPTIONS, type TTaskSchedule } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../shared/page-header/page-header';
import { AdminGuard } from '../admin/admin-guard';
import { inlineEditorWrites, useAdminWrite } from '../admin/use-admin-write';
import { useCurrentFacility, useFacilityStaff } from '../shift/shift-api';
import { useFacilityGroups } from '../team/team-api';
import { formatInZone } from './task-form-options';
import { type ScheduleFields, TaskScheduleForm } from './task-schedule-form';
import { manualTaskKeys, manualTasksApi, useTaskSchedules } from './tasks-api';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; schedule: TTaskSchedule };

const repeatLabel = (minutes: number | null): string =>
  TASK_SCHEDULE_REPEAT_OPTIONS.find((o) => o.value === (minutes ?? 0))?.label ?? `Every ${minutes} minutes`;

/** /tasks/schedules: the community's task schedules for management: list, add, edit, delete (decision 0242). */
export function TaskSchedulesPage() {
  return (
    <>
      <PageHeader title="Task Schedules" defaultRoute="/tasks" />
      <AdminGuard>{({ facilityId }) => <Schedules facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function Schedules({ facilityId }: { facilityId: string }) {
  const facility = useCurrentFacility();
  const timeZone = facility.data?.timezone ?? 'UTC';
  const schedules = useTaskSchedules(facilityId);
  const groups = useFacilityGroups(facilityId);
  const staff = useFacilityStaff(facilityId);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();

  const routine = inlineEditorWrites(
    () => queryClient.invalidateQueries({ queryKey: manualTaskKeys.schedules(facilityId) }),
    () => setEditing({ mode: 'closed' }),
    setServerErrors,
    {
      stale: 'Someone else changed this schedule; it has been reloaded.',
      failed: 'There was an error saving this schedule. Please try again.',
    },
  );
  const save = useAdminWrite({
    ...routine,
    write: (fields: ScheduleFields) =>
      editing.mode === 'edit'
        ? manualTasksApi.updateSchedule(editing.schedule.id, {
            ...fields,
            updatedAt: editing.schedule.updatedAt,
          })
        : manualTasksApi.createSchedule({ ...fields, facilityId }),
    savedMessage: (s) => `Schedule ${s.title} saved`,
  });
  const remove = useAdminWrite({
    ...routine,
    write: (s: TTaskSchedule) => manualTasksApi.removeSchedule(s.id),
    savedMessage: (_r, s) => `Schedule ${s.title} deleted`,
  });

  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="md">
        {editing.mode === 'closed' ? (
          <Button size="lg" onClick={() => setEditing({ mode: 'add' })}>
            Add Schedule
          </Button>
        ) : (
          <TaskScheduleForm
            key={editing.mode === 'edit' ? editing.schedule.id : 'new'}
            schedule={editing.mode === 'edit' ? editing.schedule : null}
            timeZone={timeZone}
            groups={groups.data}
            staff={staff.data}
            saving={save.isPending || remove.isPending}
            serverErrors={serverErrors}
            onSave={(fields) => save.mutate(fields)}
            onCancel={() => {
              setEditing({ mode: 'closed' });
              setServerErrors({});
            }}
            onDelete={editing.mode === 'edit' ? () => remove.mutate(editing.schedule) : undefined}
          />
        )}
        {schedules.isPending ? (
          <Loader aria-label="Loading" />
        ) : schedules.isError ? (
          <Text c="red">{schedules.error.message}</Text>
        ) : schedules.data.schedules.length === 0 ? (
          <Text c="dimmed">No task schedules</Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Task schedules"
          >
            {schedules.data.schedules.map((s) => (
              <li key={s.id}>
                <Paper withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>{s.title}</Text>
                      <Text size="sm">{repeatLabel(s.recurringIntervalInMin)}</Text>
                      <Text size="sm" c="dark.6">
                        {s.nextRunAt ? `Next: ${formatInZone(s.nextRunAt, s.timezone)}` : 'No further runs'}
                      </Text>
                      {!s.isActive ? <Badge color="gray">Paused</Badge> : null}
                    </Stack>
                    <Button
                      variant="light"
                      mih={44}
                      aria-label={`Edit ${s.title}`}
                      onClick={() => setEditing({ mode: 'edit', schedule: s })}
                    >
                      Edit
                    </Button>
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
