import { DEFAULT_INACTIVITY_LOGOFF_MINUTES } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import {
  type InactivityFacility,
  inactivityLimitMinutes,
  isInactiveTooLong,
  lastActivityAt,
} from './inactivity';

const facility = (over: Partial<InactivityFacility> = {}): InactivityFacility => ({
  inactivityLogoffMinutes: 720,
  managementInactivityLogoffMinutes: 60,
  isManagement: false,
  isOnCall: false,
  ...over,
});

describe('inactivityLimitMinutes (decision 0142)', () => {
  it.each([
    ['no facility: the default', [], DEFAULT_INACTIVITY_LOGOFF_MINUTES],
    ['caregiver', [facility()], 720],
    ['caregiver on shift', [facility({ isOnCall: true })], 720],
    ['manager off shift: the management limit', [facility({ isManagement: true })], 60],
    ['manager on shift: the staff limit (alerts)', [facility({ isManagement: true, isOnCall: true })], 720],
    [
      'management limit longer than the facility limit: the shorter',
      [facility({ isManagement: true, inactivityLogoffMinutes: 30, managementInactivityLogoffMinutes: 90 })],
      30,
    ],
    ['a 1-minute facility', [facility({ inactivityLogoffMinutes: 1 })], 1],
    [
      'two facilities: the shortest',
      [facility({ inactivityLogoffMinutes: 480 }), facility({ inactivityLogoffMinutes: 600 })],
      480,
    ],
  ] as const)('%s', (_case, facilities, expected) => {
    expect(inactivityLimitMinutes(facilities)).toBe(expected);
  });
});

describe('lastActivityAt', () => {
  const now = 1_000_000_000;
  it.each([
    ['no report: the stored time', now - 50_000, undefined, now - 50_000],
    ['a report of recent use moves it forward', now - 50_000, 10, now - 10_000],
    ['a report older than the stored time does not move it back', now - 50_000, 100, now - 50_000],
    ['never later than now', now - 50_000, 0, now],
  ] as const)('%s', (_case, stored, idle, expected) => {
    expect(lastActivityAt(stored, now, idle)).toBe(expected);
  });
});

describe('isInactiveTooLong', () => {
  it.each([
    [59_999, 1, false],
    [60_000, 1, false],
    [60_001, 1, true],
    [12 * 3_600_000 + 1, 720, true],
  ] as const)('idle %i ms with a %i-minute limit: %s', (idleMs, limit, expected) => {
    expect(isInactiveTooLong(0, idleMs, limit)).toBe(expected);
  });
});
