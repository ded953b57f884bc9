import { describe, expect, it } from 'vitest';
import type { DeviceSubject } from './device-alerts';
import { type AllocatedDevice, deviceSubjectOf } from './device-subject';

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
