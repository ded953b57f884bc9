import { isClosedTaskStatus, Severity, TaskStatus } from '@sage/contract';

/**
 * Who may close an escalated observation's follow-up, and when (PUT /tasks/{taskId}/follow-up; decision 0620).
 * The escalation is addressed to the facility's Nurse/MedTech group (decision 0241): its members close it, and
 * management ("Management" in the roles table of section 6) may close any; a caregiver who sees the task (care
 * staff see every task) may not, nor may a care-staff admin (a responder supervisor, not a nurse).
 * - NOT_AN_ESCALATION (400): the task is not an ESCALATION_OBSERVATION; a call is resolved with its own steps.
 * - NOT_A_RECIPIENT (403): the caller is neither in the escalation's group nor in management.
 * - TASK_ALREADY_RESOLVED / TASK_CLOSED (409): closed already (the loser of two simultaneous closes).
 * - TASK_ALREADY_CLAIMED (409): another nurse holds it; management may close it still.
 */
export type FollowUpRejection =
  | 'NOT_AN_ESCALATION'
  | 'NOT_A_RECIPIENT'
  | 'TASK_ALREADY_RESOLVED'
  | 'TASK_CLOSED'
  | 'TASK_ALREADY_CLAIMED';

export interface FollowUpTask {
  severity: string;
  status: TaskStatus;
  assigneeId: string | null;
  assigneeGroupId: string | null;
}

export interface FollowUpActor {
  staffMemberId: string;
  /** The caller's groups in the task's facility. */
  groupIds: readonly string[];
  isManagement: boolean;
}

export type FollowUpDecision =
  | { ok: true; assignee: 'set' | 'keep' }
  | { ok: false; reason: FollowUpRejection };

export function decideFollowUp(task: FollowUpTask, actor: FollowUpActor): FollowUpDecision {
  if (task.severity !== Severity.ESCALATION_OBSERVATION) return { ok: false, reason: 'NOT_AN_ESCALATION' };
  const recipient = task.assigneeGroupId !== null && actor.groupIds.includes(task.assigneeGroupId);
  if (!recipient && !actor.isManagement) return { ok: false, reason: 'NOT_A_RECIPIENT' };
  if (isClosedTaskStatus(task.status)) {
    return {
      ok: false,
      reason: task.status === TaskStatus.CLOSED_RESOLVED ? 'TASK_ALREADY_RESOLVED' : 'TASK_CLOSED',
    };
  }
  if (task.assigneeId !== null && task.assigneeId !== actor.staffMemberId && !actor.isManagement) {
    return { ok: false, reason: 'TASK_ALREADY_CLAIMED' };
  }
  return { ok: true, assignee: task.assigneeId === null ? 'set' : 'keep' };
}
