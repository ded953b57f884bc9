import { AllocationTarget, type DeviceType } from '@sage/contract';

/*
 * The managers' device registry (docs/decisions/0250): what a registered device may be allocated to, and when
 * the 'Pendant already assigned' warning still has to be shown after saving. A device is named by its type's
 * one name, DEVICE_TYPE_LABELS (decision 0602).
 */

/**
 * Where a device of a type may go. "Device allocation: ... unit, resident, room, door": a Sage Button is a
 * resident's pendant or a unit's wall button; "Only a Door Alarm goes on a door" (decision 0190) and we
 * give door alarms only to doors; fall sensors and M3 devices go to a unit.
 */
export const allocationTargetsOf = (type: DeviceType): AllocationTarget[] => {
  switch (type) {
    case 'SAGE_BUTTON':
      return [AllocationTarget.RESIDENT, AllocationTarget.UNIT];
    case 'DOOR_ALARM':
      return [AllocationTarget.DOOR];
    case 'FALL_DETECTION_DEVICE':
    case 'MELTEN_M3_DEVICE':
      return [AllocationTarget.UNIT];
  }
};

/**
 * 'Pendant already assigned' is "raised when a resident chosen for a new pendant already has one; the user
 * may continue or cancel". The app warns before saving from the resident's pendants it knows of; the
 * server's reply names the resident's other pendants (`residentOtherPendantIds`) as they were when it saved.
 * When the user was not warned but the reply names one (given meanwhile by someone else), the warning is
 * shown after saving, and Cancel undoes the allocation. A user already warned has chosen to continue.
 */
export const pendantWarningAfterSave = (
  warnedBefore: boolean,
  residentOtherPendantIds: readonly string[],
): boolean => !warnedBefore && residentOtherPendantIds.length > 0;
