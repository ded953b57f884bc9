import { GroupId } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { derivePermissions } from './permissions';
import { canSeeTask, seesAllTasks } from './task-visibility';

const viewer = (groups: GroupId[], groupIds: string[] = []) => ({
  staffMemberId: 'me',
  permissions: derivePermissions({ memberships: groups.map((group) => ({ group, isAdmin: false })) }),
  groupIds,
});
const unassigned = { assigneeId: null, assigneeGroupId: null };

describe('task visibility', () => {
  it.each([
    ['care staff (canViewAlerts: care staff or management)', [GroupId.CareStaff], true],
    ['management (canViewAlerts: care staff or management)', [GroupId.Management], true],
    ['a nurse/med tech (alerts are polled for responders)', [GroupId.NurseMedTech], true],
    ['housekeeping (operations)', [GroupId.Housekeeping], false],
    ['culinary (operations)', [GroupId.Culinary], false],
  ] as const)('%s sees an unassigned alert: %s', (_who, groups, expected) => {
    expect(canSeeTask(viewer([...groups]), unassigned)).toBe(expected);
    expect(seesAllTasks(viewer([...groups]))).toBe(expected);
  });

  it('operations staff see only tasks assigned to them or their group', () => {
    const housekeeper = viewer([GroupId.Housekeeping], ['g-housekeeping']);
    expect(canSeeTask(housekeeper, { assigneeId: 'me', assigneeGroupId: null })).toBe(true);
    expect(canSeeTask(housekeeper, { assigneeId: null, assigneeGroupId: 'g-housekeeping' })).toBe(true);
    expect(canSeeTask(housekeeper, { assigneeId: 'someone-else', assigneeGroupId: 'g-maintenance' })).toBe(
      false,
    );
  });
});
