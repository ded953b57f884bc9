import { describe, expect, it } from 'vitest';
import {
  deviceQaLines,
  deviceQaStatusAt,
  isDeviceQaTestEvent,
  mayAuditDevices,
  mayEndDeviceQaWalk,
  type QaDevice,
  qaDeviceLocation,
} from './device-audit';

const device = (over: Partial<QaDevice> & { deviceId: string }): QaDevice => ({
  hardwareId: `HW-${over.deviceId}`,
  deviceType: 'SAGE_BUTTON',
  isAllocated: true,
  unitName: 'AL 101',
  room: null,
  doorName: null,
  isCheckIn: false,
  isPendant: false,
  ...over,
});

describe('[DOMAIN][DEVICE-AUDIT] who may run device audits (decision 0270)', () => {
  it.each([
    [['Management'], true],
    [['Maintenance'], true],
    [['SageSupport'], true],
    [['CareStaff'], false],
    [['NurseMedTech'], false],
    [['Housekeeping', 'Culinary'], false],
    [['CareStaff', 'Maintenance'], true],
    [[], false],
  ])('groups %j → %s', (groups, expected) => {
    expect(mayAuditDevices(groups.map((group) => ({ group })))).toBe(expected);
  });
});

describe('[DOMAIN][DEVICE-AUDIT] who may end a walk from the banner (decision 0505)', () => {
  it.each([
    [['Management'], true],
    [['NurseMedTech'], true],
    [['Maintenance'], true],
    [['SageSupport'], true],
    [['CareStaff'], false],
    [['Housekeeping', 'Culinary'], false],
    [['CareStaff', 'NurseMedTech'], true],
    [[], false],
  ])('groups %j → %s', (groups, expected) => {
    expect(mayEndDeviceQaWalk(groups.map((group) => ({ group })))).toBe(expected);
  });
});

describe('[DOMAIN][DEVICE-AUDIT] the one event a device on test is tested with (decision 0505)', () => {
  it.each([
    [null, 'BUTTON_PRESS', true],
    [null, 'FALL_DETECTED', false],
    [null, 'M3_ALERT_TRIGGERED', false],
    [null, 'M3_BATH_TRIGGERED', false],
    [null, 'DOOR_OPEN', false],
    [null, 'HEARTBEAT', false],
    ['door-1', 'DOOR_OPEN', true],
    ['door-1', 'DOOR_CLOSED', false],
    ['door-1', 'BUTTON_PRESS', false],
    ['door-1', 'FALL_DETECTED', false],
  ])('door %s, %s → %s', (doorId, type, expected) => {
    expect(isDeviceQaTestEvent({ doorId }, type)).toBe(expected);
  });
});

describe('[DOMAIN][DEVICE-AUDIT] a walk in progress past its end time has expired', () => {
  const end = new Date('2026-01-01T12:00:00Z');
  it.each([
    ['IN_PROGRESS', new Date('2026-01-01T11:59:59Z'), 'IN_PROGRESS'],
    ['IN_PROGRESS', end, 'EXPIRED'],
    ['COMPLETED', new Date('2026-01-01T13:00:00Z'), 'COMPLETED'],
    ['CANCELED', new Date('2026-01-01T13:00:00Z'), 'CANCELED'],
  ])('%s at %s → %s', (stored, now, expected) => {
    expect(deviceQaStatusAt(stored, end, now)).toBe(expected);
  });
});

describe('[DOMAIN][DEVICE-AUDIT] where a device is, without a resident’s name', () => {
  it.each([
    [device({ deviceId: 'd', doorName: 'Front Entrance', unitName: null }), 'Front Entrance'],
    [device({ deviceId: 'p', isPendant: true }), 'AL 101 · Pendant'],
    [device({ deviceId: 'c', isCheckIn: true }), 'AL 101 · Check-In button'],
    [device({ deviceId: 'f', room: 'Bedroom', deviceType: 'FALL_DETECTION_DEVICE' }), 'AL 101 · Bedroom'],
    [device({ deviceId: 'w' }), 'AL 101'],
    [device({ deviceId: 's', unitName: null, isAllocated: false }), 'Sage Button (not allocated)'],
  ])('%j → %s', (d, expected) => {
    expect(qaDeviceLocation(d)).toBe(expected);
  });
});

describe('[DOMAIN][DEVICE-AUDIT] the walk lists heard devices (when, battery) and the ones not heard', () => {
  it('not heard first by location, then heard most recent first, with the battery of the last press', () => {
    const devices = [
      device({ deviceId: 'a', unitName: 'B 2' }),
      device({ deviceId: 'b', unitName: 'A 1' }),
      device({ deviceId: 'c', unitName: 'C 3', deviceType: 'DOOR_ALARM' }),
      device({ deviceId: 'd', unitName: 'D 4' }),
    ];
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s));
    const lines = deviceQaLines(devices, [
      { deviceId: 'c', at: t(5), batteryLevel: 70 },
      { deviceId: 'd', at: t(1), batteryLevel: 90 },
      { deviceId: 'd', at: t(3), batteryLevel: 85 },
    ]);
    expect(lines.map((l) => [l.deviceRid, l.heard, l.pressCount])).toEqual([
      ['b', false, 0],
      ['a', false, 0],
      ['c', true, 1],
      ['d', true, 2],
    ]);
    expect(lines[3]).toMatchObject({
      firstHeardAt: t(1).getTime(),
      lastHeardAt: t(3).getTime(),
      batteryLevel: 85,
      batteryStatus: 'ok',
    });
    // A door alarm is low under 80 (spec: "other devices are low under 80").
    expect(lines[2]).toMatchObject({ batteryLevel: 70, batteryStatus: 'low' });
    expect(lines[0]).toMatchObject({ batteryLevel: null, batteryStatus: 'unknown', firstHeardAt: null });
  });
});

describe('[DOMAIN][DEVICE-AUDIT] the walk’s lines show the device on test and the devices tested', () => {
  it('armed until its window ends, tested at its latest test press', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    const at = (s: number) => new Date(now.getTime() + s * 1000);
    const lines = deviceQaLines(
      [device({ deviceId: 'a' }), device({ deviceId: 'b' }), device({ deviceId: 'c' })],
      [],
      [
        { deviceId: 'a', armedUntil: at(60), isArmed: true, testedAt: null },
        { deviceId: 'b', armedUntil: at(-60), isArmed: false, testedAt: at(-100) },
        { deviceId: 'b', armedUntil: at(-10), isArmed: false, testedAt: at(-30) },
        // Armed, but its window is over: not on test any more.
        { deviceId: 'c', armedUntil: at(-1), isArmed: true, testedAt: null },
      ],
      now,
    );
    const byId = new Map(lines.map((l) => [l.deviceRid, l]));
    expect(byId.get('a')).toMatchObject({ testArmedUntil: at(60).getTime(), testedAt: null });
    expect(byId.get('b')).toMatchObject({ testArmedUntil: null, testedAt: at(-30).getTime() });
    expect(byId.get('c')).toMatchObject({ testArmedUntil: null, testedAt: null });
  });
});
