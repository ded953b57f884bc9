import type { TDoorAlarmSchedule, TTimeRange } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import {
  alertFreeRange,
  buildDoorAlarmSchedule,
  canContinueCustomSchedule,
  complementOfRange,
  customTimesOfSchedule,
  doorAlarmScheduleIssues,
  doorScheduleInForce,
  doorScheduleSummary,
  isInsideAlertPeriod,
  isOvernightPeriod,
  presetOfSchedule,
  timeToMinutes,
  validateAlertPeriod,
} from './door-schedule';

const ranges = (...list: [string, string][]): TDoorAlarmSchedule => ({
  alwaysAlert: false,
  neverAlert: false,
  dailySchedules: {
    dayOfWeekTimeRangeMap: { All: list.map(([startTime, endTime]) => ({ startTime, endTime })) },
  },
});

describe('validateAlertPeriod', () => {
  it.each<[string | null, string | null, string | null]>([
    ['10:00', '10:00', 'Start and end times must be different'],
    ['', '00:00', 'Start and end times must be different'],
    [null, '', 'Start and end times must be different'],
    ['00:00', '23:59', 'This alert period spans the whole day. Please select Always Alert instead.'],
    ['', '23:59', 'This alert period spans the whole day. Please select Always Alert instead.'],
    ['19:00', '07:00', null],
    ['08:00', '17:30', null],
    ['00:00', '23:58', null],
  ])(
    '"Start and end must differ" / "00:00 to 23:59 is refused" / "An empty time counts as 00:00": %j-%j -> %j',
    (start, end, message) => {
      expect(validateAlertPeriod(start, end)).toBe(message);
    },
  );
  it.each<[string, string, boolean, boolean]>([
    ['19:00', '07:00', false, true],
    ['19:00', '07:00', true, false],
    ['07:00', '07:00', false, false],
  ])(
    '"Continue is disabled in those cases and while saving": %s-%s saving=%s -> %s',
    (s, e, saving, expected) => {
      expect(canContinueCustomSchedule(s, e, saving)).toBe(expected);
    },
  );
  it.each([
    ['19:00', '07:00', true],
    ['07:00', '19:00', false],
  ])(
    '"An info note about an overnight period shows when start is later than end": %s-%s -> %s',
    (s, e, expected) => {
      expect(isOvernightPeriod(s, e)).toBe(expected);
    },
  );
  it('rejects a malformed time', () => {
    expect(() => timeToMinutes('7pm')).toThrow('Invalid time of day');
  });
});

describe('buildDoorAlarmSchedule', () => {
  it('"Choosing 7 PM - 7 AM sets 19:00 to 07:00" (stored as a single alert range)', () => {
    expect(buildDoorAlarmSchedule({ preset: 'SEVEN_PM_TO_SEVEN_AM' })).toEqual({
      ok: true,
      schedule: ranges(['19:00', '07:00']),
    });
  });
  it('"The saved schedule is the complement of the alert-free range": alert period 08:00-17:00', () => {
    const period: TTimeRange = { startTime: '08:00', endTime: '17:00' };
    expect(alertFreeRange(period)).toEqual({ startTime: '17:00', endTime: '08:00' });
    expect(complementOfRange(alertFreeRange(period))).toEqual(period);
    expect(buildDoorAlarmSchedule({ preset: 'CUSTOM', startTime: '08:00', endTime: '17:00' })).toEqual({
      ok: true,
      schedule: ranges(['08:00', '17:00']),
    });
  });
  it('"An empty time counts as 00:00" when saving', () => {
    expect(buildDoorAlarmSchedule({ preset: 'CUSTOM', startTime: '', endTime: '06:00' })).toEqual({
      ok: true,
      schedule: ranges(['00:00', '06:00']),
    });
  });
  it.each([
    ['ALWAYS_ALERT', { alwaysAlert: true, neverAlert: false }],
    ['NEVER_ALERT', { alwaysAlert: false, neverAlert: true }],
  ] as const)('"Presets: Always Alert, Never Alert": %s', (preset, flags) => {
    expect(buildDoorAlarmSchedule({ preset })).toEqual({
      ok: true,
      schedule: { ...flags, dailySchedules: { dayOfWeekTimeRangeMap: { All: [] } } },
    });
  });
  it('refuses an invalid custom period with its message', () => {
    expect(buildDoorAlarmSchedule({ preset: 'CUSTOM', startTime: '00:00', endTime: '23:59' })).toEqual({
      ok: false,
      message: 'This alert period spans the whole day. Please select Always Alert instead.',
    });
  });
});

describe('presetOfSchedule', () => {
  it.each<[string, TDoorAlarmSchedule | null, string]>([
    ['single range 19:00-07:00', ranges(['19:00', '07:00']), 'SEVEN_PM_TO_SEVEN_AM'],
    ['single range 19:00-06:00', ranges(['19:00', '06:00']), 'CUSTOM'],
    ['two ranges', ranges(['19:00', '07:00'], ['12:00', '13:00']), 'CUSTOM'],
    ['always alert', { ...ranges(), alwaysAlert: true }, 'ALWAYS_ALERT'],
    ['never alert', { ...ranges(), neverAlert: true }, 'NEVER_ALERT'],
    ['no ranges', ranges(), 'NEVER_ALERT'],
    ['no schedule', null, 'ALWAYS_ALERT'],
  ])(
    '"on edit, a single range matching 19:00-07:00 shows as the preset, otherwise Custom": %s',
    (_c, s, preset) => {
      expect(presetOfSchedule(s)).toBe(preset);
    },
  );
  it('edit fields show the stored range, else the defaults 19:00 and 07:00', () => {
    expect(customTimesOfSchedule(ranges(['08:00', '17:00']))).toEqual({
      startTime: '08:00',
      endTime: '17:00',
    });
    expect(customTimesOfSchedule(null)).toEqual({ startTime: '19:00', endTime: '07:00' });
  });
});

describe('isInsideAlertPeriod', () => {
  const tz = 'America/Chicago'; // UTC-6 in January
  const at = (localHHMMSS: string) => {
    const [h, m, s] = localHHMMSS.split(':').map(Number);
    return new Date(Date.UTC(2025, 0, 15, (h ?? 0) + 6, m ?? 0, s ?? 0));
  };
  it.each<[string, TDoorAlarmSchedule | null, string, boolean]>([
    ['overnight 19:00-07:00', ranges(['19:00', '07:00']), '18:59:59', false],
    ['overnight 19:00-07:00', ranges(['19:00', '07:00']), '19:00:00', true],
    ['overnight 19:00-07:00', ranges(['19:00', '07:00']), '23:30:00', true],
    ['overnight 19:00-07:00', ranges(['19:00', '07:00']), '00:00:00', true],
    ['overnight 19:00-07:00', ranges(['19:00', '07:00']), '06:59:59', true],
    ['overnight 19:00-07:00', ranges(['19:00', '07:00']), '07:00:00', false],
    ['overnight 19:00-07:00', ranges(['19:00', '07:00']), '12:00:00', false],
    ['daytime 08:00-17:00', ranges(['08:00', '17:00']), '08:00:00', true],
    ['daytime 08:00-17:00', ranges(['08:00', '17:00']), '17:00:00', false],
    ['daytime 08:00-17:00', ranges(['08:00', '17:00']), '07:59:00', false],
    [
      'split form 19:00-23:59 + 00:00-07:00',
      ranges(['19:00', '23:59'], ['00:00', '07:00']),
      '23:59:30',
      true,
    ],
    [
      'split form 19:00-23:59 + 00:00-07:00',
      ranges(['19:00', '23:59'], ['00:00', '07:00']),
      '03:00:00',
      true,
    ],
    [
      'split form 19:00-23:59 + 00:00-07:00',
      ranges(['19:00', '23:59'], ['00:00', '07:00']),
      '08:00:00',
      false,
    ],
    ['always alert', { ...ranges(), alwaysAlert: true }, '12:00:00', true],
    ['never alert', { ...ranges(['00:00', '12:00']), neverAlert: true }, '06:00:00', false],
    ['no ranges', ranges(), '06:00:00', false],
    ['no schedule', null, '06:00:00', true],
  ])('stored ranges are the alert period: %s at %s local -> %s', (_c, schedule, local, expected) => {
    expect(isInsideAlertPeriod(schedule, at(local), tz)).toBe(expected);
  });
});

describe('doorAlarmScheduleIssues (the server check of a saved schedule)', () => {
  it.each<[string, TDoorAlarmSchedule, { path: string; rule: string; message: string }[]]>([
    ['the 7 PM - 7 AM preset', ranges(['19:00', '07:00']), []],
    ['a day range', ranges(['08:00', '17:30']), []],
    ['no ranges (never alerts)', ranges(), []],
    [
      '"Start and end must differ: \'Start and end times must be different\'"',
      ranges(['19:00', '07:00'], ['10:00', '10:00']),
      [
        {
          path: 'dailySchedules.dayOfWeekTimeRangeMap.All.1',
          rule: 'different times',
          message: 'Start and end times must be different',
        },
      ],
    ],
    [
      '"00:00 to 23:59 is refused"',
      ranges(['00:00', '23:59']),
      [
        {
          path: 'dailySchedules.dayOfWeekTimeRangeMap.All.0',
          rule: 'not the whole day',
          message: 'This alert period spans the whole day. Please select Always Alert instead.',
        },
      ],
    ],
    [
      'always and never at once',
      { ...ranges(), alwaysAlert: true, neverAlert: true },
      [{ path: 'neverAlert', rule: 'exclusive', message: 'A schedule cannot both always and never alert' }],
    ],
  ])('%s', (_label, schedule, issues) => {
    expect(doorAlarmScheduleIssues(schedule)).toEqual(issues);
  });

  it.each([
    { preset: 'ALWAYS_ALERT' as const },
    { preset: 'NEVER_ALERT' as const },
    { preset: 'SEVEN_PM_TO_SEVEN_AM' as const },
    { preset: 'CUSTOM' as const, startTime: '22:00', endTime: '06:00' },
    { preset: 'CUSTOM' as const, startTime: '', endTime: '23:58' },
  ])(
    '"The saved schedule is the complement of the alert-free range": what the drawer saves for %j passes',
    (choice) => {
      const built = buildDoorAlarmSchedule(choice);
      expect(built.ok).toBe(true);
      if (built.ok) expect(doorAlarmScheduleIssues(built.schedule)).toEqual([]);
    },
  );
});

describe('complementOfRange (table)', () => {
  it.each<[string, string, string, string]>([
    ['19:00', '07:00', '07:00', '19:00'],
    ['07:00', '19:00', '19:00', '07:00'],
    ['22:30', '06:15', '06:15', '22:30'],
    ['00:00', '12:00', '12:00', '00:00'],
    ['12:00', '23:59', '23:59', '12:00'],
  ])(
    '"The saved schedule is the complement of the alert-free range": alert %s-%s, alert-free %s-%s',
    (start, end, freeStart, freeEnd) => {
      const period = { startTime: start, endTime: end };
      const free = alertFreeRange(period);
      expect(free).toEqual({ startTime: freeStart, endTime: freeEnd });
      expect(complementOfRange(free)).toEqual(period);
      expect(buildDoorAlarmSchedule({ preset: 'CUSTOM', startTime: start, endTime: end })).toEqual({
        ok: true,
        schedule: ranges([start, end]),
      });
    },
  );
});

describe('presets round trip', () => {
  it.each([
    [{ preset: 'ALWAYS_ALERT' as const }, 'ALWAYS_ALERT', 'Always Alert'],
    [{ preset: 'NEVER_ALERT' as const }, 'NEVER_ALERT', 'Never Alert'],
    [{ preset: 'SEVEN_PM_TO_SEVEN_AM' as const }, 'SEVEN_PM_TO_SEVEN_AM', '7 PM - 7 AM'],
    [
      { preset: 'CUSTOM' as const, startTime: '19:00', endTime: '07:00' },
      'SEVEN_PM_TO_SEVEN_AM',
      '7 PM - 7 AM',
    ],
    [
      { preset: 'CUSTOM' as const, startTime: '08:00', endTime: '17:30' },
      'CUSTOM',
      'Custom Time · 08:00 - 17:30',
    ],
    [{ preset: 'CUSTOM' as const, startTime: '', endTime: '06:00' }, 'CUSTOM', 'Custom Time · 00:00 - 06:00'],
  ])(
    '"Presets: Always Alert, Never Alert, 7 PM - 7 AM, Custom Time"; "a single range matching 19:00-07:00 shows as the preset": %j',
    (choice, preset, summary) => {
      const built = buildDoorAlarmSchedule(choice);
      if (!built.ok) throw new Error(built.message);
      expect(presetOfSchedule(built.schedule)).toBe(preset);
      expect(doorScheduleSummary(built.schedule)).toBe(summary);
    },
  );
  it('a door without a schedule of its own reads Always Alert (decision 0008)', () => {
    expect(doorScheduleSummary(null)).toBe('Always Alert');
  });
});

describe("doorScheduleInForce: the door's own schedule, else the allocation's, else the facility default (decision 0008)", () => {
  const own = { id: 'own', isFacilityDefault: false, isCurrentDefault: false };
  const allocation = { id: 'allocation', isFacilityDefault: false, isCurrentDefault: false };
  const facilityDefault = { id: 'default', isFacilityDefault: true, isCurrentDefault: true };
  const oldDefault = { id: 'old-default', isFacilityDefault: true, isCurrentDefault: false };
  const all = [facilityDefault, allocation, own, oldDefault];
  it.each<[string, string | null, string | null, typeof all, string | null]>([
    ["the door's own", 'own', 'allocation', all, 'own'],
    ["the allocation's, when the door has none", null, 'allocation', all, 'allocation'],
    ["the allocation's, when the door's is gone", 'deleted', 'allocation', all, 'allocation'],
    ['the facility default, when neither has one', null, null, all, 'default'],
    ['the facility default, when the allocation names an old default', null, 'old-default', all, 'default'],
    ['the facility default, when the allocation names it', null, 'default', all, 'default'],
    ['none: no schedule at all (the door always alerts)', null, null, [], null],
    ['none: only an old default', null, 'old-default', [oldDefault], null],
  ])('%s', (_, doorScheduleId, allocationScheduleId, candidates, expected) => {
    expect(doorScheduleInForce(candidates, { doorScheduleId, allocationScheduleId })?.id ?? null).toBe(
      expected,
    );
  });
});
