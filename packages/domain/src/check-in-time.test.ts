import { describe, expect, it } from 'vitest';
import {
  checkInDate,
  checkInDayStartsAt,
  currentCheckInDay,
  defaultCheckInTimeMinutes,
  formatCheckInTime,
  isBeforeDailyCheckIn,
  isUnitOnHold,
} from './check-in-time';

describe('defaultCheckInTimeMinutes', () => {
  it.each([
    [0, 15],
    [1, 60],
    [2, 1440],
    [3, null],
    [4, 1440],
    [-1, 1440],
    [undefined, 1440],
    [null, 1440],
  ])(
    '"0 gives 15 min, 1 gives 60, 2 gives 1440, 3 gives none; default 1440": %s -> %s',
    (value, expected) => {
      expect(defaultCheckInTimeMinutes(value)).toBe(expected);
    },
  );
});

describe('isBeforeDailyCheckIn', () => {
  const chicago = 'America/Chicago';
  it.each([
    // January: Chicago is UTC-6
    ['2025-01-15T06:00:00Z', chicago, true], // 00:00 local
    ['2025-01-15T09:59:59Z', chicago, true], // 03:59:59 local
    ['2025-01-15T10:00:00Z', chicago, false], // 04:00 local
    ['2025-01-16T05:59:00Z', chicago, false], // 23:59 local on the 15th
    // July: Chicago is UTC-5 (daylight saving time)
    ['2025-07-15T08:30:00Z', chicago, true], // 03:30 local
    ['2025-07-15T09:00:00Z', chicago, false], // 04:00 local
    ['2025-07-15T01:00:00Z', 'Europe/Berlin', true], // 03:00 local
    ['2025-07-15T03:00:00Z', 'Europe/Berlin', false], // 05:00 local
  ])(
    '"Daily check-in starts at 4:00 am in the facility\'s timezone": %s in %s -> before: %s',
    (iso, tz, expected) => {
      expect(isBeforeDailyCheckIn(new Date(iso), tz)).toBe(expected);
    },
  );
});

describe('check-in dates and times', () => {
  it('uses the facility-local date (yyyy-MM-dd)', () => {
    expect(checkInDate(new Date('2025-01-16T05:59:00Z'), 'America/Chicago')).toBe('2025-01-15');
  });
  it('"shows as checked in with its time (format like \'MMM d, yyyy at h:mm a\')"', () => {
    expect(formatCheckInTime(Date.parse('2025-03-04T15:07:00Z'), 'America/Chicago')).toBe(
      'Mar 4, 2025 at 9:07 AM',
    );
  });
});

/** The day before a yyyy-MM-dd day. */
const dayBefore = (day: string): string => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

describe('"Daily check-in starts at 4:00 am in the facility\'s timezone": the check-in window across time zones and daylight-saving days', () => {
  it.each([
    // [check-in day, facility time zone, the instant 4:00 am facility time, what the day is]
    ['2025-01-15', 'America/Chicago', '2025-01-15T10:00:00Z', 'standard time, UTC-6'],
    ['2025-07-15', 'America/Chicago', '2025-07-15T09:00:00Z', 'daylight time, UTC-5'],
    ['2025-03-09', 'America/Chicago', '2025-03-09T09:00:00Z', 'spring forward at 2:00 (23-hour day)'],
    [
      '2025-11-02',
      'America/Chicago',
      '2025-11-02T10:00:00Z',
      'fall back at 2:00 (25-hour day; 1:00-2:00 twice)',
    ],
    ['2025-03-10', 'America/Chicago', '2025-03-10T09:00:00Z', 'the day after spring forward'],
    ['2025-11-03', 'America/Chicago', '2025-11-03T10:00:00Z', 'the day after fall back'],
    ['2025-03-30', 'Europe/London', '2025-03-30T03:00:00Z', 'spring forward at 1:00'],
    ['2025-10-26', 'Europe/Berlin', '2025-10-26T03:00:00Z', 'fall back at 3:00'],
    [
      '2025-04-06',
      'Australia/Sydney',
      '2025-04-05T18:00:00Z',
      'southern fall back at 3:00; 4:00 is the previous UTC day',
    ],
    ['2025-10-05', 'Australia/Sydney', '2025-10-04T17:00:00Z', 'southern spring forward at 2:00'],
    ['2025-04-06', 'Australia/Lord_Howe', '2025-04-05T17:30:00Z', 'a half-hour daylight-saving shift'],
    ['2025-04-06', 'America/Santiago', '2025-04-06T08:00:00Z', 'fall back at midnight (0:00 happens twice)'],
    ['2025-09-07', 'America/Santiago', '2025-09-07T07:00:00Z', 'spring forward at midnight (no 0:00)'],
    ['2025-01-15', 'Asia/Kolkata', '2025-01-14T22:30:00Z', 'UTC+5:30'],
    ['2025-01-15', 'America/St_Johns', '2025-01-15T07:30:00Z', 'UTC-3:30'],
    ['2025-01-15', 'Pacific/Kiritimati', '2025-01-14T14:00:00Z', 'UTC+14'],
    ['2025-01-15', 'Pacific/Pago_Pago', '2025-01-15T15:00:00Z', 'UTC-11'],
    ['2025-01-15', 'UTC', '2025-01-15T04:00:00Z', 'UTC'],
  ])('%s in %s begins at %s (%s)', (day, timeZone, startIso) => {
    const start = new Date(startIso);
    const justBefore = new Date(start.getTime() - 1_000);
    expect(checkInDayStartsAt(day, timeZone)).toEqual(start);
    // From 4:00 am on, the day's check-in is the current one; one second earlier it is still the day before.
    expect(currentCheckInDay(start, timeZone)).toBe(day);
    expect(currentCheckInDay(justBefore, timeZone)).toBe(dayBefore(day));
    expect(isBeforeDailyCheckIn(start, timeZone)).toBe(false);
    expect(isBeforeDailyCheckIn(justBefore, timeZone)).toBe(true);
    // It stays the current day until 4:00 am the next day (a 23- or 25-hour day on a daylight-saving change).
    const next = checkInDayStartsAt(
      new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
      timeZone,
    );
    expect(currentCheckInDay(new Date(next.getTime() - 1_000), timeZone)).toBe(day);
  });

  it.each([
    // Chicago, fall back: 1:30 am happens twice (CDT, then CST); both belong to the previous check-in day.
    ['2025-11-02T06:30:00Z', 'America/Chicago', '2025-11-01', true],
    ['2025-11-02T07:30:00Z', 'America/Chicago', '2025-11-01', true],
    // Chicago, spring forward: 3:59 CDT is still before the start; 1:59 CST too.
    ['2025-03-09T07:59:00Z', 'America/Chicago', '2025-03-08', true],
    ['2025-03-09T08:59:59Z', 'America/Chicago', '2025-03-08', true],
    // Late evening: the facility's date, not the UTC one.
    ['2025-01-16T05:59:00Z', 'America/Chicago', '2025-01-15', false],
    ['2025-01-15T20:00:00Z', 'Asia/Tokyo', '2025-01-16', false],
  ])('at %s in %s the current check-in day is %s (before 4:00 am: %s)', (iso, timeZone, day, before) => {
    expect(currentCheckInDay(new Date(iso), timeZone)).toBe(day);
    expect(isBeforeDailyCheckIn(new Date(iso), timeZone)).toBe(before);
  });
});

describe('isUnitOnHold: a unit whose daily check-in is skipped (SKIPPED_ON_HOLD)', () => {
  const r = (isOnHold: boolean, isArchived = false) => ({ isOnHold, isArchived });
  it.each([
    ['no residents', [], false],
    ['one resident on hold', [r(true)], true],
    ['every resident on hold', [r(true), r(true)], true],
    ['one of two on hold', [r(true), r(false)], false],
    ['nobody on hold', [r(false)], false],
    ['on hold, an archived one not', [r(true), r(false, true)], true],
    ['only archived residents', [r(true, true)], false],
  ])('%s', (_name, residents, expected) => {
    expect(isUnitOnHold(residents)).toBe(expected);
  });
});
