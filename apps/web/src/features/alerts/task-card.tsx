import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { TTaskReply } from '@sage/contract';
import { formatTimeSince } from '@sage/domain';
import { Link } from 'react-router';
import { useMessages, useTaskTitle } from '../../shared/i18n';
import { mineLabel, severityColor, staffName, taskWhereLine } from './task-labels';

export interface TaskCardProps {
  task: TTaskReply;
  now: number;
  staffMemberId: string | undefined;
}

/** The height of a card with a one-line title; lists hold this much while they load (decision 0187). */
export const TASK_CARD_MIN_HEIGHT = 128;

/**
 * One alert in a list: severity, title, unit, resident, time since creation, who holds it. Opens the detail.
 * The link is named by what it shows (a name of its own that leaves out visible text fails those who speak to
 * their phone); the status is read right after the title ("…needs assistance, Open - claimed").
 */
export function TaskCard({ task, now, staffMemberId }: TaskCardProps) {
  const m = useMessages('dashboard');
  const severity = useMessages('severity');
  const status = useMessages('status');
  const title = useTaskTitle(task.kind);
  const mineKey = mineLabel(task, staffMemberId);
  const mine = mineKey ? m[mineKey]() : null;
  const holder = staffName(task.assignee);
  return (
    <Card
      component={Link}
      to={`/alerts/alert/${task.id}`}
      withBorder
      padding="sm"
      radius="md"
      data-testid="task-card"
      mih={TASK_CARD_MIN_HEIGHT}
      style={{ borderLeft: `6px solid var(--mantine-color-${severityColor(task.severity)}-6)` }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Badge color={severityColor(task.severity)} variant="filled" size="sm">
            {severity[task.severity]()}
          </Badge>
          <Text
            size="sm"
            c="dimmed"
            component="time"
            dateTime={new Date(task.creationTimestamp).toISOString()}
            title={m.timeSinceCreation()}
          >
            {formatTimeSince(task.creationTimestamp, now)}
          </Text>
        </Group>
        <Text fw={700} lineClamp={2}>
          {/* Resident names in it stay as written; the product's own titles in the reader's language. */}
          {title(task.title)}
          <span className="sage-spoken-only">, {status[task.status]()}</span>
        </Text>
        <Text size="sm">{taskWhereLine(task, m)}</Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            <span aria-hidden>{status[task.status]()}</span>
            {holder && !mine ? ` · ${holder}` : ''}
          </Text>
          {mine ? (
            <Badge variant="light" color="blue" size="sm" tt="none">
              {mine}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
