import {
  AllocationTarget,
  DEVICE_TYPE_LABELS,
  type DeviceType,
  REGISTRATION_KIND_LABELS,
} from '@sage/contract';

/*
 * The managers' device registry (docs/decisions/0250): what a registered device may be allocated to, how it
 * is named in lists, and when the 'Pendant already assigned' warning still has to be shown after saving.
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

/** What an allocation links, as the registry reads it. */
export interface AllocationLink {
  resident: unknown | null;
  unit: unknown | null;
  door: unknown | null;
}

/**
 * A device's name in the registry: 'Pendant' for a Sage Button given to a resident, 'Wall button' for one on
 * a unit, 'Door sensor', 'Fall sensor'; an unallocated Sage Button and an M3 device keep their type's label.
 */
export const deviceKindLabel = (type: DeviceType, allocation: AllocationLink | null | undefined): string => {
  switch (type) {
    case 'SAGE_BUTTON':
      if (allocation?.resident) return REGISTRATION_KIND_LABELS.PENDANT;
      if (allocation?.unit) return REGISTRATION_KIND_LABELS.WALL_BUTTON;
      return DEVICE_TYPE_LABELS.SAGE_BUTTON;
    case 'DOOR_ALARM':
      return REGISTRATION_KIND_LABELS.DOOR_SENSOR;
    case 'FALL_DETECTION_DEVICE':
      return REGISTRATION_KIND_LABELS.FALL_SENSOR;
    case 'MELTEN_M3_DEVICE':
      return DEVICE_TYPE_LABELS.MELTEN_M3_DEVICE;
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
