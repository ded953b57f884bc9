import { Button } from '@mantine/core';
import { isClosedTaskStatus, type TTaskReply, ZTaskReplySchema } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { isApiError } from '../../shared/api/client';
import { useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/toast';
import { invalidateTask } from '../alerts/alerts-api';
import { useProfile } from '../shift/shift-api';
import { mayReassign, type PersonOption } from './picker-rules';
import './reassign-messages';

/** PUT /tasks/{taskId} with an assignee: a REASSIGNMENT (or ASSIGNMENT when nobody held it). */
const reassign = (taskId: string, assigneeId: string): Promise<TTaskReply> =>
  api.put('admin', `/tasks/${encodeURIComponent(taskId)}`, { assigneeId }, { parse: ZTaskReplySchema.parse });

/**
 * 'Reassign' on an open alert ('Assign' while nobody holds it), for responder supervisors and management
 * (docs/decisions/0077): the person picker lists the community's care staff and nurses (on shift first);
 * its button gives them the alert.
 */
export function ReassignAlertButton({ task }: { task: TTaskReply }) {
  const session = useSession();
  const me = useProfile(session?.staffMemberId ?? '');
  const drawers = useDrawers();
  const queryClient = useQueryClient();
  // Texts the spec does not give (docs/decisions/0077), in the reader's language (the `reassign` namespace, 0700).
  const m = useMessages('reassign');
  if (isClosedTaskStatus(task.status) || !mayReassign(me.data, task.facilityId)) return null;

  const held = task.assignee !== null;
  const label = held ? m.button() : m.assignButton();
  const onContinue = async (person: PersonOption) => {
    try {
      await reassign(task.id, person.id);
      toast.success(held ? m.done({ name: person.name }) : m.assigned({ name: person.name }));
    } catch (failure) {
      if (isApiError(failure) && failure.status === 409) {
        // Closed meanwhile: say so and let the refetch show it.
        toast.error(m.alreadyResolvedAlert());
        return;
      }
      reportError(failure, { action: 'reassign-task', taskId: task.id });
      toast.error(m.failed());
      throw failure;
    } finally {
      await invalidateTask(queryClient, task.id);
    }
  };

  return (
    <Button
      size="lg"
      fullWidth
      variant="default"
      onClick={() =>
        drawers.open('select-person', {
          facilityId: task.facilityId,
          title: held ? m.title() : m.assignTitle(),
          excludeIds: task.assignee ? [task.assignee.id] : [],
          continueLabel: label,
          onContinue,
        })
      }
    >
      {label}
    </Button>
  );
}
