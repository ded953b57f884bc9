import { Box, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TTaskReply } from '@sage/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { useSession } from '../../shared/session';
import { useFacilityPermissions } from '../admin/admin-shared';
import { TaskCard } from '../alerts/task-card';
import { useNow } from '../alerts/use-now';
import { LiveUpdates } from '../live/use-live-updates';
import { useEscalatedObservations, useMyOpenTasks } from './tasks-api';
import './tasks-messages';

export const TASKS_ROUTE = '/tasks';
export const TASK_SCHEDULES_ROUTE = '/tasks/schedules';

/**
 * /tasks: observations escalated to the nurses (open, most severe then oldest first) and the open tasks for
 * me or my groups; each opens its page, where it is claimed and resolved (decision 0242).
 */
export function TasksPage() {
  // The cards' messages, loading with the lists rather than after them.
  preloadMessages('tasks', 'dashboard', 'severity', 'status');
  const m = useMessages('tasks');
  const [tab, setTab] = useState<'observations' | 'mine'>('observations');
  const session = useSession();
  const now = useNow();
  const { facilityId, permissions } = useFacilityPermissions();
  const observations = useEscalatedObservations(facilityId);
  const mine = useMyOpenTasks(facilityId);
  const query = tab === 'observations' ? observations : mine;
  return (
    <>
      <LiveUpdates />
      <PageHeader
        title={m.title()}
        action={
          <Button component={Link} to="/tasks/add" size="md" mih={44}>
            {m.addTask()}
          </Button>
        }
      />
      <Box component="main" p="md">
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            size="md"
            value={tab}
            onChange={(value) => setTab(value as 'observations' | 'mine')}
            // Each tab a 44 px touch target (STYLE.md), as the scan at 360 px checks.
            styles={{
              label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' },
            }}
            data={[
              {
                value: 'observations',
                label: observations.data
                  ? m.observationsCount({ count: observations.data.length })
                  : m.observations(),
              },
              { value: 'mine', label: m.myTasks() },
            ]}
          />
          {query.isPending ? (
            <Loader aria-label={m.loading()} />
          ) : query.isError ? (
            <Text c="red">{query.error.message}</Text>
          ) : query.data.length === 0 ? (
            <Text c="dimmed">{tab === 'observations' ? m.noObservations() : m.noOpenTasks()}</Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={tab === 'observations' ? m.observations() : m.myTasks()}
            >
              {query.data.map((task: TTaskReply) => (
                <li key={task.id}>
                  <Stack gap={4}>
                    <TaskCard task={task} now={now} staffMemberId={session?.staffMemberId} />
                    {task.description ? (
                      <Text size="sm" c="dark.6" px="xs" data-testid="task-description">
                        {task.description}
                      </Text>
                    ) : null}
                  </Stack>
                </li>
              ))}
            </Stack>
          )}
          {permissions?.isManagement ? (
            <Group grow>
              <Button component={Link} to={TASK_SCHEDULES_ROUTE} variant="light" size="lg">
                {m.schedules()}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Box>
    </>
  );
}
