import { Box, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { preloadMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { useSession } from '../../shared/session';
import { LiveUpdates } from '../live/use-live-updates';
import { useWithOpenTrainingTasks } from '../training/use-training-tasks';
import { useClosedTasks, useOpenTasks } from './alerts-api';
import { TaskCard } from './task-card';
import { useNow } from './use-now';

/** /alerts: open and closed alerts (most severe, then oldest first for open ones; newest first for closed). */
export function AlertsPage() {
  // The cards' messages, loading with the lists rather than after them.
  preloadMessages('dashboard', 'severity', 'status');
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  const session = useSession();
  const now = useNow();
  const openTasks = useOpenTasks();
  const closedTasks = useClosedTasks();
  // The training alert shows among the open ones while the tour runs (decision 0361).
  const openWithTraining = useWithOpenTrainingTasks(openTasks.data);
  const query = tab === 'open' ? openTasks : closedTasks;
  const shown = (tab === 'open' ? openWithTraining : closedTasks.data) ?? [];
  return (
    <>
      <LiveUpdates />
      <PageHeader title="Alerts" />
      <Box component="main" p="md">
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            size="md"
            value={tab}
            onChange={(value) => setTab(value as 'open' | 'closed')}
            data={[
              { value: 'open', label: `Open${openWithTraining ? ` (${openWithTraining.length})` : ''}` },
              { value: 'closed', label: 'Closed' },
            ]}
          />
          {query.isPending ? (
            <Loader aria-label="Loading" />
          ) : query.isError ? (
            <Text c="red">{query.error.message}</Text>
          ) : shown.length === 0 ? (
            <Text c="dimmed">{tab === 'open' ? 'No open alerts' : 'No closed alerts'}</Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={`${tab} alerts`}
            >
              {shown.map((task) => (
                <li key={task.id}>
                  <TaskCard task={task} now={now} staffMemberId={session?.staffMemberId} />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Box>
    </>
  );
}
