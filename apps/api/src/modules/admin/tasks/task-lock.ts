import {
  ResolveMessages,
  TASK_STATUS_LABELS,
  TaskConflictMessages,
  TaskErrorCode,
  type TaskStatus,
} from '@sage/contract';
import type { Prisma, Severity } from '@sage/db';
import type { TaskActionRejection } from '@sage/domain';
import { conflict, notFound } from '@sage/service-kit/errors';
import { type FacilityViewer, seesTask, type Viewer } from './access';

/** The columns a state change decides on, read under a row lock. */
export interface LockedTask {
  id: string;
  facilityId: string;
  enterpriseId: string;
  status: TaskStatus;
  severity: Severity;
  assigneeId: string | null;
  assigneeGroupId: string | null;
  creatorStaffMemberId: string | null;
  deviceId: string | null;
  residentId: string | null;
  unitId: string | null;
}

/**
 * Locks the task row (SELECT ... FOR UPDATE) for the rest of the transaction, so concurrent changes to one
 * task run one after the other and each decides on the state the previous one left: of two simultaneous
 * claims exactly one wins, a resolve after a resolve finds the task closed. A task the caller may not see
 * (another facility, or not assigned to an operations user) is a 404: its existence is not revealed.
 */
export async function lockVisibleTask(
  tx: Prisma.TransactionClient,
  viewer: Viewer,
  taskId: string,
): Promise<{ task: LockedTask; facility: FacilityViewer }> {
  const rows = await tx.$queryRaw<LockedTask[]>`
    SELECT id, "facilityId", "enterpriseId", status::text AS status, severity::text AS severity,
           "assigneeId", "assigneeGroupId", "creatorStaffMemberId", "deviceId", "residentId", "unitId"
      FROM "Task" WHERE id = ${taskId} FOR UPDATE`;
  const task = rows[0];
  const facility = task ? seesTask(viewer, task) : null;
  if (!task || !facility) throw notFound(`Task ${taskId} not found`);
  return { task, facility };
}

/** The 409 of a refused action, with a message the web app can show and a code it can switch on. */
export async function taskConflict(
  tx: Prisma.TransactionClient,
  reason: TaskActionRejection,
  task: LockedTask,
  target?: TaskStatus,
) {
  switch (reason) {
    case 'TASK_ALREADY_RESOLVED':
      return conflict(
        task.deviceId ? ResolveMessages.alreadyResolvedAlert : ResolveMessages.alreadyResolvedTask,
        TaskErrorCode.TASK_ALREADY_RESOLVED,
      );
    case 'TASK_CLOSED':
      return conflict(
        TaskConflictMessages.closed(TASK_STATUS_LABELS[task.status]),
        TaskErrorCode.TASK_CLOSED,
      );
    case 'TASK_ALREADY_CLAIMED': {
      const holder = task.assigneeId
        ? await tx.staffMember.findUnique({
            where: { id: task.assigneeId },
            select: { firstName: true, lastName: true },
          })
        : null;
      const message = holder
        ? TaskConflictMessages.claimedBy(`${holder.firstName} ${holder.lastName}`)
        : TaskConflictMessages.claimedBySomeoneElse;
      return conflict(message, TaskErrorCode.TASK_ALREADY_CLAIMED);
    }
    case 'TASK_STATUS_CHANGED':
      return conflict(
        TaskConflictMessages.already(TASK_STATUS_LABELS[task.status]),
        TaskErrorCode.TASK_STATUS_CHANGED,
      );
    case 'TASK_NOT_ASSIGNED':
      return conflict(TaskConflictMessages.notAssigned, TaskErrorCode.TASK_NOT_ASSIGNED);
    case 'INVALID_STATUS_TRANSITION':
      return conflict(
        TaskConflictMessages.invalidTransition(
          TASK_STATUS_LABELS[task.status],
          target ? TASK_STATUS_LABELS[target] : 'that status',
        ),
        TaskErrorCode.INVALID_STATUS_TRANSITION,
      );
  }
}

export const closedRejection = (status: TaskStatus): TaskActionRejection =>
  status === 'CLOSED_RESOLVED' ? 'TASK_ALREADY_RESOLVED' : 'TASK_CLOSED';

/** Timestamps one apart, so updates written in one transaction keep their order. */
export const sequence = (start: Date, count: number): Date[] =>
  Array.from({ length: count }, (_, i) => new Date(start.getTime() + i));
