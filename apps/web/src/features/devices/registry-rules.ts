import type { Messages } from '../../shared/i18n';

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

/**
 * The hardware id's field check in the reader's language (the schema's own words, matched by their zod code: the
 * check's `code` here, the reply issue's `rule`), else as written.
 */
export function hardwareIdCheck(
  issue: { code?: string; rule?: string; message: string },
  t: Pick<
    Messages<'deviceRegistry'>,
    'hardwareIdEmpty' | 'hardwareIdTooLong' | 'controlCharacters' | 'wellFormed'
  >,
): string {
  const code = issue.code ?? issue.rule;
  if (code === 'too_small') return t.hardwareIdEmpty();
  if (code === 'too_big') return t.hardwareIdTooLong();
  if (issue.message === 'Must not contain control characters') return t.controlCharacters();
  if (issue.message === 'Must be well-formed Unicode') return t.wellFormed();
  return issue.message;
}
