import { describe, expect, it } from 'vitest';
import { checkInDayOfPress, type DeviceSubject, planDeviceEvent } from './device-alerts';

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
