/**
 * Task schedule rules (sign-in doc section 7 'Task schedules'; docs/decisions/0240-task-schedule-occurrences.md).
 * A schedule starts at `startAt` and, when recurring, repeats every `recurringIntervalInMin` minutes of the
 * facility's wall clock: 'every day at 8:00' stays at 8:00 across daylight-saving changes, and 'every 4 hours
 * from 6:00' keeps 6, 10, 14, 18, 22, 2. A wall time that does not exist (the spring-forward gap) happens
 * the gap's length later (02:30 -> 03:30); a wall time that happens twice (fall back) happens the first time.
 * Pure: the worker and the API feed it numbers (ms since the epoch).
 */
export interface ScheduleRule {
  /** The first occurrence, ms since the epoch. */
  startAtMs: number;
  /** Null (or 0) for a one-off schedule. */
  recurringIntervalInMin: number | null;
  /** The facility's IANA time zone. */
  timeZone: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms (one cached formatter per zone: sweeps ask often). */
function offsetAt(timeZone: string, ms: number): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The wall clock of an instant in a time zone, as ms whose UTC fields read that wall clock. */
export function instantToWallClock(ms: number, timeZone: string): number {
  return ms + offsetAt(timeZone, ms);
}

/**
 * The instant a wall-clock time (ms whose UTC fields read it) happens in a time zone: the earlier of two when
 * it happens twice, the gap's length later when it does not happen (Temporal's 'compatible').
 */
export function wallClockToInstant(wallMs: number, timeZone: string): number {
  const before = offsetAt(timeZone, wallMs - DAY_MS);
  const after = offsetAt(timeZone, wallMs + DAY_MS);
  const offsets = [...new Set([before, offsetAt(timeZone, wallMs), after])];
  const valid = offsets.map((o) => wallMs - o).filter((t) => instantToWallClock(t, timeZone) === wallMs);
  if (valid.length > 0) return Math.min(...valid);
  // In a gap: read with the offset in force before it (02:30 CST = 03:30 CDT).
  return wallMs - before;
}

const isRecurring = (rule: ScheduleRule): rule is ScheduleRule & { recurringIntervalInMin: number } =>
  rule.recurringIntervalInMin !== null && rule.recurringIntervalInMin > 0;

/** Occurrence `n` (0 = the start) in ms since the epoch; null past the first of a one-off schedule. */
export function occurrenceAt(rule: ScheduleRule, n: number): number | null {
  if (!Number.isInteger(n) || n < 0) return null;
  if (n === 0) return rule.startAtMs;
  if (!isRecurring(rule)) return null;
  const wall =
    instantToWallClock(rule.startAtMs, rule.timeZone) + n * rule.recurringIntervalInMin * MINUTE_MS;
  return wallClockToInstant(wall, rule.timeZone);
}

/** The index of the last occurrence at or before `ms` (-1 when the schedule has not started yet). */
function lastIndexAtOrBefore(rule: ScheduleRule, ms: number): number {
  if (ms < rule.startAtMs) return -1;
  if (!isRecurring(rule)) return 0;
  const interval = rule.recurringIntervalInMin * MINUTE_MS;
  // Occurrences never go backwards in time, and sit within a few hours of start + n x interval.
  let n = Math.max(0, Math.floor((ms - rule.startAtMs) / interval) - 2);
  while ((occurrenceAt(rule, n + 1) ?? Number.POSITIVE_INFINITY) <= ms) n++;
  while (n > 0 && (occurrenceAt(rule, n) ?? 0) > ms) n--;
  return n;
}

/** The latest occurrence at or before `nowMs`, or null when none is due yet. */
export function latestDueOccurrence(rule: ScheduleRule, nowMs: number): number | null {
  const n = lastIndexAtOrBefore(rule, nowMs);
  return n < 0 ? null : occurrenceAt(rule, n);
}

/**
 * The first occurrence strictly after `afterMs` (null when a one-off schedule has had its occurrence). Two
 * indexes may land on one instant (a spring-forward gap folds 02:00 and 03:00 together): that instant
 * counts once.
 */
export function nextOccurrenceAfter(rule: ScheduleRule, afterMs: number): number | null {
  let n = lastIndexAtOrBefore(rule, afterMs) + 1;
  for (;;) {
    const at = occurrenceAt(rule, n);
    if (at === null) return null;
    if (at > afterMs) return at;
    n++;
  }
}

/**
 * The next run of a schedule saved at `nowMs`: its start while ahead; a one-off whose start has passed runs at
 * once (its start); a recurring one runs at its first occurrence from now on (missed ones are not made up).
 */
export function firstRunAt(rule: ScheduleRule, nowMs: number): number | null {
  if (rule.startAtMs >= nowMs || !isRecurring(rule)) return rule.startAtMs;
  return nextOccurrenceAfter(rule, nowMs - 1);
}

/**
 * What a sweep at `nowMs` does with a schedule whose next run is `nextRunAtMs`: fire the latest due occurrence
 * (runs missed while no worker ran are not replayed one by one) and move the next run past it.
 */
export function planScheduleRun(
  rule: ScheduleRule,
  nextRunAtMs: number | null,
  nowMs: number,
): { fire: number | null; nextRunAt: number | null } {
  if (nextRunAtMs === null || nextRunAtMs > nowMs) return { fire: null, nextRunAt: nextRunAtMs };
  const fire = latestDueOccurrence(rule, nowMs) ?? nextRunAtMs;
  return { fire, nextRunAt: nextOccurrenceAfter(rule, Math.max(fire, nowMs)) };
}
