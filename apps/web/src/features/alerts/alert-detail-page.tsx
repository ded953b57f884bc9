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
import { DEVICE_TYPE_LABELS, isClosedTaskStatus, TASK_STATUS_LABELS, type TTaskReply } from '@sage/contract';
import { formatTimeSince } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useDrawers } from '../../shared/drawers';
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
import { updateCachedTaskLists } from './task-cache';
import { mineLabel, residentName, severityColor, severityLabel, staffName } from './task-labels';
import { useNow } from './use-now';

/** Failures without a message of their own in the spec (docs/decisions/0051). */
const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** /alerts/alert/{taskId}: the alert, its timeline and notes, and the actions valid in its status. */
export function AlertDetailPage() {
  const { taskId = '' } = useParams();
  const task = useTask(taskId);
  return (
    <>
      <LiveUpdates />
      <PageHeader title="Alert" defaultRoute="/alerts" />
      <Box component="main" p="md" pb={96}>
        {task.isPending ? (
          <Loader aria-label="Loading" />
        ) : task.isError ? (
          <Alert color="red" title="This alert could not be loaded">
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
  const status = useMutation({
    mutationFn: (next: RequestableTaskStatus | 'UNASSIGN') =>
      next === 'UNASSIGN' ? tasksApi.unassign(task.id) : tasksApi.setStatus(task.id, next),
    onSuccess: (reply) =>
      updateCachedTaskLists(queryClient, { id: reply.id, status: reply.status, task: reply }),
    onError: (error) => {
      // A lost race (claimed by someone else, status changed): the refetch shows where the task is now.
      if (!(isApiError(error) && error.status === 409)) {
        reportError(error, { action: 'task-status', taskId: task.id });
        toast.error(GENERIC_FAILURE);
      }
    },
    onSettled: () => invalidateTask(queryClient, task.id),
  });

  const open = !isClosedTaskStatus(task.status);
  const mine = task.assignee?.id === me;
  const context = taskResolutionContext(task);
  const resident = residentName(task);
  const mineText = mineLabel(task, me);

  const actions: React.ReactNode[] = [];
  if (open && task.status === 'OPEN_UNCLAIMED') {
    actions.push(
      <Button
        key="claim"
        size="lg"
        fullWidth
        loading={status.isPending}
        onClick={() => status.mutate('OPEN_CLAIMED')}
      >
        Claim
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
          Confirm Care
        </Button>,
      );
    }
    if (task.status !== 'OPEN_CONFIRMING') {
      actions.push(
        <Button
          key="resolve"
          size="lg"
          fullWidth
          variant={context.needsCareConfirmation ? 'light' : 'filled'}
          onClick={() => drawers.openWorkflow(resolveWorkflow(task))}
        >
          Resolve
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
        Unclaim
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
      Add Note
    </Button>,
  );

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={severityColor(task.severity)} variant="filled">
            {severityLabel(task.severity)}
          </Badge>
          {task.isTest ? <Badge variant="outline">Test Alert</Badge> : null}
          {isTrainingTaskId(task.id) ? <Badge variant="outline">Training</Badge> : null}
        </Group>
        <Title order={1} fz="h2">
          {task.title}
        </Title>
        <Text fw={600} data-testid="task-status">
          {TASK_STATUS_LABELS[task.status]}
        </Text>
        <Text c="dimmed" size="sm">
          {formatTimeSince(task.creationTimestamp, now)} ago
          {task.assignee ? ` · ${mineText ?? `claimed by ${staffName(task.assignee)}`}` : ''}
        </Text>
      </Stack>

      <Card withBorder padding="sm" radius="md">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Resident
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
            <Text fw={600}>No resident</Text>
          )}
          <Text size="sm" c="dimmed" mt="xs">
            Unit
          </Text>
          {task.unit && isTrainingTaskId(task.id) ? (
            <Text fw={600}>{task.unit.displayName}</Text>
          ) : task.unit ? (
            <UnitLink unit={task.unit} />
          ) : (
            <Text fw={600}>No unit</Text>
          )}
          <Text size="sm" c="dimmed" mt="xs">
            Raised by
          </Text>
          <Text fw={600} data-testid="raised-by">
            {raisedBy(task)}
          </Text>
        </Stack>
      </Card>

      <Stack gap="sm">{actions}</Stack>

      {task.status === 'CLOSED_RESOLVED' ? (
        <Card withBorder padding="sm" radius="md">
          <Text fw={700}>Resolved{task.resolvedBy ? ` by ${staffName(task.resolvedBy)}` : ''}</Text>
          {task.resolutionNote ? <Text size="sm">{task.resolutionNote}</Text> : null}
        </Card>
      ) : null}

      {task.notes.length > 0 ? (
        <Stack gap="xs" component="section" aria-label="Notes">
          <Title order={2} fz="h4">
            Notes
          </Title>
          {task.notes.map((note) => (
            <Card key={note.id} withBorder padding="sm" radius="md">
              <Text size="sm" c="dimmed">
                {staffName(note.creator)} · {formatTimeSince(note.createdAt, now)} ago
                {note.subject ? ` · ${note.subject}` : ''}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</Text>
            </Card>
          ))}
        </Stack>
      ) : null}

      <Stack gap="xs" component="section" aria-label="Updates">
        <Title order={2} fz="h4">
          Updates
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={task.updates.length}>
          {[...task.updates]
            .sort((a, b) => b.createdAt - a.createdAt)
            .map((update) => (
              <Timeline.Item key={update.id} title={update.description}>
                <Text size="xs" c="dimmed">
                  {[staffName(update.creator), `${formatTimeSince(update.createdAt, now)} ago`]
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

/** Which device raised the alert and where ('Sage Button in AL 101'), or who made the task (decision 0184). */
function raisedBy(task: TTaskReply): string {
  if (task.creator.device) {
    const device = DEVICE_TYPE_LABELS[task.creator.device.type];
    return task.unit ? `${device} in ${task.unit.displayName}` : `${device}, not placed in a unit`;
  }
  if (task.kind === 'DEVICE_TROUBLE') return 'Device supervision';
  return staffName(task.creator.staffMember) ?? 'Unknown';
}
