import { Button, Card, Checkbox, Drawer, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  FOLLOW_UP_ACTION_LABELS,
  FOLLOW_UP_ACTIONS,
  type FollowUpAction,
  NOTE_MAX_LENGTH,
  observationLabel,
  type TTaskReply,
} from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../shared/api/client';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import '../tasks/tasks-messages';
import { invalidateTask, tasksApi } from './alerts-api';
import { updateCachedTaskLists } from './task-cache';
import { staffName } from './task-labels';

/**
 * An escalated observation's own close (issue #32, nurse point 2; decision 0620): what the nurse did (a checklist,
 * at least one) and a note, in one drawer and one call, in place of a call's resolve steps ('Select all care
 * provided', then 'Any new changes to escalate to Nurse?'). Kept apart from the care drawers.
 */
export function FollowUpCloseButton({ task }: { task: TTaskReply }) {
  const m = useMessages('alert');
  const tasks = useMessages('tasks');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="lg" fullWidth onClick={() => setOpened(true)}>
        {m.followUpClose()}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="bottom"
        size="auto"
        title={m.followUpTitle()}
        // A named close button, a 44 px touch target (STYLE.md).
        closeButtonProps={{ 'aria-label': tasks.close(), size: 44 }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {opened ? <FollowUpForm task={task} onDone={() => setOpened(false)} /> : null}
      </Drawer>
    </>
  );
}

function FollowUpForm({ task, onDone }: { task: TTaskReply; onDone: () => void }) {
  const m = useMessages('alert');
  const queryClient = useQueryClient();
  const [actions, setActions] = useState<FollowUpAction[]>([]);
  const [note, setNote] = useState('');
  const close = useMutation({
    mutationFn: () =>
      tasksApi.closeFollowUp(task.id, { actions, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (reply) => {
      updateCachedTaskLists(queryClient, { id: reply.id, status: reply.status, task: reply });
      toast.success(m.followUpClosed());
      onDone();
    },
    onError: (error) => {
      // Closed by someone else meanwhile: the refetch shows it closed.
      if (isApiError(error) && error.status === 409) onDone();
      else {
        reportError(error, { action: 'follow-up', taskId: task.id });
        toast.error(m.failed());
      }
    },
    onSettled: () => invalidateTask(queryClient, task.id),
  });
  return (
    <Stack gap="md" pb="md">
      <Checkbox.Group
        label={m.followUpWhatDidYouDo()}
        value={actions}
        onChange={(value) => setActions(value as FollowUpAction[])}
        styles={{ label: { fontWeight: 600, marginBottom: 8 } }}
      >
        <Stack gap="sm">
          {FOLLOW_UP_ACTIONS.map((action) => (
            <Checkbox key={action} value={action} size="md" label={m[`followUp_${action}`]()} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Textarea
        label={m.followUpNote()}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={NOTE_MAX_LENGTH}
        minRows={3}
        autosize
      />
      <Group grow>
        <Button size="lg" variant="default" onClick={onDone}>
          {m.followUpCancel()}
        </Button>
        <Button
          size="lg"
          disabled={actions.length === 0}
          loading={close.isPending}
          onClick={() => close.mutate()}
        >
          {m.followUpSubmit()}
        </Button>
      </Group>
    </Stack>
  );
}

/** What the caregiver saw and wrote, on the observation's own page (not only in the /tasks list). */
export function ObservationCard({ task }: { task: TTaskReply }) {
  const m = useMessages('alert');
  const observation = useMessages('observation');
  const label = (id: string) =>
    (observation as Record<string, (() => string) | undefined>)[id]?.() ?? observationLabel(id);
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={m.observation()}>
      <Stack gap={4}>
        <Title order={2} fz="h4">
          {m.observation()}
        </Title>
        {task.observations.length > 0 ? (
          <Text fw={600}>{task.observations.map(label).join(', ')}</Text>
        ) : null}
        {task.description ? (
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="observation-note"
          >
            {task.description}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A closed follow-up: who closed it, what she did (the close's updates), her note. */
export function FollowUpClosedCard({ task }: { task: TTaskReply }) {
  const m = useMessages('alert');
  const labels = new Map(
    FOLLOW_UP_ACTIONS.map((action) => [FOLLOW_UP_ACTION_LABELS[action], m[`followUp_${action}`]()]),
  );
  const done = task.updates
    .filter((u) => u.type === 'MANUAL_ENTRY' && labels.has(u.description))
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((u) => labels.get(u.description) as string);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="follow-up-closed">
      <Text fw={700}>
        {task.resolvedBy ? m.followedUpBy({ name: staffName(task.resolvedBy) ?? '' }) : m.resolved()}
      </Text>
      {done.length > 0 ? (
        <List size="sm">
          {done.map((text) => (
            <List.Item key={text}>{text}</List.Item>
          ))}
        </List>
      ) : null}
      {task.resolutionNote ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.resolutionNote}
        </Text>
      ) : null}
    </Card>
  );
}
