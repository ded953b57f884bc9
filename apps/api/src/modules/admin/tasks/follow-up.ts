import {
  FOLLOW_UP_ACTION_LABELS,
  FollowUpErrorMessages,
  followUpClosedUpdate,
  TaskErrorCode,
  type TFollowUpRequest,
  type TTaskReply,
} from '@sage/contract';
import { type PrismaClient, recordTaskChange, TaskUpdateType } from '@sage/db';
import { decideFollowUp } from '@sage/domain';
import { forbidden, HttpError } from '@sage/service-kit/errors';
import { type Viewer, viewerName } from './access';
import { lockVisibleTask, sequence, taskConflict } from './task-lock';
import { loadTaskReply } from './task-reply';

/**
 * PUT /tasks/{taskId}/follow-up (issue #32, nurse point 2; decision 0620): a nurse closes an escalated observation
 * with what she did and a note, not with a call's resolve steps. Under the task's row lock, in one transaction:
 * status CLOSED_RESOLVED, the note as the resolution note, an ASSIGNMENT update when it was unclaimed, one
 * MANUAL_ENTRY update per action (its label), a CLOSED update, and the live change. No care outcome and no care
 * log entry: a follow-up is not ADL care. Two simultaneous closes: the second finds it closed (409).
 */
export async function closeFollowUp(
  prisma: PrismaClient,
  viewer: Viewer,
  taskId: string,
  body: TFollowUpRequest,
): Promise<TTaskReply> {
  await prisma.$transaction(async (tx) => {
    const { task, facility } = await lockVisibleTask(tx, viewer, taskId);
    const decision = decideFollowUp(task, {
      staffMemberId: viewer.staffMemberId,
      groupIds: facility.groupIds,
      isManagement: facility.permissions.isManagement,
    });
    if (!decision.ok) {
      switch (decision.reason) {
        case 'NOT_AN_ESCALATION': {
          const message = FollowUpErrorMessages.notAnEscalation;
          throw new HttpError(
            400,
            `params.taskId: ${message} (escalated-observation)`,
            TaskErrorCode.NOT_AN_ESCALATION,
            [{ field: 'params.taskId', rule: 'escalated-observation', message }],
          );
        }
        case 'NOT_A_RECIPIENT':
          throw forbidden(FollowUpErrorMessages.notARecipient);
        default:
          throw await taskConflict(tx, decision.reason, task);
      }
    }
    const now = new Date();
    const note = body.note?.trim() ? body.note.trim() : null;
    await tx.task.update({
      where: { id: task.id },
      data: {
        status: 'CLOSED_RESOLVED',
        assigneeId: decision.assignee === 'set' ? viewer.staffMemberId : task.assigneeId,
        resolvedAt: now,
        resolvedById: viewer.staffMemberId,
        resolutionNote: note,
        confirmingSince: null,
        openDeviceKey: null,
        lastUpdateTimestamp: now,
      },
    });
    const who = viewerName(viewer);
    const base = { taskId: task.id, facilityId: task.facilityId, creatorStaffMemberId: viewer.staffMemberId };
    const updates = [
      ...(decision.assignee === 'set'
        ? [{ ...base, type: TaskUpdateType.ASSIGNMENT, description: `Assigned to ${who}` }]
        : []),
      ...body.actions.map((action) => ({
        ...base,
        type: TaskUpdateType.MANUAL_ENTRY,
        description: FOLLOW_UP_ACTION_LABELS[action],
      })),
      { ...base, type: TaskUpdateType.CLOSED, description: followUpClosedUpdate(who) },
    ];
    const at = sequence(now, updates.length);
    await tx.taskUpdate.createMany({ data: updates.map((u, i) => ({ ...u, createdAt: at[i]! })) });
    await recordTaskChange(tx, {
      facilityId: task.facilityId,
      taskId: task.id,
      status: 'CLOSED_RESOLVED',
      severity: task.severity,
    });
  });
  return loadTaskReply(prisma, taskId);
}
