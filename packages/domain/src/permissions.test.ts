import type { GroupId } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { canDismissGroupAdmin, canRemoveFromGroup, canTakeOffShift, derivePermissions } from './permissions';

type M = { group: GroupId; isAdmin: boolean }[];
const m = (group: GroupId, isAdmin = false) => ({ group, isAdmin });

describe('derivePermissions', () => {
  it.each<[string, M, boolean]>([
    ['care staff', [m('CareStaff')], true],
    ['management', [m('Management')], true],
    ['nurse/med tech only', [m('NurseMedTech')], false],
    ['housekeeping', [m('Housekeeping')], false],
  ])('"canViewAlerts and canSeePHI: care staff or management": %s -> %s', (_who, memberships, expected) => {
    const p = derivePermissions({ memberships });
    expect(p.canViewAlerts).toBe(expected);
    expect(p.canSeePHI).toBe(expected);
  });

  it.each<[string, M, boolean, boolean]>([
    ['management admin', [m('Management', true)], false, true],
    ['care-staff admin', [m('CareStaff', true)], false, true],
    ['facility care admin', [m('Housekeeping')], true, true],
    ['management member', [m('Management')], false, false],
    ['care staff member', [m('CareStaff')], false, false],
    ['nurse admin', [m('NurseMedTech', true)], false, false],
  ])(
    '"canEditPHI: management admin, care-staff admin, or facility care admin": %s -> %s',
    (_who, memberships, isFacilityCareAdmin, expected) => {
      expect(derivePermissions({ memberships, isFacilityCareAdmin }).canEditPHI).toBe(expected);
    },
  );

  it.each<[string, M, boolean]>([
    ['management admin', [m('Management', true)], true],
    ['management member', [m('Management')], false],
    ['care-staff admin', [m('CareStaff', true)], false],
  ])('"canSeePII and canEditPII: management admin": %s -> %s', (_who, memberships, expected) => {
    const p = derivePermissions({ memberships });
    expect(p.canSeePII).toBe(expected);
    expect(p.canEditPII).toBe(expected);
  });

  it.each<[string, M, boolean, boolean]>([
    ['care staff', [m('CareStaff')], true, false],
    ['nurse/med tech', [m('NurseMedTech')], true, false],
    ['care-staff admin', [m('CareStaff', true)], false, true],
    ['nurse who is a care-staff admin', [m('NurseMedTech'), m('CareStaff', true)], false, true],
    ['nurse admin (not care-staff admin)', [m('NurseMedTech', true)], true, false],
    ['management', [m('Management')], false, false],
  ])(
    '"Responder: care staff or nurse/med tech who is not a care-staff admin. Responder supervisor: same but a care-staff admin": %s',
    (_who, memberships, responder, supervisor) => {
      const p = derivePermissions({ memberships });
      expect(p.isResponder).toBe(responder);
      expect(p.isResponderSupervisor).toBe(supervisor);
    },
  );

  it.each<[string, M, boolean]>([
    ['culinary', [m('Culinary')], true],
    ['housekeeping', [m('Housekeeping')], true],
    ['maintenance', [m('Maintenance')], true],
    ['transportation', [m('Transportation')], true],
    ['housekeeping and care staff', [m('Housekeeping'), m('CareStaff')], false],
    ['culinary and nurse', [m('Culinary'), m('NurseMedTech')], false],
    ['maintenance and management', [m('Maintenance'), m('Management')], false],
    ['provider support only', [m('SageSupport')], false],
  ])(
    '"Operations: in culinary, housekeeping, maintenance or transportation and not in care staff, nurse/med tech or management": %s -> %s',
    (_who, memberships, expected) => {
      expect(derivePermissions({ memberships }).isOperations).toBe(expected);
    },
  );

  it.each<[string, M, boolean]>([
    ['responder', [m('CareStaff')], true],
    ['supervisor', [m('CareStaff', true)], true],
    ['management', [m('Management')], true],
    ['operations', [m('Culinary')], false],
    ['provider support', [m('SageSupport')], false],
  ])(
    '"Alerts are polled for responders, supervisors and management": %s -> %s',
    (_who, memberships, expected) => {
      expect(derivePermissions({ memberships }).alertsPolled).toBe(expected);
    },
  );

  it.each<[string, M, boolean]>([
    ['management', [m('Management')], true],
    ['care-staff admin', [m('CareStaff', true)], false],
  ])('"Only management can open a pendant\'s allocation page": %s -> %s', (_who, memberships, expected) => {
    expect(derivePermissions({ memberships }).canOpenDeviceAllocation).toBe(expected);
  });

  it.each<[string, M, boolean]>([
    ['provider support member', [m('SageSupport')], true],
    ['care staff', [m('CareStaff')], false],
  ])(
    '"the user is flagged as provider support when a membership includes the provider support group": %s',
    (_who, memberships, expected) => {
      expect(derivePermissions({ memberships }).isProviderSupport).toBe(expected);
    },
  );

  it.each<[string, M, GroupId, boolean]>([
    ['management admin editing culinary', [m('Management', true)], 'Culinary', true],
    ['culinary admin editing culinary', [m('Culinary', true)], 'Culinary', true],
    ['culinary admin editing care staff', [m('Culinary', true)], 'CareStaff', false],
    ['culinary member editing culinary', [m('Culinary')], 'Culinary', false],
    ['management member editing culinary', [m('Management')], 'Culinary', false],
  ])(
    '"Editing group membership requires being a management-group admin or an admin of that group": %s',
    (_who, memberships, group, expected) => {
      expect(derivePermissions({ memberships }).canEditGroupMembership(group)).toBe(expected);
    },
  );

  it('a person without memberships has no permissions', () => {
    const p = derivePermissions({ memberships: [] });
    expect([p.canViewAlerts, p.canEditPHI, p.isOperations, p.isResponder, p.alertsPolled]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('shift and group actions', () => {
  it.each<[string, M, boolean, boolean, boolean]>([
    ['management admin with flag, target on call', [m('Management', true)], true, true, true],
    ['management admin without flag', [m('Management', true)], false, true, false],
    ['target not on call here', [m('Management', true)], true, false, false],
    ['management member', [m('Management')], true, true, false],
  ])(
    '"Taking someone off shift requires being a management-group admin and a further permission flag": %s',
    (_who, memberships, hasShiftPermission, targetIsOnCallHere, expected) => {
      expect(canTakeOffShift({ memberships }, { hasShiftPermission, targetIsOnCallHere })).toBe(expected);
    },
  );
  it.each([
    [1, false],
    [2, true],
  ])(
    '"\'Dismiss as Group Admin\' appears only when the group has more than one admin": %i admins -> %s',
    (n, ok) => {
      expect(canDismissGroupAdmin(n)).toBe(ok);
    },
  );
  it.each([
    [1, false],
    [2, true],
  ])('"Removal from a group is disabled when the person is in only one group": %i groups -> %s', (n, ok) => {
    expect(canRemoveFromGroup(n)).toBe(ok);
  });
});
