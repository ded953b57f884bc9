import { describe, expect, it } from 'vitest';
import type { DeviceSubject } from './device-alerts';
import {
  deviceLabel,
  gatewayTroubleTitle,
  supervisionIntervalMin,
  TROUBLE_SEVERITY,
  troubleTitle,
} from './device-trouble';

const subject = (s: Partial<DeviceSubject>): DeviceSubject => ({
  role: 'UNIT',
  deviceType: 'SAGE_BUTTON',
  resident: null,
  unitName: 'AL 101',
  doorName: null,
  room: null,
  ...s,
});

describe('device trouble (decision 0105)', () => {
  it.each<[string, Partial<DeviceSubject>, string]>([
    [
      'a pendant',
      { role: 'RESIDENT', resident: { firstName: 'Margaret', lastName: 'Hale' } },
      "Margaret Hale's pendant",
    ],
    [
      'a resident-worn sensor',
      {
        role: 'RESIDENT',
        deviceType: 'FALL_DETECTION_DEVICE',
        resident: { firstName: 'Ann', lastName: 'Lee' },
      },
      "Ann Lee's fall sensor",
    ],
    ['a wall button', {}, 'AL 101 wall button'],
    [
      'a room sensor',
      { deviceType: 'FALL_DETECTION_DEVICE', room: 'Bedroom' },
      'AL 101 (Bedroom) fall sensor',
    ],
    ['a check-in button', { role: 'CHECK_IN' }, 'AL 101 check-in button'],
    [
      'a door alarm',
      { role: 'DOOR', deviceType: 'DOOR_ALARM', doorName: 'Front', unitName: null },
      'Front door alarm',
    ],
    [
      'a door alarm of a door with no name',
      { role: 'DOOR', deviceType: 'DOOR_ALARM', unitName: null },
      'Door door alarm',
    ],
    ['a device in no unit', { deviceType: 'MELTEN_M3_DEVICE', unitName: null }, 'unknown unit M3 sensor'],
    [
      "a resident's door alarm",
      { role: 'RESIDENT', deviceType: 'DOOR_ALARM', resident: { firstName: 'Ann', lastName: 'Lee' } },
      "Ann Lee's door alarm",
    ],
  ])('names %s so staff can find it', (_what, s, label) => {
    expect(deviceLabel(subject(s))).toBe(label);
  });

  it('titles each cause', () => {
    expect(troubleTitle('LOW_BATTERY', subject({}))).toBe('Low battery: AL 101 wall button');
    expect(troubleTitle('DEVICE_SILENT', subject({}))).toBe('Not heard from: AL 101 wall button');
    expect(gatewayTroubleTitle('Main gateway')).toBe('Gateway offline: Main gateway');
  });

  it('rates silence above a low battery', () => {
    expect(TROUBLE_SEVERITY).toEqual({
      DEVICE_SILENT: 'HIGH_PRIORITY',
      GATEWAY_SILENT: 'HIGH_PRIORITY',
      LOW_BATTERY: 'MEDIUM_PRIORITY',
    });
  });

  it.each<[Parameters<typeof supervisionIntervalMin>[0], number | null, number]>([
    ['SAGE_BUTTON', null, 240],
    ['DOOR_ALARM', null, 240],
    ['FALL_DETECTION_DEVICE', null, 60],
    ['MELTEN_M3_DEVICE', null, 60],
    ['SAGE_BUTTON', 30, 30],
  ])('supervises a %s (facility interval %s) every %i min', (type, facility, expected) => {
    expect(supervisionIntervalMin(type, facility)).toBe(expected);
  });
});
