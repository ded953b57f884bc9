import { describe, expect, it } from 'vitest';
import {
  formatRelativeMs,
  formatRelativeSeconds,
  formatTimeSince,
  lastPressRefreshIntervalMs,
} from './relative-time';

describe('formatRelativeSeconds', () => {
  it.each([
    [0, '0s'],
    [0.5, '0s'],
    [-3, '0s'],
    [1, '1s'],
    [59, '59s'],
    [60, '1m'],
    [299, '4m'],
    [3599, '59m'],
    [3600, '1h'],
    [7200, '2h'],
    [86399, '23h'],
    [86400, '1d'],
    [259200, '3d'],
    [2591999, '29d'],
    [2592000, '1mo'],
    [31535999, '12mo'],
    [31536000, '1y'],
    [63072000, '2y'],
  ])('"uses y, mo, d, h, m, s; a year is 31536000 s, a month 2592000 s": %d s -> %s', (seconds, expected) => {
    expect(formatRelativeSeconds(seconds)).toBe(expected);
  });
  it('"30 days in ms is 2592000000" reads as one month', () => {
    expect(formatRelativeMs(2592000000)).toBe('1mo');
    expect(formatTimeSince(1_000, 301_000)).toBe('5m');
  });
});

describe('lastPressRefreshIntervalMs', () => {
  it.each([
    [0, 1000],
    [59_999, 1000],
    [60_000, 60_000],
    [3_599_999, 60_000],
    [3_600_000, null],
  ])(
    '"refreshes every second within the first minute, every minute within the first hour, then stops": %i ms -> %s',
    (elapsed, expected) => {
      expect(lastPressRefreshIntervalMs(elapsed)).toBe(expected);
    },
  );
});
