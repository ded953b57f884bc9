import type { GroupId } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { derivePermissions } from './permissions';
import {
  canEditResidentContacts,
  canManageCommunity,
  canSeeResidentContacts,
  changedLockedFields,
  refusedResidentFields,
  residentReadAccess,
} from './resident-access';

type M = { group: GroupId; isAdmin: boolean }[];
const m = (group: GroupId, isAdmin = false) => ({ group, isAdmin });
const perms = (memberships: M, isFacilityCareAdmin = false) =>
  derivePermissions({ memberships, isFacilityCareAdmin });

describe('resident PHI and PII gating', () => {
  it.each<[string, M, boolean, { phi: boolean; pii: boolean }]>([
    ['management admin', [m('Management', true)], false, { phi: true, pii: true }],
    ['management member', [m('Management')], false, { phi: true, pii: false }],
    ['care staff', [m('CareStaff')], false, { phi: true, pii: false }],
    ['nurse/med tech only', [m('NurseMedTech')], false, { phi: false, pii: false }],
    ['housekeeping', [m('Housekeeping')], false, { phi: false, pii: false }],
  ])(
    '"Code status and hospice status appear only with PHI access"; "canSeePII: management admin": %s',
    (_who, memberships, careAdmin, expected) => {
      expect(residentReadAccess(perms(memberships, careAdmin))).toEqual(expected);
    },
  );

  it.each<[string, M, boolean, string[], string[]]>([
    ['management admin writes everything', [m('Management', true)], false, ['healthInfo', 'email'], []],
    [
      'management member: no PHI, no PII',
      [m('Management')],
      false,
      ['firstName', 'healthInfo', 'personalPhone'],
      ['healthInfo:canEditPHI', 'personalPhone:canEditPII'],
    ],
    [
      'care-staff admin edits PHI, not PII',
      [m('CareStaff', true)],
      false,
      ['healthInfo', 'email'],
      ['email:canEditPII'],
    ],
    ['facility care admin edits PHI', [m('CareStaff')], true, ['healthInfo'], []],
    [
      'care staff member: plain fields only',
      [m('CareStaff')],
      false,
      ['lastName', 'healthInfo'],
      ['healthInfo:canEditPHI'],
    ],
  ])(
    '"canEditPHI: management admin, care-staff admin, or facility care admin"; "canEditPII: management admin": %s',
    (_who, memberships, careAdmin, fields, refused) => {
      const got = refusedResidentFields(fields, perms(memberships, careAdmin)).map(
        (r) => `${r.field}:${r.rule}`,
      );
      expect(got).toEqual(refused);
    },
  );

  it.each<[string, M, 'CONTACT' | 'SPECIALIST', boolean, boolean]>([
    ['management admin, contacts', [m('Management', true)], 'CONTACT', true, true],
    ['care staff, contacts (PII)', [m('CareStaff')], 'CONTACT', false, false],
    ['care staff, specialists (PHI)', [m('CareStaff')], 'SPECIALIST', true, false],
    ['care-staff admin, specialists', [m('CareStaff', true)], 'SPECIALIST', true, true],
    ['housekeeping, specialists', [m('Housekeeping')], 'SPECIALIST', false, false],
  ])('contacts follow PII, professional contacts PHI: %s', (_who, memberships, type, see, edit) => {
    const p = perms(memberships);
    expect(canSeeResidentContacts(type, p)).toBe(see);
    expect(canEditResidentContacts(type, p)).toBe(edit);
  });

  it.each<[string, M, boolean]>([
    ['management member', [m('Management')], true],
    ['management admin', [m('Management', true)], true],
    ['care-staff admin', [m('CareStaff', true)], false],
    ['nurse', [m('NurseMedTech')], false],
  ])('"Managers administer ... care zones, units, residents": %s -> %s', (_who, memberships, expected) => {
    expect(canManageCommunity(perms(memberships))).toBe(expected);
  });
});

describe('EHR locked fields', () => {
  it.each<[string, { field: string; before: unknown; after: unknown }[], string[], string[]]>([
    [
      'a changed locked field',
      [{ field: 'resident.firstName', before: 'Ann', after: 'Anne' }],
      ['resident.firstName'],
      ['resident.firstName'],
    ],
    [
      'the same value sent back',
      [{ field: 'resident.firstName', before: 'Ann', after: 'Ann' }],
      ['resident.firstName'],
      [],
    ],
    [
      'empty string and null are the same',
      [{ field: 'resident.email', before: null, after: '' }],
      ['resident.email'],
      [],
    ],
    [
      'an unlocked field changes freely',
      [{ field: 'resident.lastName', before: 'A', after: 'B' }],
      ['resident.firstName'],
      [],
    ],
    [
      'health info compared as a whole, key order aside',
      [{ field: 'resident.healthInfo', before: { a: 1, b: 2 }, after: { b: 2, a: 1 } }],
      ['resident.healthInfo'],
      [],
    ],
  ])('%s', (_what, changes, locked, expected) => {
    expect(changedLockedFields(changes, locked)).toEqual(expected);
  });
});
