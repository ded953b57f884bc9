import { describe, expect, it } from 'vitest';
import {
  firstRunAt,
  instantToWallClock,
  latestDueOccurrence,
  nextOccurrenceAfter,
  occurrenceAt,
  planScheduleRun,
  type ScheduleRule,
  wallClockToInstant,
} from './task-schedule-rules';

// Sign-in doc section 7: "Task schedules: POST /schedules/tasks; ... unset-duration". The spec names the
// routes only: occurrences follow the facility's wall clock (docs/decisions/0240).
const iso = (s: string) => Date.parse(s);
const at = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const rule = (startAt: string, recurringIntervalInMin: number | null, timeZone: string): ScheduleRule => ({
  startAtMs: iso(startAt),
  recurringIntervalInMin,
  timeZone,
});

describe('[TASK SCHEDULES]: wall clock <-> instant', () => {
  it.each([
    // zone, wall clock, instant
    ['America/Chicago', '2026-07-01T08:00:00Z', '2026-07-01T13:00:00.000Z'],
    ['America/Chicago', '2026-01-15T08:00:00Z', '2026-01-15T14:00:00.000Z'],
    // spring forward: 02:30 does not exist, it happens at 03:30 CDT
    ['America/Chicago', '2026-03-08T02:30:00Z', '2026-03-08T08:30:00.000Z'],
    // fall back: 01:30 happens twice, the first time (CDT) counts
    ['America/Chicago', '2026-11-01T01:30:00Z', '2026-11-01T06:30:00.000Z'],
    ['Europe/London', '2026-03-29T01:30:00Z', '2026-03-29T01:30:00.000Z'],
    ['Europe/London', '2026-10-25T01:30:00Z', '2026-10-25T00:30:00.000Z'],
    ['Australia/Sydney', '2026-10-04T02:30:00Z', '2026-10-03T16:30:00.000Z'],
    ['Australia/Sydney', '2026-04-05T02:30:00Z', '2026-04-04T15:30:00.000Z'],
    ['Asia/Kolkata', '2026-03-08T02:30:00Z', '2026-03-07T21:00:00.000Z'],
  ])('%s: %s on the wall is %s', (zone, wall, instant) => {
    expect(at(wallClockToInstant(iso(wall), zone))).toBe(instant);
  });

  it('an instant read back on the wall clock is itself', () => {
    for (const zone of ['America/Chicago', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata']) {
      for (let t = iso('2026-01-01T00:00:00Z'); t < iso('2027-01-01T00:00:00Z'); t += 3_600_000 * 7) {
        expect(wallClockToInstant(instantToWallClock(t, zone), zone)).toBeLessThanOrEqual(t);
      }
    }
  });
});

describe('[TASK SCHEDULES]: occurrences in the facility time zone', () => {
  it.each([
    // a daily 8:00 task in Chicago keeps 8:00 local across both DST changes
    [rule('2026-03-06T14:00:00Z', 1440, 'America/Chicago'), 2, '2026-03-08T13:00:00.000Z'],
    [rule('2026-03-06T14:00:00Z', 1440, 'America/Chicago'), 3, '2026-03-09T13:00:00.000Z'],
    [rule('2026-10-30T13:00:00Z', 1440, 'America/Chicago'), 2, '2026-11-01T14:00:00.000Z'],
    // weekly Monday 9:00 in London across the March change
    [rule('2026-03-23T09:00:00Z', 10080, 'Europe/London'), 1, '2026-03-30T08:00:00.000Z'],
    // daily 2:30 in Chicago: on the spring-forward day it happens at 3:30 CDT, the next day at 2:30 again
    [rule('2026-03-07T08:30:00Z', 1440, 'America/Chicago'), 1, '2026-03-08T08:30:00.000Z'],
    [rule('2026-03-07T08:30:00Z', 1440, 'America/Chicago'), 2, '2026-03-09T07:30:00.000Z'],
    // every 4 hours from 6:00 Chicago: 22:00 on Oct 31 then 2:00 (CST) on Nov 1, wall clock kept
    [rule('2026-10-31T11:00:00Z', 240, 'America/Chicago'), 4, '2026-11-01T03:00:00.000Z'],
    [rule('2026-10-31T11:00:00Z', 240, 'America/Chicago'), 5, '2026-11-01T08:00:00.000Z'],
    [rule('2026-10-31T11:00:00Z', 240, 'America/Chicago'), 6, '2026-11-01T12:00:00.000Z'],
    // daily 8:00 in Sydney across the April (southern) change
    [rule('2026-04-03T21:00:00Z', 1440, 'Australia/Sydney'), 2, '2026-04-05T22:00:00.000Z'],
    // no DST in Kolkata: plain arithmetic
    [rule('2026-03-07T02:30:00Z', 1440, 'Asia/Kolkata'), 10, '2026-03-17T02:30:00.000Z'],
    // a one-off has only its start
    [rule('2026-03-07T02:30:00Z', null, 'America/Chicago'), 0, '2026-03-07T02:30:00.000Z'],
    [rule('2026-03-07T02:30:00Z', null, 'America/Chicago'), 1, null],
    [rule('2026-03-07T02:30:00Z', 60, 'America/Chicago'), -1, null],
  ])('%# occurrence %i is %s', (r, n, expected) => {
    expect(at(occurrenceAt(r, n))).toBe(expected);
  });

  it.each([
    // hourly in Chicago across spring forward: 1:00 CST, then 3:00 CDT (2:00 does not exist and folds into 3:00)
    [rule('2026-03-08T06:00:00Z', 60, 'America/Chicago'), '2026-03-08T06:00:00Z', '2026-03-08T07:00:00.000Z'],
    [rule('2026-03-08T06:00:00Z', 60, 'America/Chicago'), '2026-03-08T07:00:00Z', '2026-03-08T08:00:00.000Z'],
    [rule('2026-03-08T06:00:00Z', 60, 'America/Chicago'), '2026-03-08T08:00:00Z', '2026-03-08T09:00:00.000Z'],
    // hourly across fall back: 1:00 CDT then 2:00 CST (the repeated 1:00 CST is not a second occurrence)
    [rule('2026-11-01T05:00:00Z', 60, 'America/Chicago'), '2026-11-01T06:00:00Z', '2026-11-01T08:00:00.000Z'],
    // before the start: the start
    [rule('2026-11-01T05:00:00Z', 60, 'America/Chicago'), '2026-10-01T00:00:00Z', '2026-11-01T05:00:00.000Z'],
    // a one-off once past its start: nothing more
    [rule('2026-11-01T05:00:00Z', null, 'America/Chicago'), '2026-11-01T05:00:00Z', null],
  ])('%# the next occurrence after %s is %s', (r, after, expected) => {
    expect(at(nextOccurrenceAfter(r, iso(after as string)))).toBe(expected);
  });

  it('occurrences never go back in time and never repeat, whatever the zone and interval', () => {
    // Around both changes of each zone (March-April and October-November).
    for (const zone of ['America/Chicago', 'Europe/London', 'Australia/Sydney', 'America/St_Johns']) {
      for (const [from, to] of [
        ['2026-03-06T00:15:00Z', '2026-04-07T00:00:00Z'],
        ['2026-09-30T00:15:00Z', '2026-11-03T00:00:00Z'],
      ] as const) {
        for (const interval of [30, 90, 1440]) {
          const r = rule(from, interval, zone);
          let last = -1;
          let t = r.startAtMs - 1;
          while (t < iso(to)) {
            const next = nextOccurrenceAfter(r, t)!;
            if (next <= last) expect(at(next)).toBe(`after ${at(last)}`);
            last = next;
            t = next;
          }
        }
      }
    }
  }, 60_000);
});

describe('[TASK SCHEDULES]: what a sweep fires', () => {
  const daily = rule('2026-03-06T14:00:00Z', 1440, 'America/Chicago');
  it.each([
    // not due yet
    [daily, '2026-03-07T14:00:00Z', '2026-03-07T13:59:00Z', null, '2026-03-07T14:00:00.000Z'],
    // due: fires it and moves to tomorrow 8:00 (CDT from March 8)
    [
      daily,
      '2026-03-07T14:00:00Z',
      '2026-03-07T14:00:30Z',
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
    ],
    // three days missed: only the latest fires
    [
      daily,
      '2026-03-07T14:00:00Z',
      '2026-03-10T15:00:00Z',
      '2026-03-10T13:00:00.000Z',
      '2026-03-11T13:00:00.000Z',
    ],
    // one-off: fires once, then nothing
    [
      rule('2026-03-07T14:00:00Z', null, 'UTC'),
      '2026-03-07T14:00:00Z',
      '2026-03-07T14:01:00Z',
      '2026-03-07T14:00:00.000Z',
      null,
    ],
    // finished schedule: nothing
    [daily, null, '2026-03-07T14:01:00Z', null, null],
  ])('%# next run %s, sweep at %s: fires %s, then next %s', (r, next, now, fire, nextRunAt) => {
    const plan = planScheduleRun(r, next === null ? null : iso(next), iso(now));
    expect({ fire: at(plan.fire), nextRunAt: at(plan.nextRunAt) }).toEqual({ fire, nextRunAt });
  });

  it.each([
    [
      rule('2026-03-07T14:00:00Z', 1440, 'America/Chicago'),
      '2026-03-01T00:00:00Z',
      '2026-03-07T14:00:00.000Z',
    ],
    [
      rule('2026-03-07T14:00:00Z', 1440, 'America/Chicago'),
      '2026-03-09T12:00:00Z',
      '2026-03-09T13:00:00.000Z',
    ],
    [
      rule('2026-03-07T14:00:00Z', null, 'America/Chicago'),
      '2026-03-09T12:00:00Z',
      '2026-03-07T14:00:00.000Z',
    ],
  ])('%# saved at %s, first runs at %s', (r, now, expected) => {
    expect(at(firstRunAt(r, iso(now)))).toBe(expected);
  });

  it('latestDueOccurrence is null before the start', () => {
    expect(latestDueOccurrence(daily, iso('2026-03-01T00:00:00Z'))).toBeNull();
  });
});
