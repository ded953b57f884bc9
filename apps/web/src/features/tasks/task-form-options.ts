import type { Severity, TGroup, TStaffMember } from '@sage/contract';
import { instantToWallClock, wallClockToInstant } from '@sage/domain';
import { localeTag, useMessages } from '../../shared/i18n';

/** Severities a person may give a task by hand (emergencies come from devices). */
export const MANUAL_TASK_SEVERITIES = [
  'HIGH_PRIORITY',
  'MEDIUM_PRIORITY',
  'LOW_PRIORITY',
] as const satisfies Severity[];

/** The priorities a task may be given, named in the reader's language (the `severity` namespace). */
export function useSeverityOptions(): { value: Severity; label: string }[] {
  const severity = useMessages('severity');
  return MANUAL_TASK_SEVERITIES.map((value) => ({ value, label: severity[value]() }));
}

export const groupOptions = (groups: readonly TGroup[] | undefined) =>
  (groups ?? []).map((g) => ({ value: g.id, label: g.name })).sort((a, b) => a.label.localeCompare(b.label));

/** The staff of the facility, those of `groupId` only when one is chosen. */
export const staffOptions = (staff: readonly TStaffMember[] | undefined, groupId: string | null) =>
  (staff ?? [])
    .filter((s) => !groupId || s.groupMemberships.some((m) => m.groupId === groupId))
    .map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName}` }))
    .sort((a, b) => a.label.localeCompare(b.label));

/** A datetime-local value ('2026-03-08T08:00') read in the facility's time zone, as an ISO instant. */
export function localInputToIso(value: string, timeZone: string): string | null {
  const wall = Date.parse(`${value}:00Z`);
  if (!value || Number.isNaN(wall)) return null;
  return new Date(wallClockToInstant(wall, timeZone)).toISOString();
}

/** An instant as a datetime-local value on the facility's wall clock. */
export const isoToLocalInput = (iso: string, timeZone: string): string =>
  new Date(instantToWallClock(Date.parse(iso), timeZone)).toISOString().slice(0, 16);

/** 'Mon, Mar 9, 8:00 AM' in the facility's time zone. */
export const formatInZone = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat(localeTag(), {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
