import { describe, expect, it } from 'vitest';
import {
  canAdministerEnterprise,
  canEditFacilitySettings,
  canManageEnterprises,
  canSeeEnterprise,
  canSeeFacility,
  type OrgMembership,
} from './org-admin';

const HOME = { id: 'f1', enterpriseId: 'e1' };
const SISTER = { id: 'f2', enterpriseId: 'e1' };
const OTHER = { id: 'f9', enterpriseId: 'e9' };
const at = (group: string, isAdmin = false, facility = HOME): OrgMembership => ({
  group,
  isAdmin,
  facilityId: facility.id,
  enterpriseId: facility.enterpriseId,
});

type Row = [string, OrgMembership[]];
const supportStaff: Row = ['provider support', [at('SageSupport')]];
const managementAdmin: Row = ['management-group admin', [at('Management', true)]];
const manager: Row = ['management member', [at('Management')]];
const careStaffAdmin: Row = ['care-staff admin', [at('CareStaff', true)]];
const caregiver: Row = ['care staff', [at('CareStaff')]];
const housekeeper: Row = ['housekeeping', [at('Housekeeping')]];

describe('org administration (decision 0170)', () => {
  it.each<[...Row, boolean]>([
    [...supportStaff, true],
    [...managementAdmin, false],
    [...manager, false],
    [...careStaffAdmin, false],
  ])('create or delete a company: %s -> %s', (_who, memberships, expected) => {
    expect(canManageEnterprises(memberships)).toBe(expected);
  });

  it.each<[...Row, string, boolean]>([
    [...supportStaff, 'e9', true],
    [...managementAdmin, 'e1', true],
    [...managementAdmin, 'e9', false],
    [...manager, 'e1', false],
    [...careStaffAdmin, 'e1', false],
    ['admin of Management in another company', [at('Management', true, OTHER)], 'e1', false],
  ])(
    'administer company (rename, its communities): %s in %s -> %s',
    (_who, memberships, enterpriseId, expected) => {
      expect(canAdministerEnterprise(memberships, enterpriseId)).toBe(expected);
    },
  );

  it.each<[...Row, string, boolean]>([
    [...supportStaff, 'e9', true],
    [...caregiver, 'e1', true],
    [...caregiver, 'e9', false],
    [...managementAdmin, 'e9', false],
  ])('see a company: %s, %s -> %s', (_who, memberships, enterpriseId, expected) => {
    expect(canSeeEnterprise(memberships, enterpriseId)).toBe(expected);
  });

  it.each<[...Row, { id: string; enterpriseId: string }, boolean]>([
    [...supportStaff, OTHER, true],
    [...caregiver, HOME, true],
    [...caregiver, SISTER, false],
    [...manager, SISTER, false],
    [...managementAdmin, SISTER, true],
    [...managementAdmin, OTHER, false],
  ])('see a community: %s, %o -> %s', (_who, memberships, facility, expected) => {
    expect(canSeeFacility(memberships, facility)).toBe(expected);
  });

  it.each<[...Row, { id: string; enterpriseId: string }, boolean]>([
    [...supportStaff, OTHER, true],
    [...managementAdmin, SISTER, true],
    [...manager, HOME, true],
    [...manager, SISTER, false],
    [...careStaffAdmin, HOME, false],
    [...caregiver, HOME, false],
    [...housekeeper, HOME, false],
  ])('edit company phones and features: %s, %o -> %s', (_who, memberships, facility, expected) => {
    expect(canEditFacilitySettings(memberships, facility)).toBe(expected);
  });
});
