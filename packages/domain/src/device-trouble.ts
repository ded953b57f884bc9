import {
  DEVICE_SUPERVISION_INTERVAL_MIN,
  type DeviceTroubleCause,
  type DeviceType,
  Severity,
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

const DEVICE_NAMES: Record<DeviceType, string> = {
  SAGE_BUTTON: 'button',
  DOOR_ALARM: 'door alarm',
  FALL_DETECTION_DEVICE: 'fall sensor',
  MELTEN_M3_DEVICE: 'M3 sensor',
};

/** Which device, said so staff can find it: "Margaret Hale's pendant", "AL 101 wall button", "Front door alarm". */
export const deviceLabel = (s: DeviceSubject): string => {
  const where = s.unitName ? (s.room ? `${s.unitName} (${s.room})` : s.unitName) : 'unknown unit';
  if (s.role === 'RESIDENT' && s.resident) {
    const what = s.deviceType === 'SAGE_BUTTON' ? 'pendant' : DEVICE_NAMES[s.deviceType];
    return `${s.resident.firstName} ${s.resident.lastName}'s ${what}`;
  }
  if (s.role === 'DOOR') return `${s.doorName ?? 'Door'} door alarm`;
  if (s.role === 'CHECK_IN') return `${where} check-in button`;
  return `${where} ${s.deviceType === 'SAGE_BUTTON' ? 'wall button' : DEVICE_NAMES[s.deviceType]}`;
};

/** The title of a device's trouble task. */
export const troubleTitle = (cause: 'DEVICE_SILENT' | 'LOW_BATTERY', s: DeviceSubject): string =>
  cause === 'LOW_BATTERY' ? `Low battery: ${deviceLabel(s)}` : `Not heard from: ${deviceLabel(s)}`;

/** The title of a gateway's trouble task. */
export const gatewayTroubleTitle = (gatewayName: string): string => `Gateway offline: ${gatewayName}`;

/** A device's supervision interval in minutes: the facility's own when set, else its type's default. */
export const supervisionIntervalMin = (deviceType: DeviceType, facilityIntervalMin: number | null): number =>
  facilityIntervalMin ?? DEVICE_SUPERVISION_INTERVAL_MIN[deviceType];
