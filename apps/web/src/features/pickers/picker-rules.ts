import {
  CARE_TYPE_ABBREVIATIONS,
  CARE_TYPE_LABELS,
  CARE_TYPES,
  type CareType,
  GroupId,
  type TStaffMember,
} from '@sage/contract';
import { derivePermissions, isTaskSupervisor, nameMatchesSearch } from '@sage/domain';

/**
 * Pure rules of the pickers (sign-in doc section 2 'Drawers', alerts doc section 5): "People and unit pickers
 * need a selection before Continue is enabled; search filters are case-insensitive substring matches on the
 * name."
 */

/** Case-insensitive substring match of the trimmed search on the name; an empty search matches everything. */
export const nameMatches = nameMatchesSearch;

export function filterByName<T>(items: readonly T[], search: string, nameOf: (item: T) => string): T[] {
  return items.filter((item) => nameMatches(nameOf(item), search));
}

/**
 * Continue is enabled only with a selection among the options offered: one chosen value for a single
 * choice, at least one for a multiple choice. A value no longer offered (filtered out, gone) does not count.
 */
export function canContinue(selected: readonly string[], offered: readonly string[]): boolean {
  return selected.some((value) => offered.includes(value));
}

/** The chosen values that are still offered, in the order they are offered. */
export function selectedAmong(selected: readonly string[], offered: readonly string[]): string[] {
  return offered.filter((value) => selected.includes(value));
}

/** Toggles a value of a multiple choice; a single choice replaces the selection. */
export function toggleSelection(selected: readonly string[], value: string, multiple: boolean): string[] {
  if (!multiple) return [value];
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}

export interface CareTypeOption {
  careType: CareType;
  /** 'Assisted Living' */
  label: string;
  /** 'AL' */
  abbreviation: string | null;
}

/**
 * 'Select Type of Care': the care types of the facility's units, in the spec's order (AL, IL, MC, LTC, STR).
 * Units without a care type (NONE) offer no choice of their own.
 */
export function careTypesPresent(units: readonly { careType: CareType }[]): CareTypeOption[] {
  const present = new Set(units.map((unit) => unit.careType));
  return CARE_TYPES.filter((careType) => careType !== 'NONE' && present.has(careType)).map((careType) => ({
    careType,
    label: CARE_TYPE_LABELS[careType],
    abbreviation: CARE_TYPE_ABBREVIATIONS[careType],
  }));
}

/** What follows the choice of a unit in 'Log care by unit': nobody to log for, the one resident, or a choice. */
export type UnitResidentStep =
  | { kind: 'empty' }
  | { kind: 'one'; residentId: string }
  | { kind: 'choose'; residentIds: string[] };

export function residentStepFor(unit: { currentOccupants: readonly { id: string }[] }): UnitResidentStep {
  const ids = unit.currentOccupants.map((resident) => resident.id);
  if (ids.length === 0) return { kind: 'empty' };
  if (ids.length === 1) return { kind: 'one', residentId: ids[0] as string };
  return { kind: 'choose', residentIds: ids };
}

export const staffMemberName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();

const RESPONDING_GROUPS: readonly string[] = [GroupId.CareStaff, GroupId.NurseMedTech];

export interface PersonOption {
  id: string;
  name: string;
  onShift: boolean;
}

/**
 * People an alert may be given to (docs/decisions/0077): care staff and nurses/med techs of the facility, not
 * archived, other than the excluded (the current assignee); those on shift at the facility first, then by name.
 */
export function responderCandidates(
  staff: readonly TStaffMember[],
  facilityId: string,
  excludeIds: readonly string[] = [],
): PersonOption[] {
  return staff
    .filter(
      (person) =>
        !person.isArchived &&
        !excludeIds.includes(person.id) &&
        person.groupMemberships.some(
          (m) => m.facilityId === facilityId && RESPONDING_GROUPS.includes(m.groupType),
        ),
    )
    .map((person) => ({
      id: person.id,
      name: staffMemberName(person),
      onShift: person.onCallStates.some((state) => state.facilityId === facilityId && state.isOnCall),
    }))
    .sort((a, b) => Number(b.onShift) - Number(a.onShift) || a.name.localeCompare(b.name));
}

/**
 * Whether the staff member may give an open alert of this facility to a colleague: responder supervisors
 * (care-staff admins) and management, as the tasks API enforces.
 */
export function mayReassign(me: TStaffMember | undefined, facilityId: string): boolean {
  if (!me) return false;
  const memberships = me.groupMemberships
    .filter((m) => m.facilityId === facilityId)
    .map((m) => ({ group: m.groupType as GroupId, isAdmin: m.isAdmin }));
  return isTaskSupervisor(derivePermissions({ memberships }));
}
