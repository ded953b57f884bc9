import type { DeviceRole } from './device-alerts';

/*
 * Care confirmed by a press (alerts doc section 4; decision 0008): which tasks waiting for confirmation a device's
 * press confirms. The worker reads the facility's OPEN_CONFIRMING tasks and confirms those this file says.
 */

/** A press that may confirm care (its plan's `confirmsCare`), as the care-confirmation rule reads it. */
export interface CareConfirmingPress {
  role: DeviceRole;
  residentId: string | null;
  unitId: string | null;
  receivedAt: Date;
}

/** A task of the press's facility waiting for care confirmation (OPEN_CONFIRMING). */
export interface ConfirmingTask {
  residentId: string | null;
  unitId: string | null;
  /** When confirmation began (null: not recorded, any press counts). */
  confirmingSince: Date | null;
}

/** Whether any task can be confirmed by this press: a resident's pendant, or a device of a unit. */
export const pressMayConfirmCare = (press: CareConfirmingPress): boolean =>
  (press.role === 'RESIDENT' && press.residentId !== null) ||
  (press.role === 'UNIT' && press.unitId !== null);

/**
 * "A press from the pendant of a resident (or any wall button of the unit) whose open task is OPEN_CONFIRMING
 * confirms care": the resident's pendant confirms the resident's tasks and the unit tasks of the resident's unit
 * that name no resident; a unit's button confirms every task of its unit. Only a press received once
 * confirmation began counts.
 */
export const pressConfirmsCare = (press: CareConfirmingPress, task: ConfirmingTask): boolean => {
  if (task.confirmingSince && task.confirmingSince.getTime() > press.receivedAt.getTime()) return false;
  const sameUnit = press.unitId !== null && task.unitId === press.unitId;
  if (press.role === 'RESIDENT' && press.residentId !== null) {
    return task.residentId === press.residentId || (task.residentId === null && sameUnit);
  }
  if (press.role === 'UNIT') return sameUnit;
  return false;
};
