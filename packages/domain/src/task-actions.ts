import { isClosedTaskStatus, TaskStatus, TaskUpdateType } from '@sage/contract';
import { planStatusChange } from './alert-transitions';
import type { Permissions } from './permissions';

/**
 * Why a status change, unassign or resolve is refused. All are 409s for the client: "A 409 on a status
 * update triggers a refetch, not an error report" (alerts doc section 4, care confirmation rule 6).
 * - TASK_ALREADY_RESOLVED: the task is CLOSED_RESOLVED ("This task has already been resolved.").
 * - TASK_CLOSED: the task is canceled or closed unresolved.
 * - TASK_ALREADY_CLAIMED: someone else holds the task (the loser of two simultaneous claims gets this).
 * - TASK_STATUS_CHANGED: the task is already in the asked-for state.
 * - TASK_NOT_ASSIGNED: unassign of a task nobody holds.
 * - INVALID_STATUS_TRANSITION: not one of the transitions of section 4.
 */
export type TaskActionRejection =
  | 'TASK_ALREADY_RESOLVED'
  | 'TASK_CLOSED'
  | 'TASK_ALREADY_CLAIMED'
  | 'TASK_STATUS_CHANGED'
  | 'TASK_NOT_ASSIGNED'
  | 'INVALID_STATUS_TRANSITION';

export interface TaskState {
  status: TaskStatus;
  assigneeId: string | null;
}

export interface TaskActor {
  staffMemberId: string;
  /** Responder supervisors (care-staff admins) and management may release or resolve a colleague's task. */
  isSupervisor: boolean;
}

export type TaskActionPlan =
  | { ok: true; status: TaskStatus; updates: TaskUpdateType[]; assignee: 'set' | 'remove' | 'keep' }
  | { ok: false; reason: TaskActionRejection };

/** Responder supervisors and management act on tasks held by others (our reading of section 6). */
export const isTaskSupervisor = (permissions: Pick<Permissions, 'isResponderSupervisor' | 'isManagement'>) =>
  permissions.isResponderSupervisor || permissions.isManagement;

const closedReason = (status: TaskStatus): TaskActionRejection =>
  status === TaskStatus.CLOSED_RESOLVED ? 'TASK_ALREADY_RESOLVED' : 'TASK_CLOSED';

const heldByOther = (task: TaskState, actor: TaskActor): boolean =>
  task.assigneeId !== null && task.assigneeId !== actor.staffMemberId;

/**
 * A status change asked for by a staff member (PUT /tasks/{taskId} with body status), on top of the
 * transitions of section 4 (`planStatusChange`):
 * - "Unclaimed to claimed: adds a claim update, a status-change update and an assignee." A claim of a task
 *   someone else already holds is the lost race of two simultaneous claims: TASK_ALREADY_CLAIMED.
 * - A task held by someone else is theirs: only a supervisor may move it, and only back to unclaimed
 *   ("Claimed to unclaimed: assignee removed, unassignment update added").
 * - Asking for the current status is TASK_STATUS_CHANGED (the client refetches).
 */
export const decideStatusChange = (task: TaskState, target: TaskStatus, actor: TaskActor): TaskActionPlan => {
  if (isClosedTaskStatus(task.status)) return { ok: false, reason: closedReason(task.status) };
  if (heldByOther(task, actor)) {
    const supervisorRelease = actor.isSupervisor && target === TaskStatus.OPEN_UNCLAIMED;
    if (!supervisorRelease) return { ok: false, reason: 'TASK_ALREADY_CLAIMED' };
  }
  const plan = planStatusChange(task.status, target, { confirmationEnd: 'cancel' });
  if (!plan.ok) {
    if (plan.reason === 'SAME_STATUS') return { ok: false, reason: 'TASK_STATUS_CHANGED' };
    if (plan.reason === 'TASK_CLOSED') return { ok: false, reason: closedReason(task.status) };
    return { ok: false, reason: 'INVALID_STATUS_TRANSITION' };
  }
  return { ok: true, status: target, updates: plan.updates, assignee: plan.assignee };
};

/**
 * POST /tasks/{taskId}/unassign: the assignee (or a supervisor) gives the task back. From claimed,
 * confirming or confirmed it returns to OPEN_UNCLAIMED with an UNASSIGNMENT update ("Claimed to unclaimed:
 * assignee removed, unassignment update added"); a confirmation under way ends with it. Our decision: the
 * spec names the call, not its effect beyond the claimed → unclaimed transition.
 */
export const decideUnassign = (task: TaskState, actor: TaskActor): TaskActionPlan => {
  if (isClosedTaskStatus(task.status)) return { ok: false, reason: closedReason(task.status) };
  if (task.assigneeId === null) return { ok: false, reason: 'TASK_NOT_ASSIGNED' };
  if (heldByOther(task, actor) && !actor.isSupervisor) return { ok: false, reason: 'TASK_ALREADY_CLAIMED' };
  return {
    ok: true,
    status: TaskStatus.OPEN_UNCLAIMED,
    updates: [TaskUpdateType.UNASSIGNMENT],
    assignee: 'remove',
  };
};

/**
 * Whether a staff member may resolve a task in its current state (the body rules are `resolutionIssues`).
 * Anyone who sees the task may resolve an unclaimed one (they become its assignee); a claimed one is
 * resolved by its assignee or a supervisor. "Resolve task fails with 409: 'This alert has already been
 * resolved.'": a closed task is TASK_ALREADY_RESOLVED / TASK_CLOSED.
 */
export const decideResolve = (
  task: TaskState,
  actor: TaskActor,
): { ok: true } | { ok: false; reason: TaskActionRejection } => {
  if (isClosedTaskStatus(task.status)) return { ok: false, reason: closedReason(task.status) };
  if (heldByOther(task, actor) && !actor.isSupervisor) return { ok: false, reason: 'TASK_ALREADY_CLAIMED' };
  return { ok: true };
};
