import { type CareType, careZoneGroupingIndex, DEFAULT_CARE_ZONE_GROUPINGS } from '@sage/contract';

/** The part of a care zone the grouping rules read. */
export interface GroupableCareZone {
  id: string;
  name: string;
  unitTags: { careTypes: readonly CareType[] };
}

/**
 * The default grouping of a care zone (sign-in doc section 2, 'Care-zone screen'): "assisted living, memory
 * care and independent living together; long term care and short term rehab together; everything else in the
 * last." A zone is placed by its first care type that belongs to a grouping; a zone without one (no care
 * type, or only NONE) is in the last grouping.
 */
export function careZoneGroupIndex(zone: GroupableCareZone): number {
  const indexes = zone.unitTags.careTypes.map((careType) => careZoneGroupingIndex(careType));
  const known = indexes.filter((index) => index < DEFAULT_CARE_ZONE_GROUPINGS.length);
  return known[0] ?? DEFAULT_CARE_ZONE_GROUPINGS.length;
}

/**
 * The zones split into their groupings, in grouping order, empty groupings left out; zones keep their order
 * within a grouping. Groupings are alternatives, shown separated by 'OR'.
 */
export function groupCareZones<Z extends GroupableCareZone>(zones: readonly Z[]): Z[][] {
  const groups = new Map<number, Z[]>();
  for (const zone of zones) {
    const index = careZoneGroupIndex(zone);
    const group = groups.get(index) ?? [];
    group.push(zone);
    groups.set(index, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
}

export type CareZoneSelectionProblem = 'required' | 'unknown-zone' | 'same-grouping';

/**
 * "Care zone confirm: at least one zone must be selected; only zones of the same grouping may be selected
 * together." `zones` are the facility's zones. Returns null when the selection is valid.
 */
export function careZoneSelectionProblem(
  zones: readonly GroupableCareZone[],
  selectedIds: readonly string[],
  { requireOne = true }: { requireOne?: boolean } = {},
): CareZoneSelectionProblem | null {
  if (selectedIds.length === 0) return requireOne ? 'required' : null;
  const byId = new Map(zones.map((zone) => [zone.id, zone]));
  const selected = selectedIds.map((id) => byId.get(id));
  if (selected.some((zone) => zone === undefined)) return 'unknown-zone';
  const groupIndexes = new Set(selected.map((zone) => careZoneGroupIndex(zone as GroupableCareZone)));
  return groupIndexes.size > 1 ? 'same-grouping' : null;
}

/**
 * Whether ticking `zoneId` keeps the selection in one grouping; the screen unticks zones of other
 * groupings when one is ticked (groupings are alternatives). Returns the new selection.
 */
export function toggleCareZone(
  zones: readonly GroupableCareZone[],
  selectedIds: readonly string[],
  zoneId: string,
): string[] {
  if (selectedIds.includes(zoneId)) return selectedIds.filter((id) => id !== zoneId);
  const zone = zones.find((z) => z.id === zoneId);
  if (!zone) return [...selectedIds];
  const group = careZoneGroupIndex(zone);
  const byId = new Map(zones.map((z) => [z.id, z]));
  const kept = selectedIds.filter((id) => {
    const other = byId.get(id);
    return other !== undefined && careZoneGroupIndex(other) === group;
  });
  return [...kept, zoneId];
}

export type CareZonePreferenceAction = 'create' | 'update' | 'skip';

/**
 * "Care zone preference: an update is skipped if the zone set is unchanged; a create is used when the person
 * has no facility config yet." The order of ids does not matter.
 */
export function careZonePreferenceAction(
  existing: { careZoneIds: readonly string[] } | null | undefined,
  selectedIds: readonly string[],
): CareZonePreferenceAction {
  if (!existing) return 'create';
  const before = new Set(existing.careZoneIds);
  const after = new Set(selectedIds);
  const unchanged = before.size === after.size && [...after].every((id) => before.has(id));
  return unchanged ? 'skip' : 'update';
}

export type DeviceSection = 'availablePhones' | 'phonesInUse' | 'otherDevices';

/**
 * Section order of the 'What device is this?' drawer: "Management sees the 'Other Devices' list first;
 * everyone else sees it last."
 */
export function deviceDrawerSections(isManagement: boolean): DeviceSection[] {
  return isManagement
    ? ['otherDevices', 'availablePhones', 'phonesInUse']
    : ['availablePhones', 'phonesInUse', 'otherDevices'];
}
