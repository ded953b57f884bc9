/**
 * The zod-free part of tasks.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). tasks.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/** Alert (task) status (alerts doc section 4). */
export const TaskStatus = {
  OPEN_UNCLAIMED: 'OPEN_UNCLAIMED',
  OPEN_CLAIMED: 'OPEN_CLAIMED',
  OPEN_CONFIRMING: 'OPEN_CONFIRMING',
  OPEN_CONFIRMED: 'OPEN_CONFIRMED',
  CLOSED_RESOLVED: 'CLOSED_RESOLVED',
  CLOSED_CANCELED: 'CLOSED_CANCELED',
  CLOSED_UNRESOLVED: 'CLOSED_UNRESOLVED',
} as const;

export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** "OPEN_UNCLAIMED, OPEN_CLAIMED, OPEN_CONFIRMING, OPEN_CONFIRMED (all open)" */
export const OPEN_TASK_STATUSES: readonly TaskStatus[] = [
  TaskStatus.OPEN_UNCLAIMED,
  TaskStatus.OPEN_CLAIMED,
  TaskStatus.OPEN_CONFIRMING,
  TaskStatus.OPEN_CONFIRMED,
];

/** "CLOSED_RESOLVED, CLOSED_CANCELED, CLOSED_UNRESOLVED (closed)" */
export const CLOSED_TASK_STATUSES: readonly TaskStatus[] = [
  TaskStatus.CLOSED_RESOLVED,
  TaskStatus.CLOSED_CANCELED,
  TaskStatus.CLOSED_UNRESOLVED,
];

export const isOpenTaskStatus = (status: TaskStatus): boolean => OPEN_TASK_STATUSES.includes(status);

export const isClosedTaskStatus = (status: TaskStatus): boolean => CLOSED_TASK_STATUSES.includes(status);

/**
 * Status labels. Only 'Open - unclaimed' is given by the spec; the others are our choice, written in the
 * same "Open - …" / "Closed - …" pattern.
 */
export const TASK_STATUS_LABELS = {
  OPEN_UNCLAIMED: 'Open - unclaimed',
  OPEN_CLAIMED: 'Open - claimed',
  OPEN_CONFIRMING: 'Open - confirming care',
  OPEN_CONFIRMED: 'Open - care confirmed',
  CLOSED_RESOLVED: 'Closed - resolved',
  CLOSED_CANCELED: 'Closed - canceled',
  CLOSED_UNRESOLVED: 'Closed - unresolved',
} as const satisfies Record<TaskStatus, string>;

/**
 * Task update types (alerts doc section 3). DEVICE_INTERACTION has door open, door closed and fall detected
 * variants: the plain DEVICE_INTERACTION is a button press on a device with an open task.
 */
export const TaskUpdateType = {
  CREATED: 'CREATED',
  CLOSED: 'CLOSED',
  REOPENED: 'REOPENED',
  ASSIGNMENT: 'ASSIGNMENT',
  REASSIGNMENT: 'REASSIGNMENT',
  UNASSIGNMENT: 'UNASSIGNMENT',
  STATUS_CHANGE: 'STATUS_CHANGE',
  SEVERITY_CHANGE: 'SEVERITY_CHANGE',
  DEVICE_INTERACTION: 'DEVICE_INTERACTION',
  DEVICE_INTERACTION_DOOR_OPEN: 'DEVICE_INTERACTION_DOOR_OPEN',
  DEVICE_INTERACTION_DOOR_CLOSED: 'DEVICE_INTERACTION_DOOR_CLOSED',
  DEVICE_INTERACTION_FALL_DETECTED: 'DEVICE_INTERACTION_FALL_DETECTED',
  MANUAL_ENTRY: 'MANUAL_ENTRY',
  CLAIM: 'CLAIM',
  CARE_CONFIRMED: 'CARE_CONFIRMED',
  CARE_CONFIRMATION_FAILED: 'CARE_CONFIRMATION_FAILED',
  M3_BATH_TRIGGERED: 'M3_BATH_TRIGGERED',
  M3_BATH_CANCELED: 'M3_BATH_CANCELED',
  M3_ALERT_TRIGGERED: 'M3_ALERT_TRIGGERED',
  M3_ALERT_CANCELED: 'M3_ALERT_CANCELED',
} as const;

export type TaskUpdateType = (typeof TaskUpdateType)[keyof typeof TaskUpdateType];

/** The device-interaction family of update types. */
export const DEVICE_INTERACTION_UPDATE_TYPES: readonly TaskUpdateType[] = [
  TaskUpdateType.DEVICE_INTERACTION,
  TaskUpdateType.DEVICE_INTERACTION_DOOR_OPEN,
  TaskUpdateType.DEVICE_INTERACTION_DOOR_CLOSED,
  TaskUpdateType.DEVICE_INTERACTION_FALL_DETECTED,
];
