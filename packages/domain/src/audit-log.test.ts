import { GroupId } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { canReadAuditLog } from './audit-log';
import { derivePermissions } from './permissions';

describe('canReadAuditLog (spec section 6: "canSeePII, canEditPII: management admin")', () => {
  it.each([
    ['management-group admin', [{ group: GroupId.Management, isAdmin: true }], true],
    ['management member (not admin)', [{ group: GroupId.Management, isAdmin: false }], false],
    ['care staff', [{ group: GroupId.CareStaff, isAdmin: false }], false],
    ['care-staff admin', [{ group: GroupId.CareStaff, isAdmin: true }], false],
    ['nurse/med tech', [{ group: GroupId.NurseMedTech, isAdmin: false }], false],
    ['housekeeping admin', [{ group: GroupId.Housekeeping, isAdmin: true }], false],
    [
      'care staff who is also a management admin',
      [
        { group: GroupId.CareStaff, isAdmin: false },
        { group: GroupId.Management, isAdmin: true },
      ],
      true,
    ],
  ] as const)('%s: %s', (_who, memberships, expected) => {
    expect(canReadAuditLog(derivePermissions({ memberships }))).toBe(expected);
  });
});
