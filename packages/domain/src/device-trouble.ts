import {
  DEVICE_SUPERVISION_INTERVAL_MIN,
  type DeviceTroubleCause,
  DeviceTroubleTitleMessages,
  type DeviceType,
  Severity,
  TroubleDeviceLabels,
} from '@sage/contract';
import type { DeviceSubject } from './device-alerts';

/*
 * Device supervision faults (docs/decisions/0105): the title and severity of a DEVICE_TROUBLE task, and the
 * interval after which a silent device is a fault. The worker raises and closes the tasks; this file decides.
 */

/** A silent device or gateway means presses may be lost: high priority; a low battery can wait for a round. */
export const TROUBLE_SEVERITY: Record<DeviceTroubleCause, Severity> = {
  DEVICE_SILENT: Severity.HIGH_PRIORITY,
  GATEWAY_SILENT: Severity.HIGH_PRIORITY,
  LOW_BATTERY: Severity.MEDIUM_PRIORITY,
};

const L = TroubleDeviceLabels;
/** A resident's device, by type ("Margaret Hale's pendant"). */
const RESIDENT_DEVICE: Record<DeviceType, (resident: string) => string> = {
  SAGE_BUTTON: L.residentPendant,
  DOOR_ALARM: L.residentDoorAlarm,
  FALL_DETECTION_DEVICE: L.residentFallSensor,
  MELTEN_M3_DEVICE: L.residentM3Sensor,
};
/** A unit's device, by type ("AL 101 wall button"). */
const PLACE_DEVICE: Record<DeviceType, (place: string) => string> = {
  SAGE_BUTTON: L.wallButton,
  DOOR_ALARM: L.doorAlarm,
  FALL_DETECTION_DEVICE: L.fallSensor,
  MELTEN_M3_DEVICE: L.m3Sensor,
};

/**
 * Which device, said so staff can find it: "Margaret Hale's pendant", "AL 101 wall button", "Front door alarm".
 * The English is the contract's (TroubleDeviceLabels), which the staff app matches to show it in the reader's
 * language (decision 0750).
 */
export const deviceLabel = (s: DeviceSubject): string => {
  const where = s.unitName ? (s.room ? L.unitWithRoom(s.unitName, s.room) : s.unitName) : L.unknownUnit;
  if (s.role === 'RESIDENT' && s.resident) {
    return RESIDENT_DEVICE[s.deviceType](`${s.resident.firstName} ${s.resident.lastName}`);
  }
  if (s.role === 'DOOR') return s.doorName == null ? L.unnamedDoorAlarm : L.doorAlarm(s.doorName);
  if (s.role === 'CHECK_IN') return L.checkInButton(where);
  return PLACE_DEVICE[s.deviceType](where);
};

/** The title of a device's trouble task. */
export const troubleTitle = (cause: 'DEVICE_SILENT' | 'LOW_BATTERY', s: DeviceSubject): string =>
  cause === 'LOW_BATTERY'
    ? DeviceTroubleTitleMessages.lowBattery(deviceLabel(s))
    : DeviceTroubleTitleMessages.notHeardFrom(deviceLabel(s));

/** The title of a gateway's trouble task. */
export const gatewayTroubleTitle = (gatewayName: string): string =>
  DeviceTroubleTitleMessages.gatewayOffline(gatewayName);

/** A device's supervision interval in minutes: the facility's own when set, else its type's default. */
export const supervisionIntervalMin = (deviceType: DeviceType, facilityIntervalMin: number | null): number =>
  facilityIntervalMin ?? DEVICE_SUPERVISION_INTERVAL_MIN[deviceType];
