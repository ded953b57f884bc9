import type { TStaffMember } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { inMyCareZones } from './my-care-zones';

const tags = { unitRids: [], wards: [], buildings: [], wings: [], floors: [] };
const profile = (
  careTypes: TStaffMember['staffMemberFacilityConfigs'][number]['careZones'][number]['unitTags']['careTypes'],
) =>
  ({
    staffMemberFacilityConfigs: [
      {
        careZones: careTypes.length
          ? [{ id: 'z', name: 'Z', facilityId: 'f', unitTags: { ...tags, careTypes } }]
          : [],
      },
    ],
  }) as unknown as TStaffMember;

describe('inMyCareZones', () => {
  it('keeps alerts of units whose care type is in one of my zones', () => {
    const task = { unit: { id: 'u1', displayName: 'AL 101', careType: 'ASSISTED_LIVING' as const } };
    expect(inMyCareZones(task, profile(['ASSISTED_LIVING']))).toBe(true);
    expect(inMyCareZones(task, profile(['MEMORY_CARE']))).toBe(false);
  });
  it('keeps every alert when no care zone is chosen', () => {
    const task = { unit: { id: 'u1', displayName: 'MC 1', careType: 'MEMORY_CARE' as const } };
    expect(inMyCareZones(task, profile([]))).toBe(true);
  });
});
