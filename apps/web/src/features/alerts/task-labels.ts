import { DEVICE_TYPE_LABELS, isClosedTaskStatus, type Severity, type TTaskReply } from '@sage/contract';
import { isEmergencyType } from '@sage/domain';

/** 'Margaret "Peggy" Thompson' when the resident goes by another name. */
export const residentName = (task: Pick<TTaskReply, 'resident'>): string | null => {
  const r = task.resident;
  if (!r) return null;
  const preferred = r.preferredName && r.preferredName !== r.firstName ? ` "${r.preferredName}"` : '';
  return `${r.firstName}${preferred} ${r.lastName}`;
};

export const staffName = (staff: { firstName: string; lastName: string } | null): string | null =>
  staff ? `${staff.firstName} ${staff.lastName}` : null;

export function severityColor(severity: Severity): string {
  if (isEmergencyType(severity)) return 'red';
  if (severity === 'HIGH_PRIORITY') return 'orange';
  if (severity === 'MEDIUM_PRIORITY') return 'yellow';
  return 'gray';
}

/**
 * "An assignee who is the current user counts as 'claimed by me' while open and 'resolved by me' once closed."
 * The message's key (the dashboard namespace's `claimedByMe` / `resolvedByMe`), shown in the reader's language.
 */
export function mineLabel(
  task: TTaskReply,
  staffMemberId: string | undefined,
): 'claimedByMe' | 'resolvedByMe' | null {
  if (!staffMemberId) return null;
  if (isClosedTaskStatus(task.status)) {
    return (task.resolvedBy?.id ?? task.assignee?.id) === staffMemberId && task.status === 'CLOSED_RESOLVED'
      ? 'resolvedByMe'
      : null;
  }
  return task.assignee?.id === staffMemberId ? 'claimedByMe' : null;
}

/** The 'where' line's texts for a task with no unit or resident (the dashboard namespace's). */
export interface NowhereTexts {
  deviceTroubleNowhere: () => string;
  deviceNowhere: (values: { device: string }) => string;
  taskFromNowhere: (values: { name: string }) => string;
  taskNowhere: () => string;
}

/**
 * The card's 'where' line: unit and resident; for a task with neither, what it is instead (decision 0188): the
 * device that raised it, device trouble, or the person who made the task.
 */
export function taskWhereLine(
  task: Pick<TTaskReply, 'unit' | 'resident' | 'creator' | 'kind'>,
  m: NowhereTexts,
): string {
  const where = [task.unit?.displayName, residentName(task)].filter(Boolean).join(' · ');
  if (where) return where;
  if (task.kind === 'DEVICE_TROUBLE') return m.deviceTroubleNowhere();
  if (task.creator.device) return m.deviceNowhere({ device: DEVICE_TYPE_LABELS[task.creator.device.type] });
  const maker = staffName(task.creator.staffMember);
  return maker ? m.taskFromNowhere({ name: maker }) : m.taskNowhere();
}
