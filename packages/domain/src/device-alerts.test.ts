import { describe, expect, it } from 'vitest';
import {
  type AllocatedDevice,
  type CareConfirmingPress,
  type ConfirmingTask,
  checkInDayOfPress,
  type DeviceSubject,
  deviceSubjectOf,
  planDeviceEvent,
  pressConfirmsCare,
  pressMayConfirmCare,
} from './device-alerts';

const pendant: DeviceSubject = {
  role: 'RESIDENT',
  deviceType: 'SAGE_BUTTON',
  resident: { firstName: 'Margaret', lastName: 'Hale' },
  unitName: 'AL 101',
  doorName: null,
  room: null,
};
const wallButton: DeviceSubject = { ...pendant, role: 'UNIT', resident: null };
const checkInButton: DeviceSubject = { ...wallButton, role: 'CHECK_IN' };
const doorAlarm: DeviceSubject = {
  role: 'DOOR',
  deviceType: 'DOOR_ALARM',
  resident: null,
  unitName: null,
  doorName: 'Front Entrance',
  room: null,
};
const fallSensor: DeviceSubject = { ...wallButton, deviceType: 'FALL_DETECTION_DEVICE', room: 'Bedroom' };
const m3: DeviceSubject = { ...wallButton, deviceType: 'MELTEN_M3_DEVICE' };

describe('planDeviceEvent: severity and title per device and event (decision 0030)', () => {
  it('a pendant press raises a high-priority alert named after the resident and may confirm care', () => {
    expect(planDeviceEvent('BUTTON_PRESS', pendant)).toEqual({
      kind: 'ALERT',
      severity: 'HIGH_PRIORITY',
      title: 'Margaret Hale needs assistance',
      update: { type: 'DEVICE_INTERACTION', description: 'Pendant pressed' },
      confirmsCare: true,
      onlyInDoorAlertPeriod: false,
    });
  });

  it('a wall button press raises "{unit} wall button" and may confirm care', () => {
    const plan = planDeviceEvent('BUTTON_PRESS', wallButton);
    expect(plan).toMatchObject({ kind: 'ALERT', severity: 'HIGH_PRIORITY', title: 'AL 101 wall button' });
    expect(plan.kind === 'ALERT' && plan.confirmsCare).toBe(true);
  });

  it('a check-in button press completes the check-in and raises nothing', () => {
    expect(planDeviceEvent('BUTTON_PRESS', checkInButton)).toEqual({ kind: 'CHECK_IN' });
  });

  it('a door opening raises a high-priority alert only inside the alert period; closing only updates', () => {
    expect(planDeviceEvent('DOOR_OPEN', doorAlarm)).toMatchObject({
      kind: 'ALERT',
      severity: 'HIGH_PRIORITY',
      title: 'Front Entrance door opened',
      update: { type: 'DEVICE_INTERACTION_DOOR_OPEN' },
      confirmsCare: false,
      onlyInDoorAlertPeriod: true,
    });
    expect(planDeviceEvent('DOOR_CLOSED', doorAlarm)).toEqual({
      kind: 'UPDATE_OPEN_TASK',
      update: { type: 'DEVICE_INTERACTION_DOOR_CLOSED', description: 'Front Entrance door closed' },
    });
  });

  it('a fall is an emergency, named after the resident or the place', () => {
    expect(planDeviceEvent('FALL_DETECTED', fallSensor)).toMatchObject({
      kind: 'ALERT',
      severity: 'EMERGENCY',
      title: 'Fall detected in AL 101 (Bedroom)',
      update: { type: 'DEVICE_INTERACTION_FALL_DETECTED' },
      confirmsCare: false,
    });
    expect(planDeviceEvent('FALL_DETECTED', pendant)).toMatchObject({
      title: 'Margaret Hale may have fallen',
    });
  });

  it('M3 events map to their own update types; cancellations only update an open task', () => {
    expect(planDeviceEvent('M3_BATH_TRIGGERED', m3)).toMatchObject({
      kind: 'ALERT',
      severity: 'HIGH_PRIORITY',
      title: 'Bath alert: AL 101',
      update: { type: 'M3_BATH_TRIGGERED' },
    });
    expect(planDeviceEvent('M3_ALERT_TRIGGERED', m3)).toMatchObject({
      update: { type: 'M3_ALERT_TRIGGERED' },
    });
    expect(planDeviceEvent('M3_BATH_CANCELED', m3)).toMatchObject({
      kind: 'UPDATE_OPEN_TASK',
      update: { type: 'M3_BATH_CANCELED' },
    });
    expect(planDeviceEvent('M3_ALERT_CANCELED', m3)).toMatchObject({
      kind: 'UPDATE_OPEN_TASK',
      update: { type: 'M3_ALERT_CANCELED' },
    });
  });

  it('heartbeats and door-alarm button presses record activity only', () => {
    expect(planDeviceEvent('HEARTBEAT', pendant)).toEqual({ kind: 'ACTIVITY_ONLY' });
    expect(planDeviceEvent('BUTTON_PRESS', doorAlarm)).toEqual({ kind: 'ACTIVITY_ONLY' });
  });
});

describe('checkInDayOfPress: the check-in day begins at 4:00 am facility time', () => {
  const tz = 'America/Chicago';
  it('after 4:00 am it is the local date', () => {
    // 2025-03-10 09:30 Chicago (CDT, UTC-5)
    expect(checkInDayOfPress(new Date('2025-03-10T14:30:00Z'), tz)).toBe('2025-03-10');
    // 2025-03-10 04:00 exactly
    expect(checkInDayOfPress(new Date('2025-03-10T09:00:00Z'), tz)).toBe('2025-03-10');
  });
  it('before 4:00 am it is the previous day, across a month end', () => {
    // 2025-03-01 02:00 Chicago (CST, UTC-6)
    expect(checkInDayOfPress(new Date('2025-03-01T08:00:00Z'), tz)).toBe('2025-02-28');
  });
});

describe('deviceSubjectOf: what an allocated device is and names', () => {
  const allocated: AllocatedDevice = {
    deviceType: 'SAGE_BUTTON',
    residentId: null,
    doorId: null,
    room: null,
    isCheckIn: false,
    firstName: null,
    lastName: null,
    unitName: 'AL 101',
    doorName: null,
  };
  it.each<[string, Partial<AllocatedDevice>, Partial<DeviceSubject>]>([
    ["a unit's wall button", {}, { role: 'UNIT', resident: null, room: null }],
    ['a room of the unit', { room: 'Bedroom' }, { role: 'UNIT', room: 'Bedroom' }],
    [
      "a resident's pendant",
      { residentId: 'r1', firstName: 'Margaret', lastName: 'Hale' },
      { role: 'RESIDENT', resident: { firstName: 'Margaret', lastName: 'Hale' } },
    ],
    ['a resident whose name was not read', { residentId: 'r1' }, { role: 'RESIDENT', resident: null }],
    [
      'a resident without a last name',
      { residentId: 'r1', firstName: 'Ann' },
      { resident: { firstName: 'Ann', lastName: '' } },
    ],
    ['the check-in button (isCheckIn)', { isCheckIn: true }, { role: 'CHECK_IN' }],
    [
      'the check-in button (room CHECKIN), the room not shown',
      { room: 'CHECKIN' },
      { role: 'CHECK_IN', room: null },
    ],
    ["the check-in button of a resident's unit", { isCheckIn: true, residentId: 'r1' }, { role: 'CHECK_IN' }],
    [
      'a door alarm',
      { deviceType: 'DOOR_ALARM', doorId: 'd1', doorName: 'Front', unitName: null },
      { role: 'DOOR', deviceType: 'DOOR_ALARM', doorName: 'Front', unitName: null },
    ],
    ['a door alarm with a resident named', { doorId: 'd1', residentId: 'r1' }, { role: 'DOOR' }],
  ])('%s', (_, given, expected) => {
    expect(deviceSubjectOf({ ...allocated, ...given })).toMatchObject(expected);
  });
});

describe('pressConfirmsCare: which OPEN_CONFIRMING tasks a press confirms', () => {
  const at = new Date('2026-01-01T10:00:00Z');
  const before = new Date('2026-01-01T09:59:59Z');
  const after = new Date('2026-01-01T10:00:01Z');
  const pendantPress: CareConfirmingPress = {
    role: 'RESIDENT',
    residentId: 'r1',
    unitId: 'u1',
    receivedAt: at,
  };
  const wallPress: CareConfirmingPress = { role: 'UNIT', residentId: null, unitId: 'u1', receivedAt: at };
  const task = (t: Partial<ConfirmingTask>): ConfirmingTask => ({
    residentId: null,
    unitId: null,
    confirmingSince: before,
    ...t,
  });
  it.each<[string, CareConfirmingPress, ConfirmingTask, boolean]>([
    ["the pendant, its resident's task", pendantPress, task({ residentId: 'r1', unitId: 'u1' }), true],
    [
      "the pendant, its resident's task in another unit",
      pendantPress,
      task({ residentId: 'r1', unitId: 'u9' }),
      true,
    ],
    [
      "the pendant, another resident's task in its unit",
      pendantPress,
      task({ residentId: 'r2', unitId: 'u1' }),
      false,
    ],
    ['the pendant, a task of its unit naming no resident', pendantPress, task({ unitId: 'u1' }), true],
    ['the pendant, a task of another unit', pendantPress, task({ unitId: 'u2' }), false],
    [
      'the pendant of a resident with no unit, a unit task',
      { ...pendantPress, unitId: null },
      task({}),
      false,
    ],
    ['a wall button, a task of its unit', wallPress, task({ unitId: 'u1' }), true],
    [
      "a wall button, a resident's task of its unit",
      wallPress,
      task({ residentId: 'r2', unitId: 'u1' }),
      true,
    ],
    ['a wall button, a task of another unit', wallPress, task({ unitId: 'u2' }), false],
    ['a button of no unit', { ...wallPress, unitId: null }, task({}), false],
    [
      'a press received before confirmation began',
      wallPress,
      task({ unitId: 'u1', confirmingSince: after }),
      false,
    ],
    ['a press received as confirmation began', wallPress, task({ unitId: 'u1', confirmingSince: at }), true],
    ['a task with no start recorded', wallPress, task({ unitId: 'u1', confirmingSince: null }), true],
    ['a door alarm', { ...wallPress, role: 'DOOR' }, task({ unitId: 'u1' }), false],
    ['a check-in button', { ...wallPress, role: 'CHECK_IN' }, task({ unitId: 'u1' }), false],
  ])('%s: %s', (_, press, t, expected) => {
    expect(pressConfirmsCare(press, t)).toBe(expected);
  });

  it.each<[string, CareConfirmingPress, boolean]>([
    ['a pendant', pendantPress, true],
    ['a wall button', wallPress, true],
    ['a button of no unit', { ...wallPress, unitId: null }, false],
    ['a door alarm', { ...wallPress, role: 'DOOR' }, false],
    ['a check-in button', { ...wallPress, role: 'CHECK_IN' }, false],
  ])('pressMayConfirmCare: %s', (_, press, expected) => {
    expect(pressMayConfirmCare(press)).toBe(expected);
  });
});
