import { CHECK_IN_ROOM_OPTION } from '@sage/contract';
import type { DeviceKind, DeviceRole, DeviceSubject } from './device-alerts';

/**
 * A device with its active allocation, as the worker reads it (for an event, and for the supervision check): what
 * the allocation says the device is, and the names its titles use.
 */
export interface AllocatedDevice {
  deviceType: DeviceKind;
  residentId: string | null;
  doorId: string | null;
  room: string | null;
  isCheckIn: boolean | null;
  firstName: string | null;
  lastName: string | null;
  unitName: string | null;
  doorName: string | null;
}

/** The check-in button (isCheckIn, or the allocation room 'CHECKIN'), else a door's, a resident's, a unit's device. */
export const deviceRoleOf = (d: AllocatedDevice): DeviceRole => {
  if (d.isCheckIn || d.room === CHECK_IN_ROOM_OPTION.id) return 'CHECK_IN';
  if (d.doorId) return 'DOOR';
  if (d.residentId) return 'RESIDENT';
  return 'UNIT';
};

/** What the alert rules and the trouble titles read of an allocated device. */
export const deviceSubjectOf = (d: AllocatedDevice): DeviceSubject => ({
  role: deviceRoleOf(d),
  deviceType: d.deviceType,
  resident:
    d.residentId && d.firstName !== null ? { firstName: d.firstName, lastName: d.lastName ?? '' } : null,
  unitName: d.unitName,
  doorName: d.doorName,
  room: d.room && d.room !== CHECK_IN_ROOM_OPTION.id ? d.room : null,
});
