import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  DEVICE_TROUBLE_CAUSE_LABELS,
  DEVICE_TROUBLE_HINTS,
  OPEN_TASK_STATUSES,
  TaskKind,
  type TTaskReply,
} from '@sage/contract';
import { compareCallRank, formatTimeSince } from '@sage/domain';
import { useQuery } from '@tanstack/react-query';
import { taskKeys, tasksApi } from '../alerts/alerts-api';
import { severityColor } from '../alerts/task-labels';

/**
 * Open device-trouble tasks of my facilities (decision 0105). Under the task lists' key, so every live task
 * change refreshes it with them.
 */
export function useOpenDeviceTrouble() {
  return useQuery({
    queryKey: [...taskKeys.lists, 'device-trouble'] as const,
    queryFn: () =>
      tasksApi.search({ statuses: [...OPEN_TASK_STATUSES], kinds: [TaskKind.DEVICE_TROUBLE], pageSize: 200 }),
    select: (page) => [...page.tasks].sort(compareCallRank),
  });
}

/**
 * The dashboard's 'Device trouble' section, apart from residents' alerts: silent devices and gateways, low
 * batteries. Shown only while there is trouble; no actions, since each clears itself once fixed.
 */
export function DeviceTroubleSection({ now }: { now: number }) {
  const trouble = useOpenDeviceTrouble();
  if (!trouble.data?.length) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="device-trouble-title">
      <Title order={2} fz="h4" id="device-trouble-title">
        Device trouble
      </Title>
      <Stack
        gap="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Open device trouble"
      >
        {trouble.data.map((task) => (
          <li key={task.id}>
            <DeviceTroubleCard task={task} now={now} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function DeviceTroubleCard({ task, now }: { task: TTaskReply; now: number }) {
  const cause = task.troubleCause;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      bg="var(--mantine-color-gray-0)"
      aria-label={task.title}
      data-testid="device-trouble-card"
      style={{ borderLeft: `6px dashed var(--mantine-color-${severityColor(task.severity)}-6)` }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Badge color="gray" variant="outline" size="sm" tt="none">
            {cause ? DEVICE_TROUBLE_CAUSE_LABELS[cause] : 'Device trouble'}
          </Badge>
          <Text size="sm" c="dimmed" aria-label="Time since creation">
            {formatTimeSince(task.creationTimestamp, now)}
          </Text>
        </Group>
        <Text fw={700} lineClamp={2}>
          {task.title}
        </Text>
        {task.unit ? <Text size="sm">{task.unit.displayName}</Text> : null}
        {cause ? (
          <Text size="sm" c="dimmed">
            {DEVICE_TROUBLE_HINTS[cause]}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
