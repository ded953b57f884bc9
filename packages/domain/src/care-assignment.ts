/** "Pinning: a resident is pinned to the care assignment only while neither on hold nor archived." */
export const isPinnable = (resident: { isOnHold: boolean; isArchived: boolean }): boolean =>
  !resident.isOnHold && !resident.isArchived;

/** Whether a resident shows as pinned: in the pinned list and pinnable. */
export const isPinned = (
  resident: { id: string; isOnHold: boolean; isArchived: boolean },
  pinnedResidentIds: readonly string[],
): boolean => isPinnable(resident) && pinnedResidentIds.includes(resident.id);

/** The pinned list with a resident added or removed (each id once). */
export const togglePinned = (
  pinnedResidentIds: readonly string[],
  residentId: string,
  pinned: boolean,
): string[] =>
  pinned
    ? [...new Set([...pinnedResidentIds, residentId])]
    : pinnedResidentIds.filter((id) => id !== residentId);
