import type { Permissions } from './permissions';

/**
 * PHI and PII of a resident (alerts doc section 6, sign-in doc section 6): "Code status and hospice status appear
 * only with PHI access"; "canEditPHI: management admin, care-staff admin, or facility care admin"; "canSeePII and
 * canEditPII: management admin"; "A personal phone number is shown ... only with PII permission".
 * The whole healthInfo (memory, continence, ADL levels, code status, hospice) is PHI; personalPhone and email are
 * PII (docs/decisions/0151).
 */
export const RESIDENT_PHI_FIELDS = ['healthInfo'] as const;
export const RESIDENT_PII_FIELDS = ['personalPhone', 'email'] as const;

type AccessPermissions = Pick<Permissions, 'canSeePHI' | 'canEditPHI' | 'canSeePII' | 'canEditPII'>;

export interface ResidentFieldRefusal {
  field: string;
  /** The permission the field needs. */
  rule: 'canEditPHI' | 'canEditPII';
}

/** Fields of a resident write the caller may not make, each with the permission it needs. */
export function refusedResidentFields(
  fields: readonly string[],
  permissions: AccessPermissions,
): ResidentFieldRefusal[] {
  const refusals: ResidentFieldRefusal[] = [];
  for (const field of fields) {
    if ((RESIDENT_PHI_FIELDS as readonly string[]).includes(field) && !permissions.canEditPHI) {
      refusals.push({ field, rule: 'canEditPHI' });
    }
    if ((RESIDENT_PII_FIELDS as readonly string[]).includes(field) && !permissions.canEditPII) {
      refusals.push({ field, rule: 'canEditPII' });
    }
  }
  return refusals;
}

/** What a resident reply may carry for the caller. */
export const residentReadAccess = (permissions: AccessPermissions) => ({
  phi: permissions.canSeePHI,
  pii: permissions.canSeePII,
});

/**
 * Contacts (docs/decisions/0151): personal contacts are the resident's private circle (PII); the primary care
 * provider, specialists and hospital say what the resident is treated for (PHI).
 */
export type ResidentContactType = 'CONTACT' | 'PRIMARY_CARE_PROVIDER' | 'SPECIALIST' | 'HOSPITAL';
export const canSeeResidentContacts = (type: ResidentContactType, p: AccessPermissions): boolean =>
  type === 'CONTACT' ? p.canSeePII : p.canSeePHI;
export const canEditResidentContacts = (type: ResidentContactType, p: AccessPermissions): boolean =>
  type === 'CONTACT' ? p.canEditPII : p.canEditPHI;

/**
 * Who sets a community up (residents, units, care zones, EHR locked fields): "Managers administer enterprises
 * (companies), facilities, care zones, units, residents, ..." (sign-in doc section 1): members of the Management
 * group of that facility (docs/decisions/0150).
 */
export const canManageCommunity = (permissions: Pick<Permissions, 'isManagement'>): boolean =>
  permissions.isManagement;

/**
 * The locked fields a write would change (docs/decisions/0152): a field sent with the value it already has is
 * no change, so a form sending every field back still saves while an EHR owns some of them.
 */
export function changedLockedFields(
  changes: readonly { field: string; before: unknown; after: unknown }[],
  lockedFields: readonly string[],
): string[] {
  return changes
    .filter((c) => lockedFields.includes(c.field) && !sameValue(c.before, c.after))
    .map((c) => c.field);
}

const sameValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));

/** Empty strings and undefined count as null; object keys are compared in sorted order. */
function normalise(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalise((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
