import { describe, expect, it } from 'vitest';
import {
  checkInDate,
  defaultCheckInTimeMinutes,
  formatCheckInTime,
  isBeforeDailyCheckIn,
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
