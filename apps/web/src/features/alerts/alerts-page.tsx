import { Box, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { lazyMessages, preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { useSession } from '../../shared/session';
import { LiveUpdates } from '../live/use-live-updates';
import { useWithOpenTrainingTasks } from '../training/use-training-tasks';
import { useClosedTasks, useOpenTasks } from './alerts-api';
import { TaskCard } from './task-card';
import { useNow } from './use-now';

/** The list's own words (decision 0670), loaded with this page. */
lazyMessages('alertList', {
  en: () => import('virtual:messages/en/alertList'),
  es: () => import('virtual:messages/es/alertList'),
});

/** /alerts: open and closed alerts (most severe, then oldest first for open ones; newest first for closed). */
export function AlertsPage() {
  // The cards' messages, loading with the lists rather than after them.
  preloadMessages('dashboard', 'severity', 'status');
  const m = useMessages('alertList');
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
      <PageHeader title={m.title()} />
      <Box component="main" p="md">
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            size="md"
            value={tab}
            onChange={(value) => setTab(value as 'open' | 'closed')}
            // Each segment at least 44 px high, a touch target (Mantine's md is 33 px).
            styles={{
              label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' },
            }}
            data={[
              {
                value: 'open',
                label: openWithTraining ? m.openCount({ count: openWithTraining.length }) : m.open(),
              },
              { value: 'closed', label: m.closed() },
            ]}
          />
          {query.isPending ? (
            <Loader aria-label={m.loading()} />
          ) : query.isError ? (
            <Text c="red">{query.error.message}</Text>
          ) : shown.length === 0 ? (
            <Text c="dimmed">{tab === 'open' ? m.noOpenAlerts() : m.noClosedAlerts()}</Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={tab === 'open' ? m.openList() : m.closedList()}
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
