import { isClosedTaskStatus, isOpenTaskStatus, TaskStatus, TaskUpdateType } from '@sage/contract';

/** What happens to the assignee with a status change. */
export type AssigneeEffect = 'set' | 'remove' | 'keep';

export type StatusChangeRejection = 'SAME_STATUS' | 'TASK_CLOSED' | 'NOT_ALLOWED';

export type StatusChangePlan =
  | { ok: true; updates: TaskUpdateType[]; assignee: AssigneeEffect }
  | { ok: false; reason: StatusChangeRejection };

export interface StatusChangeOptions {
  /**
   * Why care confirmation ends when going from OPEN_CONFIRMING back to OPEN_CLAIMED:
   * 'cancel' (the user pressed Cancel) or 'failure' (30 s passed without a press). Default 'cancel'.
   */
  confirmationEnd?: 'cancel' | 'failure';
  /** For a resolve: how many care outcomes are recorded (one MANUAL_ENTRY update each). Default 1. */
  careOutcomeCount?: number;
}

/**
 * Allowed transitions (alerts doc section 4):
 * - "Unclaimed to claimed: adds a claim update, a status-change update and an assignee."
 * - "Claimed to unclaimed: assignee removed, unassignment update added."
 * - "Claimed to confirming: starts care confirmation." → a STATUS_CHANGE update (spec silent on the update; ours).
 * - "Confirming to claimed: on cancel or failure." → STATUS_CHANGE on cancel; CARE_CONFIRMATION_FAILED on
 *   failure (ARCHITECTURE.md, 'Device ingest contract': the 30 s limit adds a CARE_CONFIRMATION_FAILED update).
 * - "Confirming to confirmed: when the device press is detected." → CARE_CONFIRMED (ARCHITECTURE.md, 'Device ingest contract').
 * - "Resolve: status becomes closed-resolved, with manual-entry updates for the care provided and a closed update."
 *
 * Decisions where the spec is silent ("Server-side transitions beyond these are not shown"):
 * - Any open status may be resolved (CLOSED_RESOLVED). Resolving an unclaimed task makes the resolver the
 *   assignee (an ASSIGNMENT update first), so that it counts as 'resolved by me'.
 * - OPEN_CONFIRMED may not go back to claimed or confirming, nor unclaimed to confirming (claim first).
 * - CLOSED_CANCELED and CLOSED_UNRESOLVED are not reachable through a status change; a closed task never
 *   changes (REOPENED exists as an update type but no reopen flow is specified).
 */
export const planStatusChange = (
  current: TaskStatus,
  target: TaskStatus,
  options: StatusChangeOptions = {},
): StatusChangePlan => {
  if (current === target) return { ok: false, reason: 'SAME_STATUS' };
  if (isClosedTaskStatus(current)) return { ok: false, reason: 'TASK_CLOSED' };

  if (target === TaskStatus.CLOSED_RESOLVED) return planResolve(current, options.careOutcomeCount ?? 1);

  switch (`${current}>${target}`) {
    case 'OPEN_UNCLAIMED>OPEN_CLAIMED':
      return { ok: true, updates: [TaskUpdateType.CLAIM, TaskUpdateType.STATUS_CHANGE], assignee: 'set' };
    case 'OPEN_CLAIMED>OPEN_UNCLAIMED':
      return { ok: true, updates: [TaskUpdateType.UNASSIGNMENT], assignee: 'remove' };
    case 'OPEN_CLAIMED>OPEN_CONFIRMING':
      return { ok: true, updates: [TaskUpdateType.STATUS_CHANGE], assignee: 'keep' };
    case 'OPEN_CONFIRMING>OPEN_CLAIMED':
      return {
        ok: true,
        updates: [
          options.confirmationEnd === 'failure'
            ? TaskUpdateType.CARE_CONFIRMATION_FAILED
            : TaskUpdateType.STATUS_CHANGE,
        ],
        assignee: 'keep',
      };
    case 'OPEN_CONFIRMING>OPEN_CONFIRMED':
      return { ok: true, updates: [TaskUpdateType.CARE_CONFIRMED], assignee: 'keep' };
    default:
      return { ok: false, reason: 'NOT_ALLOWED' };
  }
};

/**
 * "Resolve: status becomes closed-resolved, with manual-entry updates for the care provided and a closed update."
 * One MANUAL_ENTRY per care outcome (at least one), then CLOSED.
 */
export const planResolve = (current: TaskStatus, careOutcomeCount: number): StatusChangePlan => {
  if (!isOpenTaskStatus(current)) return { ok: false, reason: 'TASK_CLOSED' };
  const manualEntries = Array.from(
    { length: Math.max(1, careOutcomeCount) },
    () => TaskUpdateType.MANUAL_ENTRY,
  );
  const unclaimed = current === TaskStatus.OPEN_UNCLAIMED;
  return {
    ok: true,
    updates: [...(unclaimed ? [TaskUpdateType.ASSIGNMENT] : []), ...manualEntries, TaskUpdateType.CLOSED],
    assignee: unclaimed ? 'set' : 'keep',
  };
};

/**
 * "An assignee who is the current user counts as 'claimed by me' while open and 'resolved by me' once closed."
 */
export const assigneeRelation = (
  task: { status: TaskStatus; assigneeId: string | null | undefined },
  currentUserId: string,
): 'claimedByMe' | 'resolvedByMe' | null => {
  if (!task.assigneeId || task.assigneeId !== currentUserId) return null;
  return isOpenTaskStatus(task.status) ? 'claimedByMe' : 'resolvedByMe';
};
