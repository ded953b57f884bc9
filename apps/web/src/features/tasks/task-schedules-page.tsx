import { Badge, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { TTaskSchedule } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { preloadMessages, useLanguage, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { AdminGuard } from '../admin/admin-guard';
import { inlineEditorWrites, useAdminWrite } from '../admin/use-admin-write';
import { useCurrentFacility, useFacilityStaff } from '../shift/shift-api';
import { useFacilityGroups } from '../team/team-api';
import { serverFieldChecks } from './task-field-errors';
import { formatInZone } from './task-form-options';
import { type ScheduleFields, TaskScheduleForm } from './task-schedule-form';
import { repeatLabel } from './task-schedule-repeats';
import { manualTaskKeys, manualTasksApi, useTaskSchedules } from './tasks-api';
import './task-form-messages';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; schedule: TTaskSchedule };

/** /tasks/schedules: the community's task schedules for management: list, add, edit, delete (decision 0242). */
export function TaskSchedulesPage() {
  preloadMessages('taskForm', 'severity');
  const m = useMessages('taskForm');
  return (
    <>
      <PageHeader title={m.schedulesTitle()} defaultRoute="/tasks" />
      <AdminGuard loadingLabel={m.loading()}>
        {({ facilityId }) => <Schedules facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

function Schedules({ facilityId }: { facilityId: string }) {
  const m = useMessages('taskForm');
  const language = useLanguage();
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
    (errors) => setServerErrors(serverFieldChecks(errors, m, language)),
    { stale: m.stale(), failed: m.saveFailed() },
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
    savedMessage: (s) => m.saved({ title: s.title }),
  });
  const remove = useAdminWrite({
    ...routine,
    write: (s: TTaskSchedule) => manualTasksApi.removeSchedule(s.id),
    savedMessage: (_r, s) => m.deleted({ title: s.title }),
  });

  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="md">
        {editing.mode === 'closed' ? (
          <Button size="lg" onClick={() => setEditing({ mode: 'add' })}>
            {m.addSchedule()}
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
          <Loader aria-label={m.loading()} />
        ) : schedules.isError ? (
          <Text c="red">{schedules.error.message}</Text>
        ) : schedules.data.schedules.length === 0 ? (
          <Text c="dimmed">{m.noSchedules()}</Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={m.schedulesList()}
          >
            {schedules.data.schedules.map((s) => (
              <li key={s.id}>
                <Paper withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>{s.title}</Text>
                      <Text size="sm">{repeatLabel(s.recurringIntervalInMin, m)}</Text>
                      <Text size="sm" c="dark.6">
                        {s.nextRunAt
                          ? m.next({ time: formatInZone(s.nextRunAt, s.timezone) })
                          : m.noFurtherRuns()}
                      </Text>
                      {!s.isActive ? <Badge color="gray">{m.paused()}</Badge> : null}
                    </Stack>
                    <Button
                      variant="light"
                      mih={44}
                      aria-label={m.editName({ title: s.title })}
                      onClick={() => setEditing({ mode: 'edit', schedule: s })}
                    >
                      {m.edit()}
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
