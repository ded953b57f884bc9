import type { TStaffMember } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import {
  canContinue,
  careTypesPresent,
  filterByName,
  mayReassign,
  nameMatches,
  residentStepFor,
  responderCandidates,
  selectedAmong,
  toggleSelection,
} from './picker-rules';

describe('"search filters are case-insensitive substring matches on the name"', () => {
  it.each([
    ['AL 101', 'al 1', true],
    ['AL 101', '  01 ', true],
    ['Maria Lopez', 'LOPEZ', true],
    ['Maria Lopez', 'ia lo', true],
    ['Maria Lopez', 'lopes', false],
    ['AL 101', '', true],
    ['AL 101', '   ', true],
    ['', 'a', false],
  ])('%j with search %j matches: %s', (name, search, expected) => {
    expect(nameMatches(name, search)).toBe(expected);
  });

  it('filters a list by the name it is given', () => {
    const units = [{ n: 'AL 101' }, { n: 'MC 201' }, { n: 'al 102' }];
    expect(filterByName(units, 'Al', (u) => u.n).map((u) => u.n)).toEqual(['AL 101', 'al 102']);
  });
});

describe('"pickers need a selection before Continue is enabled"', () => {
  it.each([
    [[], ['a', 'b'], false],
    [['a'], ['a', 'b'], true],
    [['c'], ['a', 'b'], false], // chosen, then filtered out by the search
    [['c', 'b'], ['a', 'b'], true],
    [['a'], [], false],
  ])('selected %j among %j: Continue enabled %s', (selected, offered, expected) => {
    expect(canContinue(selected, offered)).toBe(expected);
  });

  it('keeps only the chosen values still offered, in offered order', () => {
    expect(selectedAmong(['c', 'b', 'a'], ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('a single choice replaces the selection; a multiple choice toggles', () => {
    expect(toggleSelection(['a'], 'b', false)).toEqual(['b']);
    expect(toggleSelection(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleSelection(['a', 'b'], 'a', true)).toEqual(['b']);
  });
});

describe("'Select Type of Care': the care types present, with full names and abbreviations", () => {
  it('lists present care types once, in the spec order AL, IL, MC, LTC, STR, without NONE', () => {
    const units = [
      { careType: 'SHORT_TERM_REHAB' },
      { careType: 'ASSISTED_LIVING' },
      { careType: 'NONE' },
      { careType: 'MEMORY_CARE' },
      { careType: 'ASSISTED_LIVING' },
    ] as const;
    expect(careTypesPresent(units)).toEqual([
      { careType: 'ASSISTED_LIVING', label: 'Assisted Living', abbreviation: 'AL' },
      { careType: 'MEMORY_CARE', label: 'Memory Care', abbreviation: 'MC' },
      { careType: 'SHORT_TERM_REHAB', label: 'Short Term Rehab', abbreviation: 'STR' },
    ]);
    expect(careTypesPresent([])).toEqual([]);
  });
});

describe('log care by unit: after the unit', () => {
  it.each([
    [[], { kind: 'empty' }],
    [[{ id: 'r1' }], { kind: 'one', residentId: 'r1' }],
    [[{ id: 'r1' }, { id: 'r2' }], { kind: 'choose', residentIds: ['r1', 'r2'] }],
  ])('occupants %j give %j', (currentOccupants, expected) => {
    expect(residentStepFor({ currentOccupants })).toEqual(expected);
  });
});

const person = (
  id: string,
  firstName: string,
  groups: { groupType: string; isAdmin?: boolean; facilityId?: string }[],
  extra: Partial<TStaffMember> = {},
): TStaffMember => ({
  id,
  firstName,
  lastName: 'Doe',
  phoneNumber: null,
  email: null,
  jobTitle: null,
  isAgencyStaff: false,
  isCareAdmin: false,
  isArchived: false,
  language: 'en',
  groupMemberships: groups.map((g) => ({
    groupId: `${g.groupType}-id`,
    isAdmin: g.isAdmin ?? false,
    facilityId: g.facilityId ?? 'f1',
    groupName: g.groupType,
    groupType: g.groupType,
  })),
  onCallStates: [],
  staffMemberFacilityConfigs: [],
  ...extra,
});

const onShift = (facilityId: string) => ({
  onCallStates: [{ facilityId, staffMemberId: 'x', isOnCall: true, companyPhoneId: null, deviceType: null }],
});

describe('reassigning an alert (docs/decisions/0077)', () => {
  it('offers care staff and nurses of the facility, on shift first, then by name; not the excluded or archived', () => {
    const staff = [
      person('1', 'Zoe', [{ groupType: 'CareStaff' }]),
      person('2', 'Amy', [{ groupType: 'CareStaff' }]),
      person('3', 'Ben', [{ groupType: 'NurseMedTech' }], onShift('f1')),
      person('4', 'Hal', [{ groupType: 'Housekeeping' }], onShift('f1')),
      person('5', 'Cat', [{ groupType: 'CareStaff', facilityId: 'f2' }], onShift('f2')),
      person('6', 'Dan', [{ groupType: 'CareStaff' }], { isArchived: true }),
      person('7', 'Eve', [{ groupType: 'CareStaff' }], onShift('f2')),
      person('8', 'Fay', [{ groupType: 'CareStaff', isAdmin: true }]),
    ];
    expect(responderCandidates(staff, 'f1', ['8'])).toEqual([
      { id: '3', name: 'Ben Doe', onShift: true },
      { id: '2', name: 'Amy Doe', onShift: false },
      { id: '7', name: 'Eve Doe', onShift: false },
      { id: '1', name: 'Zoe Doe', onShift: false },
    ]);
  });

  it.each([
    ['a responder (care staff)', [{ groupType: 'CareStaff' }], false],
    ['a responder (nurse)', [{ groupType: 'NurseMedTech' }], false],
    ['a responder supervisor (care-staff admin)', [{ groupType: 'CareStaff', isAdmin: true }], true],
    ['management', [{ groupType: 'Management' }], true],
    ['management of another facility', [{ groupType: 'Management', facilityId: 'f2' }], false],
    ['housekeeping', [{ groupType: 'Housekeeping', isAdmin: true }], false],
  ])('%s may reassign: %s', (_who, groups, expected) => {
    expect(mayReassign(person('me', 'Me', groups), 'f1')).toBe(expected);
  });

  it('nobody may before the profile is loaded', () => {
    expect(mayReassign(undefined, 'f1')).toBe(false);
  });
});
