import { describe, expect, it } from 'vitest';
import {
  type FacilityMembership,
  mayAdministerStaff,
  mayEditMembershipOf,
  maySeePiiOf,
  membershipChangeProblem,
  removalClearsCareFlags,
  staffMemberActions,
} from './permissions';

const g = (groupId: string, group: string, isAdmin = false): FacilityMembership => ({
  groupId,
  group,
  isAdmin,
});
const mgmtAdmin = g('g-mgmt', 'Management', true);
const culinaryAdmin = g('g-cul', 'Culinary', true);
const culinaryMember = g('g-cul', 'Culinary');

describe('group administration (sign-in doc section 6)', () => {
  it.each<[string, FacilityMembership[], string, boolean]>([
    ['management-group admin, any group', [mgmtAdmin], 'g-care', true],
    ['admin of that group', [culinaryAdmin], 'g-cul', true],
    ['admin of another group', [culinaryAdmin], 'g-care', false],
    ['member of that group', [culinaryMember], 'g-cul', false],
    ['management member', [g('g-mgmt', 'Management')], 'g-cul', false],
    ['nobody', [], 'g-cul', false],
  ])(
    '"Editing group membership requires being a management-group admin or an admin of that group": %s -> %s',
    (_who, caller, groupId, expected) => {
      expect(mayEditMembershipOf(caller, groupId)).toBe(expected);
    },
  );

  it.each<[string, FacilityMembership[], boolean]>([
    ['management admin', [mgmtAdmin], true],
    ['care-staff admin', [g('g-care', 'CareStaff', true)], false],
    ['management member', [g('g-mgmt', 'Management')], false],
  ])('"canSeePII, canEditPII: management admin" administer staff: %s -> %s', (_who, caller, expected) => {
    expect(mayAdministerStaff(caller)).toBe(expected);
    expect(maySeePiiOf('me', 'them', caller)).toBe(expected);
  });

  it('a person always sees their own phone number and email', () => {
    expect(maySeePiiOf('me', 'me', [])).toBe(true);
  });

  it.each<
    [string, Parameters<typeof membershipChangeProblem>[0], ReturnType<typeof membershipChangeProblem>]
  >([
    [
      '"The last remaining group admin cannot be dismissed"',
      { action: 'dismiss-admin', isAdmin: true, adminCount: 1, memberCount: 3, groupCountOfPerson: 2 },
      'last-admin',
    ],
    [
      'one of two admins may be dismissed',
      { action: 'dismiss-admin', isAdmin: true, adminCount: 2, memberCount: 3, groupCountOfPerson: 2 },
      null,
    ],
    [
      '"Removal from a group is disabled when the person is in only one group"',
      { action: 'remove', isAdmin: false, adminCount: 1, memberCount: 3, groupCountOfPerson: 1 },
      'last-group',
    ],
    [
      'removal from one of two groups',
      { action: 'remove', isAdmin: false, adminCount: 1, memberCount: 3, groupCountOfPerson: 2 },
      null,
    ],
    [
      'removing the last admin while others stay in the group',
      { action: 'remove', isAdmin: true, adminCount: 1, memberCount: 2, groupCountOfPerson: 2 },
      'last-admin',
    ],
    [
      'removing the last member, who is its admin',
      { action: 'remove', isAdmin: true, adminCount: 1, memberCount: 1, groupCountOfPerson: 2 },
      null,
    ],
  ])('%s', (_rule, change, expected) => {
    expect(membershipChangeProblem(change)).toBe(expected);
  });

  it.each([
    ['CareStaff', true],
    ['NurseMedTech', false],
    ['Culinary', false],
  ])(
    '"removing a person from the care staff group sets both shouldReceiveAll... to false": %s -> %s',
    (group, expected) => {
      expect(removalClearsCareFlags(group)).toBe(expected);
    },
  );
});

describe('staff member actions drawer', () => {
  const base = {
    callerId: 'me',
    caller: [mgmtAdmin],
    target: {
      id: 'them',
      phoneNumber: '+14155550123',
      groupCount: 2,
      isOnCallHere: false,
      companyPhone: null,
    },
    group: { groupId: 'g-cul', targetIsAdmin: false, adminCount: 1 },
  };

  it("\"If the person is on call with a company phone, a 'Call' button shows that company phone's display name\"", () => {
    const actions = staffMemberActions({
      ...base,
      target: {
        ...base.target,
        isOnCallHere: true,
        companyPhone: { displayName: 'Nurse Phone 2', phoneNumber: '+14155550999' },
      },
    });
    expect(actions.call).toEqual({ label: 'Nurse Phone 2', phoneNumber: '+14155550999' });
    expect(actions.takeOffShift).toBe(true);
  });

  it('"A personal phone number is shown (with a call button) only with PII permission"', () => {
    expect(staffMemberActions(base).call).toEqual({ label: '+14155550123', phoneNumber: '+14155550123' });
    expect(staffMemberActions({ ...base, target: { ...base.target, phoneNumber: null } }).call).toBeNull();
  });

  it.each<[string, Partial<typeof base.group>, boolean, boolean]>([
    ['member: make admin offered', { targetIsAdmin: false, adminCount: 1 }, true, false],
    ['the only admin: neither', { targetIsAdmin: true, adminCount: 1 }, false, false],
    ['one of two admins: dismiss', { targetIsAdmin: true, adminCount: 2 }, false, true],
  ])(
    '"\'Dismiss as Group Admin\' appears only when the group has more than one admin": %s',
    (_case, group, make, dismiss) => {
      const actions = staffMemberActions({ ...base, group: { ...base.group, ...group } });
      expect(actions.makeGroupAdmin).toBe(make);
      expect(actions.dismissGroupAdmin).toBe(dismiss);
    },
  );

  it("\"'Remove Me' is the label when acting on one's own profile\"; disabled in the only group", () => {
    expect(staffMemberActions(base).remove).toEqual({ label: 'Remove from Group', disabled: false });
    const self = staffMemberActions({
      ...base,
      target: { ...base.target, id: 'me', groupCount: 1 },
    });
    expect(self.remove).toEqual({ label: 'Remove Me', disabled: true });
  });

  it('a plain member of another group gets only call and assign task', () => {
    const actions = staffMemberActions({ ...base, caller: [culinaryMember], group: { ...base.group } });
    expect(actions).toMatchObject({
      assignTask: true,
      makeGroupAdmin: false,
      dismissGroupAdmin: false,
      remove: null,
      takeOffShift: false,
    });
  });

  it('"the action [take off shift] appears only when the person is on call at the current facility"', () => {
    expect(staffMemberActions(base).takeOffShift).toBe(false);
    expect(
      staffMemberActions({ ...base, caller: [culinaryAdmin], target: { ...base.target, isOnCallHere: true } })
        .takeOffShift,
    ).toBe(false);
  });
});
