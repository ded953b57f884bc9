import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { DEVICE_TYPE_LABELS, isClosedTaskStatus, type TTaskReply } from '@sage/contract';
import { formatTimeSince } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useDrawers } from '../../shared/drawers';
import { type Messages, preloadMessages, useMessages, useTaskTitle } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/toast';
import { confirmCareWorkflow, resolveWorkflow, taskResolutionContext } from '../care/resolution-flow';
import { LiveUpdates } from '../live/use-live-updates';
import { ReassignAlertButton } from '../pickers/reassign-alert-button';
import { isTrainingTaskId } from '../training/training-tasks';
import { UnitLink } from '../units/unit-link';
import { invalidateTask, type RequestableTaskStatus, tasksApi, useTask } from './alerts-api';
import { FollowUpCloseButton, FollowUpClosedCard, ObservationCard } from './follow-up-close';
import { updateCachedTaskLists } from './task-cache';
import { mineLabel, residentName, severityColor, staffName } from './task-labels';
import { useNow } from './use-now';

/** /alerts/alert/{taskId}: the alert, its timeline and notes, and the actions valid in its status. */
export function AlertDetailPage() {
  const { taskId = '' } = useParams();
  const task = useTask(taskId);
  // The care confirmation drawer's too, so it opens at once.
  preloadMessages('alert', 'dashboard', 'severity', 'status', 'care', 'observation');
  const m = useMessages('alert');
  return (
    <>
      <LiveUpdates />
      <PageHeader title={m.title()} defaultRoute="/alerts" />
      <Box component="main" p="md" pb={96}>
        {task.isPending ? (
          <Loader aria-label="Loading" />
        ) : task.isError ? (
          <Alert color="red" title={m.couldNotLoad()}>
            {task.error.message}
          </Alert>
        ) : (
          <AlertDetail task={task.data} />
        )}
      </Box>
    </>
  );
}

function AlertDetail({ task }: { task: TTaskReply }) {
  const session = useSession();
  const me = session?.staffMemberId;
  const now = useNow();
  const queryClient = useQueryClient();
  const drawers = useDrawers();
  const m = useMessages('alert');
  const dashboard = useMessages('dashboard');
  const severity = useMessages('severity');
  const statusLabel = useMessages('status');
  const title = useTaskTitle(task.kind);
  const status = useMutation({
    mutationFn: (next: RequestableTaskStatus | 'UNASSIGN') =>
      next === 'UNASSIGN' ? tasksApi.unassign(task.id) : tasksApi.setStatus(task.id, next),
    onSuccess: (reply) =>
      updateCachedTaskLists(queryClient, { id: reply.id, status: reply.status, task: reply }),
    onError: (error) => {
      // A lost race (claimed by someone else, status changed): the refetch shows where the task is now.
      if (!(isApiError(error) && error.status === 409)) {
        reportError(error, { action: 'task-status', taskId: task.id });
        // Failures without a message of their own in the spec (docs/decisions/0051).
        toast.error(m.failed());
      }
    },
    onSettled: () => invalidateTask(queryClient, task.id),
  });

  const open = !isClosedTaskStatus(task.status);
  const mine = task.assignee?.id === me;
  const context = taskResolutionContext(task);
  const resident = residentName(task);
  const mineKey = mineLabel(task, me);
  const mineText = mineKey ? dashboard[mineKey]() : null;

  // An escalated observation closes with its own short form, not a call's resolve steps (decision 0620).
  const followUp = task.severity === 'ESCALATION_OBSERVATION';
  const actions: React.ReactNode[] = [];
  if (open && followUp && (mine || task.status === 'OPEN_UNCLAIMED')) {
    actions.push(<FollowUpCloseButton key="follow-up" task={task} />);
  }
  if (open && task.status === 'OPEN_UNCLAIMED') {
    actions.push(
      <Button
        key="claim"
        size="lg"
        fullWidth
        loading={status.isPending}
        onClick={() => status.mutate('OPEN_CLAIMED')}
      >
        {m.claim()}
      </Button>,
    );
  }
  if (open && mine && task.status !== 'OPEN_UNCLAIMED') {
    if (context.needsCareConfirmation) {
      actions.push(
        <Button
          key="confirm"
          size="lg"
          fullWidth
          onClick={() => drawers.openWorkflow(confirmCareWorkflow(task))}
        >
          {m.confirmCare()}
        </Button>,
      );
    }
    if (task.status !== 'OPEN_CONFIRMING' && !followUp) {
      actions.push(
        <Button
          key="resolve"
          size="lg"
          fullWidth
          variant={context.needsCareConfirmation ? 'light' : 'filled'}
          onClick={() => drawers.openWorkflow(resolveWorkflow(task))}
        >
          {m.resolve()}
        </Button>,
      );
    }
    actions.push(
      <Button
        key="unclaim"
        size="lg"
        fullWidth
        variant="default"
        loading={status.isPending}
        onClick={() => status.mutate('UNASSIGN')}
      >
        {m.unclaim()}
      </Button>,
    );
  }
  // A training alert exists only in this browser: nobody to hand it to (decision 0361).
  const training = isTrainingTaskId(task.id);
  if (!training) actions.push(<ReassignAlertButton key="reassign" task={task} />);
  actions.push(
    <Button
      key="note"
      size="lg"
      fullWidth
      variant="default"
      onClick={() => drawers.open('add-task-note', { taskId: task.id })}
    >
      {m.addNote()}
    </Button>,
  );

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={severityColor(task.severity)} variant="filled">
            {severity[task.severity]()}
          </Badge>
          {task.isTest ? <Badge variant="outline">{m.testAlert()}</Badge> : null}
          {isTrainingTaskId(task.id) ? <Badge variant="outline">{m.training()}</Badge> : null}
        </Group>
        <Title order={1} fz="h2">
          {title(task.title)}
        </Title>
        <Text fw={600} data-testid="task-status">
          {statusLabel[task.status]()}
        </Text>
        <Text c="dimmed" size="sm">
          {m.ago({ time: formatTimeSince(task.creationTimestamp, now) })}
          {task.assignee ? ` · ${mineText ?? m.claimedBy({ name: staffName(task.assignee) ?? '' })}` : ''}
        </Text>
      </Stack>

      <Card withBorder padding="sm" radius="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {m.resident()}
          </Text>
          {task.resident && resident ? (
            // The resident's details (and contacts) one tap away.
            <Anchor
              component="button"
              type="button"
              fw={600}
              ta="left"
              mih={44}
              onClick={() => drawers.open('resident-details', { residentId: task.resident?.id ?? '' })}
            >
              {resident}
            </Anchor>
          ) : (
            <Text fw={600}>{m.noResident()}</Text>
          )}
          <Text size="sm" c="dimmed" mt="xs">
            {m.unit()}
          </Text>
          {task.unit && isTrainingTaskId(task.id) ? (
            <Text fw={600}>{task.unit.displayName}</Text>
          ) : task.unit ? (
            <UnitLink unit={task.unit} />
          ) : (
            <Text fw={600}>{m.noUnit()}</Text>
          )}
          <Text size="sm" c="dimmed" mt="xs">
            {m.raisedBy()}
          </Text>
          <Text fw={600} data-testid="raised-by">
            {raisedBy(task, m)}
          </Text>
        </Stack>
      </Card>

      {followUp ? <ObservationCard task={task} /> : null}

      <Stack gap="sm">{actions}</Stack>

      {task.status === 'CLOSED_RESOLVED' && followUp ? <FollowUpClosedCard task={task} /> : null}
      {task.status === 'CLOSED_RESOLVED' && !followUp ? (
        <Card withBorder padding="sm" radius="md">
          <Text fw={700}>
            {task.resolvedBy ? m.resolvedBy({ name: staffName(task.resolvedBy) ?? '' }) : m.resolved()}
          </Text>
          {task.resolutionNote ? <Text size="sm">{task.resolutionNote}</Text> : null}
        </Card>
      ) : null}

      {task.notes.length > 0 ? (
        <Stack gap="xs" component="section" aria-label={m.notes()}>
          <Title order={2} fz="h4">
            {m.notes()}
          </Title>
          {task.notes.map((note) => (
            <Card key={note.id} withBorder padding="sm" radius="md">
              <Text size="sm" c="dimmed">
                {staffName(note.creator)} · {m.ago({ time: formatTimeSince(note.createdAt, now) })}
                {note.subject ? ` · ${note.subject}` : ''}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</Text>
            </Card>
          ))}
        </Stack>
      ) : null}

      <Stack gap="xs" component="section" aria-label={m.updates()}>
        <Title order={2} fz="h4">
          {m.updates()}
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={task.updates.length}>
          {[...task.updates]
            .sort((a, b) => b.createdAt - a.createdAt)
            .map((update) => (
              <Timeline.Item key={update.id} title={update.description}>
                <Text size="xs" c="dimmed">
                  {[staffName(update.creator), m.ago({ time: formatTimeSince(update.createdAt, now) })]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Timeline.Item>
            ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}

/**
 * Which device raised the alert, by its type's name and hardware id, and where ('Sage Button PENDANT-0001 in AL
 * 101'), or who made the task (decisions 0184, 0602).
 */
function raisedBy(task: TTaskReply, m: Messages<'alert'>): string {
  if (task.creator.device) {
    const { type, hardwareId } = task.creator.device;
    const device = DEVICE_TYPE_LABELS[type];
    return task.unit
      ? m.deviceIn({ device, hardwareId, unit: task.unit.displayName })
      : m.deviceNotPlaced({ device, hardwareId });
  }
  if (task.kind === 'DEVICE_TROUBLE') return m.deviceSupervision();
  return staffName(task.creator.staffMember) ?? m.unknown();
}
