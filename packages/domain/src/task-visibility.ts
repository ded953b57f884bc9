import type { Permissions } from './permissions';

export interface TaskViewer {
  staffMemberId: string;
  /** The viewer's permissions in the TASK's facility (derivePermissions of their memberships there). */
  permissions: Pick<Permissions, 'canViewAlerts' | 'alertsPolled'>;
  /** Ids of the viewer's groups in the task's facility. */
  groupIds: readonly string[];
}

export interface VisibleTask {
  assigneeId: string | null;
  assigneeGroupId: string | null;
}

/**
 * Who may see a task (alert) of a facility, read together from alerts doc sections 6 and the issue:
 * - 'canViewAlerts: care staff or management' see every task of that facility;
 * - 'Alerts are polled for responders, supervisors and management': responders (nurses/med techs
 *   included) see them too, or they could not respond;
 * - everyone else (operations staff: culinary, housekeeping, maintenance, transportation) sees only the
 *   tasks assigned to them or to one of their groups.
 * Decision recorded in docs/decisions/0007-task-visibility.md.
 */
export const canSeeTask = (viewer: TaskViewer, task: VisibleTask): boolean =>
  viewer.permissions.canViewAlerts ||
  viewer.permissions.alertsPolled ||
  task.assigneeId === viewer.staffMemberId ||
  (task.assigneeGroupId !== null && viewer.groupIds.includes(task.assigneeGroupId));

/** Whether the viewer sees all the facility's tasks (else only those assigned to them or their groups). */
export const seesAllTasks = (viewer: Pick<TaskViewer, 'permissions'>): boolean =>
  viewer.permissions.canViewAlerts || viewer.permissions.alertsPolled;
