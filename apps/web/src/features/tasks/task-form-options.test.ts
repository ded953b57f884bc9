import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, staffOptions } from './task-form-options';

describe('[TASKS][FORM]: times typed on the facility clock, people of the chosen group', () => {
  it.each([
    ['2026-07-01T08:00', 'America/Chicago', '2026-07-01T13:00:00.000Z'],
    ['2026-01-15T08:00', 'America/Chicago', '2026-01-15T14:00:00.000Z'],
    // spring forward: 02:30 does not exist in Chicago on March 8, 2026; it is 03:30 CDT
    ['2026-03-08T02:30', 'America/Chicago', '2026-03-08T08:30:00.000Z'],
    ['2026-07-01T08:00', 'Europe/London', '2026-07-01T07:00:00.000Z'],
  ])('%s in %s is %s, and reads back', (input, zone, iso) => {
    expect(localInputToIso(input, zone)).toBe(iso);
    if (!input.startsWith('2026-03-08T02')) expect(isoToLocalInput(iso, zone)).toBe(input);
  });

  it('an empty time is no time', () => {
    expect(localInputToIso('', 'America/Chicago')).toBeNull();
  });

  it('lists the people of the chosen group, by name', () => {
    const person = (id: string, firstName: string, groupIds: string[]) =>
      ({ id, firstName, lastName: 'X', groupMemberships: groupIds.map((groupId) => ({ groupId })) }) as never;
    const staff = [
      person('1', 'Zoe', ['nurses']),
      person('2', 'Amy', ['care']),
      person('3', 'Bea', ['nurses']),
    ];
    expect(staffOptions(staff, 'nurses').map((o) => o.label)).toEqual(['Bea X', 'Zoe X']);
    expect(staffOptions(staff, null)).toHaveLength(3);
  });
});
