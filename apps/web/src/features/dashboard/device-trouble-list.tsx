import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TTaskReply } from '@sage/contract';
import { formatTimeSince } from '@sage/domain';
import { useMessages, useTaskTitle } from '../../shared/i18n';
import { severityColor } from '../alerts/task-labels';
import '../device-qa/device-messages';

/** The Device trouble section's heading and cards, in the reader's language (decisions 0105, 0700). */
export function DeviceTroubleList({ tasks, now }: { tasks: readonly TTaskReply[]; now: number }) {
  const m = useMessages('devices');
  return (
    <Stack gap="sm" component="section" aria-labelledby="device-trouble-title">
      <Title order={2} fz="h4" id="device-trouble-title">
        {m.trouble()}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.openTrouble()}>
        {tasks.map((task) => (
          <li key={task.id}>
            <DeviceTroubleCard task={task} now={now} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function DeviceTroubleCard({ task, now }: { task: TTaskReply; now: number }) {
  const m = useMessages('devices');
  // The worker's English title in the reader's language, names as written (decision 0750).
  const title = useTaskTitle(task.kind)(task.title);
  const cause = task.troubleCause;
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      bg="var(--mantine-color-gray-0)"
      aria-label={title}
      data-testid="device-trouble-card"
      style={{ borderLeft: `6px dashed var(--mantine-color-${severityColor(task.severity)}-6)` }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Badge color="gray" variant="outline" size="sm" tt="none">
            {cause ? m[cause]() : m.trouble()}
          </Badge>
          <Text size="sm" c="dimmed" aria-label={m.timeSinceCreation()}>
            {formatTimeSince(task.creationTimestamp, now)}
          </Text>
        </Group>
        <Text fw={700} lineClamp={2}>
          {title}
        </Text>
        {task.unit ? <Text size="sm">{task.unit.displayName}</Text> : null}
        {cause ? (
          <Text size="sm" c="dimmed">
            {m[`${cause}_hint`]()}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
