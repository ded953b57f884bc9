import {
  DEVICE_AUDIT_GROUPS,
  DEVICE_TYPE_LABELS,
  DeviceQaSessionStatus,
  type DeviceType,
  GroupId,
  type TDeviceQaDevice,
} from '@sage/contract';
import { batteryStatus } from './battery';

/**
 * Who may run device audits (QA walks, alert location checks) at a facility (docs/decisions/0270): a member of
 * the Management, Maintenance or provider support group there. The spec names the roles but not this screen.
 */
export const mayAuditDevices = (memberships: readonly { group: string }[]): boolean =>
  memberships.some((m) => (DEVICE_AUDIT_GROUPS as readonly string[]).includes(m.group));

/**
 * Who may end a walk in progress from the caregivers' banner (decision 0505): a manager or a nurse of the
 * facility (they answer for the residents while it runs), and the technicians who may run walks. Not care staff.
 */
export const mayEndDeviceQaWalk = (memberships: readonly { group: string }[]): boolean =>
  mayAuditDevices(memberships) ||
  memberships.some((m) => m.group === GroupId.Management || m.group === GroupId.NurseMedTech);

/**
 * Whether an event is the ordinary press a device is tested with during a walk (decision 0505): a door device's
 * DOOR_OPEN (a door is tested by opening it), every other device's BUTTON_PRESS. Never FALL_DETECTED, an M3
 * trigger, a door closing or a heartbeat: those apply as without a walk, whether the device is on test or not.
 */
export const isDeviceQaTestEvent = (device: { doorId: string | null }, eventType: string): boolean =>
  device.doorId ? eventType === 'DOOR_OPEN' : eventType === 'BUTTON_PRESS';

/**
 * The status a QA walk reads as at `now`: one still in progress past its end time has EXPIRED (its presses
 * alert again from then: the ingest compares the same end time).
 */
export const deviceQaStatusAt = (
  stored: string,
  expiresAt: Date | null,
  now: Date,
): (typeof DeviceQaSessionStatus)[keyof typeof DeviceQaSessionStatus] => {
  if (stored === DeviceQaSessionStatus.IN_PROGRESS && expiresAt && expiresAt.getTime() <= now.getTime()) {
    return DeviceQaSessionStatus.EXPIRED;
  }
  return stored as (typeof DeviceQaSessionStatus)[keyof typeof DeviceQaSessionStatus];
};

/** A device the walk expects (actively allocated) or heard, with where it is. */
export interface QaDevice {
  deviceId: string;
  hardwareId: string;
  deviceType: DeviceType;
  isAllocated: boolean;
  unitName: string | null;
  room: string | null;
  doorName: string | null;
  isCheckIn: boolean;
  isPendant: boolean;
}

/** A press of the walk (an event applied as a QA press). */
export interface QaPress {
  deviceId: string;
  at: Date;
  batteryLevel: number | null;
}

/** A device put on test during the walk (its latest test): armed until then, tested then (or not). */
export interface QaTest {
  deviceId: string;
  armedUntil: Date;
  /** Still armed (its test press not yet received, not taken off test). */
  isArmed: boolean;
  testedAt: Date | null;
}

/**
 * Where a device is, in words, without a resident's name (maintenance and provider support see no PHI):
 * the door; else the unit with the room or 'Check-In button' or 'Pendant'; else the device type.
 */
export function qaDeviceLocation(d: QaDevice): string {
  if (d.doorName) return d.doorName;
  const what = d.isCheckIn ? 'Check-In button' : d.isPendant ? 'Pendant' : d.room;
  const parts = [d.unitName, what].filter((p): p is string => !!p);
  if (parts.length) return parts.join(' · ');
  return d.isAllocated
    ? DEVICE_TYPE_LABELS[d.deviceType]
    : `${DEVICE_TYPE_LABELS[d.deviceType]} (not allocated)`;
}

/**
 * The walk's lines: every expected device and every device heard, each heard or not, with its first and last
 * press and the battery of its last press. Not heard first (what is left to press, by location), then heard,
 * most recent first.
 */
export function deviceQaLines(
  devices: readonly QaDevice[],
  presses: readonly QaPress[],
  tests: readonly QaTest[] = [],
  now: Date = new Date(),
): TDeviceQaDevice[] {
  // The latest test press of each device, and the device on test now (armed, window not over).
  const testedAt = new Map<string, Date>();
  const armedUntil = new Map<string, Date>();
  for (const t of tests) {
    if (t.testedAt && (testedAt.get(t.deviceId)?.getTime() ?? 0) < t.testedAt.getTime()) {
      testedAt.set(t.deviceId, t.testedAt);
    }
    if (t.isArmed && t.armedUntil.getTime() > now.getTime()) armedUntil.set(t.deviceId, t.armedUntil);
  }
  const byDevice = new Map<string, QaPress[]>();
  for (const p of presses) {
    const list = byDevice.get(p.deviceId) ?? [];
    list.push(p);
    byDevice.set(p.deviceId, list);
  }
  const lines = devices.map((d): TDeviceQaDevice => {
    const heard = [...(byDevice.get(d.deviceId) ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime());
    const last = heard.at(-1);
    const batteryLevel = last?.batteryLevel ?? null;
    return {
      deviceRid: d.deviceId,
      hardwareId: d.hardwareId,
      deviceType: d.deviceType,
      location: qaDeviceLocation(d),
      isAllocated: d.isAllocated,
      heard: heard.length > 0,
      pressCount: heard.length,
      firstHeardAt: heard[0]?.at.getTime() ?? null,
      lastHeardAt: last?.at.getTime() ?? null,
      batteryLevel,
      batteryStatus: batteryStatus(d.deviceType, batteryLevel),
      testArmedUntil: armedUntil.get(d.deviceId)?.getTime() ?? null,
      testedAt: testedAt.get(d.deviceId)?.getTime() ?? null,
    };
  });
  return lines.sort((a, b) => {
    if (a.heard !== b.heard) return a.heard ? 1 : -1;
    if (a.heard) return (b.lastHeardAt ?? 0) - (a.lastHeardAt ?? 0);
    return a.location.localeCompare(b.location) || a.hardwareId.localeCompare(b.hardwareId);
  });
}
