import { buttonsLabel, DeviceAllocationMessages, type DeviceType, PENDANT_DEVICE_TYPE } from '@sage/contract';

/** The part of an allocation these rules read. */
export interface PendantAllocationLike {
  id: string;
  isActive?: boolean;
  device: { type: DeviceType };
  resident: { id: string } | null;
}

/**
 * "Counts use 'button/buttons'": '1 button', '2 buttons'; no button at all reads 'No buttons'
 * (docs/decisions/0071).
 */
export const residentButtonsLabel = (count: number): string =>
  count <= 0 ? DeviceAllocationMessages.noButtons : buttonsLabel(count);

/** Active pendants (Sage Buttons given to a resident) per resident id. */
export const countPendantsByResident = (
  allocations: readonly PendantAllocationLike[],
): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const a of allocations) {
    if (a.isActive === false || !a.resident || a.device.type !== PENDANT_DEVICE_TYPE) continue;
    counts.set(a.resident.id, (counts.get(a.resident.id) ?? 0) + 1);
  }
  return counts;
};

/**
 * Drawer 17: "when a resident who already has a pendant is chosen for assignment" the 'Pendant already
 * assigned' warning shows first. The allocation being assigned does not count (re-choosing its own
 * resident is no new pendant).
 */
export const needsPendantAlreadyAssignedWarning = (
  residentId: string,
  allocationId: string,
  allocations: readonly PendantAllocationLike[],
): boolean =>
  allocations.some(
    (a) =>
      a.id !== allocationId &&
      a.isActive !== false &&
      a.resident?.id === residentId &&
      a.device.type === PENDANT_DEVICE_TYPE,
  );

/** The display name a pendant gets when given to a resident (as the demo data names them): "Ann Lee's pendant". */
export const pendantDisplayName = (resident: { firstName: string; lastName: string }): string =>
  `${resident.firstName} ${resident.lastName}'s pendant`;
