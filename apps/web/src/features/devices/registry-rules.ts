/**
 * The registry's search: a case-insensitive substring of the hardware id or of what the device is
 * assigned to (a resident, a unit, a door). An empty search keeps every device.
 */
export function filterDevices<T extends { hardwareId: string }>(
  devices: readonly T[],
  search: string,
  assignedTo: (device: T) => string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...devices];
  return devices.filter(
    (d) => d.hardwareId.toLowerCase().includes(needle) || assignedTo(d).toLowerCase().includes(needle),
  );
}
