import {
  DOOR_SCHEDULE_DEFAULT_END,
  DOOR_SCHEDULE_DEFAULT_START,
  DOOR_SCHEDULE_EMPTY_TIME,
  DOOR_SCHEDULE_FULL_DAY_END,
  DOOR_SCHEDULE_FULL_DAY_START,
  DOOR_SCHEDULE_PRESET_LABELS,
  DoorScheduleMessages,
  DoorSchedulePreset,
  type TDoorAlarmSchedule,
  type TTimeRange,
} from '@sage/contract';
import { formatInTimeZone } from 'date-fns-tz';

/*
 * Door alarm schedule (sign-in doc sections 3, 5 and 9).
 *
 * Our reading of "The saved schedule is the complement of the alert-free range":
 * the user picks an ALERT PERIOD (start, end), e.g. the preset 7 PM - 7 AM = 19:00 to 07:00 (the validation
 * text calls it "This alert period …"). The alert-free range is the rest of the day, [end, start). The saved
 * schedule is the complement of that alert-free range, which is the alert period itself. So:
 *
 *   the stored ranges in dailySchedules.dayOfWeekTimeRangeMap.All are the times when the door DOES alert.
 *
 * This agrees with the next sentence: "on edit, a single range matching 19:00-07:00 shows as the preset"
 * (the stored range of the 7 PM - 7 AM preset is 19:00-07:00, the alert period, not 07:00-19:00).
 *
 * Ranges live on the 24-hour circle: a range whose start is later than its end runs overnight
 * (19:00-07:00 = from 19:00 to 07:00 the next morning), so the complement of one range is one range and the
 * preset is stored as a single range. A range is [start, end): the start minute is inside, the end minute
 * is not, except that an end of 23:59 means the end of the day ("full day is 00:00-23:59"). An empty time
 * counts as 00:00.
 *
 * alwaysAlert wins over neverAlert if both are set (alerting is the safe side); a door without any schedule
 * alerts always (also the safe side).
 */

const MINUTES_PER_DAY = 1440;

/** Minutes since midnight of an 'HH:MM' time; an empty (or missing) time counts as 00:00. */
export const timeToMinutes = (time: string | null | undefined): number => {
  const value = time == null || time.trim() === '' ? DOOR_SCHEDULE_EMPTY_TIME : time.trim();
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`Invalid time of day: ${value}`);
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) throw new Error(`Invalid time of day: ${value}`);
  return hours * 60 + minutes;
};

/** 'HH:MM' of minutes since midnight (1440, the end of the day, is written 23:59). */
export const minutesToTime = (minutes: number): string => {
  if (minutes >= MINUTES_PER_DAY) return DOOR_SCHEDULE_FULL_DAY_END;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

const normaliseTime = (time: string | null | undefined): string => minutesToTime(timeToMinutes(time));

/** The end of a range in minutes: 23:59 is the end of the day. */
const endToMinutes = (time: string | null | undefined): number => {
  const minutes = timeToMinutes(time);
  return minutes === MINUTES_PER_DAY - 1 ? MINUTES_PER_DAY : minutes;
};

/**
 * Custom alert hours validation:
 * "Start and end must differ: 'Start and end times must be different'."
 * "00:00 to 23:59 is refused: 'This alert period spans the whole day. Please select Always Alert instead.'"
 * Returns the message, or null when valid.
 */
export const validateAlertPeriod = (
  start: string | null | undefined,
  end: string | null | undefined,
): string | null => {
  const startMinutes = timeToMinutes(start);
  const endMinutes = timeToMinutes(end);
  if (startMinutes === endMinutes) return DoorScheduleMessages.startEqualsEnd;
  if (
    startMinutes === timeToMinutes(DOOR_SCHEDULE_FULL_DAY_START) &&
    endMinutes === timeToMinutes(DOOR_SCHEDULE_FULL_DAY_END)
  ) {
    return DoorScheduleMessages.wholeDay;
  }
  return null;
};

/** "An info note about an overnight period shows when start is later than end." */
export const isOvernightPeriod = (
  start: string | null | undefined,
  end: string | null | undefined,
): boolean => timeToMinutes(start) > timeToMinutes(end);

/** "Continue is disabled in those cases and while saving." */
export const canContinueCustomSchedule = (
  start: string | null | undefined,
  end: string | null | undefined,
  isSaving: boolean,
): boolean => !isSaving && validateAlertPeriod(start, end) === null;

/** The complement of a range on the 24-hour circle: the rest of the day, as one range. */
export const complementOfRange = (range: TTimeRange): TTimeRange => ({
  startTime: normaliseTime(range.endTime),
  endTime: normaliseTime(range.startTime),
});

/** The alert-free range of an alert period: from the end of the period to its start. */
export const alertFreeRange = (alertPeriod: TTimeRange): TTimeRange => complementOfRange(alertPeriod);

const scheduleWithRanges = (
  alwaysAlert: boolean,
  neverAlert: boolean,
  ranges: TTimeRange[],
): TDoorAlarmSchedule => ({
  alwaysAlert,
  neverAlert,
  dailySchedules: { dayOfWeekTimeRangeMap: { All: ranges } },
});

export type DoorScheduleChoice =
  | { preset: 'ALWAYS_ALERT' }
  | { preset: 'NEVER_ALERT' }
  | { preset: 'SEVEN_PM_TO_SEVEN_AM' }
  | { preset: 'CUSTOM'; startTime: string | null | undefined; endTime: string | null | undefined };

export type BuildScheduleResult = { ok: true; schedule: TDoorAlarmSchedule } | { ok: false; message: string };

/**
 * The schedule saved for a drawer choice. "Choosing 7 PM - 7 AM sets 19:00 to 07:00. The saved schedule is
 * the complement of the alert-free range."
 */
export const buildDoorAlarmSchedule = (choice: DoorScheduleChoice): BuildScheduleResult => {
  switch (choice.preset) {
    case 'ALWAYS_ALERT':
      return { ok: true, schedule: scheduleWithRanges(true, false, []) };
    case 'NEVER_ALERT':
      return { ok: true, schedule: scheduleWithRanges(false, true, []) };
    case 'SEVEN_PM_TO_SEVEN_AM':
      return buildDoorAlarmSchedule({
        preset: 'CUSTOM',
        startTime: DOOR_SCHEDULE_DEFAULT_START,
        endTime: DOOR_SCHEDULE_DEFAULT_END,
      });
    case 'CUSTOM': {
      const message = validateAlertPeriod(choice.startTime, choice.endTime);
      if (message) return { ok: false, message };
      const alertPeriod = {
        startTime: normaliseTime(choice.startTime),
        endTime: normaliseTime(choice.endTime),
      };
      const saved = complementOfRange(alertFreeRange(alertPeriod));
      return { ok: true, schedule: scheduleWithRanges(false, false, [saved]) };
    }
  }
};

/**
 * The preset shown when editing a saved schedule: "on edit, a single range matching 19:00-07:00 shows as the
 * preset, otherwise Custom." A schedule without flags and without ranges never alerts, so it shows as Never Alert.
 */
export const presetOfSchedule = (schedule: TDoorAlarmSchedule | null | undefined): DoorSchedulePreset => {
  if (!schedule || schedule.alwaysAlert) return DoorSchedulePreset.ALWAYS_ALERT;
  if (schedule.neverAlert) return DoorSchedulePreset.NEVER_ALERT;
  const ranges = schedule.dailySchedules.dayOfWeekTimeRangeMap.All;
  if (ranges.length === 0) return DoorSchedulePreset.NEVER_ALERT;
  const [only] = ranges;
  if (
    ranges.length === 1 &&
    only &&
    timeToMinutes(only.startTime) === timeToMinutes(DOOR_SCHEDULE_DEFAULT_START) &&
    timeToMinutes(only.endTime) === timeToMinutes(DOOR_SCHEDULE_DEFAULT_END)
  ) {
    return DoorSchedulePreset.SEVEN_PM_TO_SEVEN_AM;
  }
  return DoorSchedulePreset.CUSTOM;
};

/** Start and end shown in the custom fields when editing (the first stored range; defaults 19:00 and 07:00). */
export const customTimesOfSchedule = (
  schedule: TDoorAlarmSchedule | null | undefined,
): { startTime: string; endTime: string } => {
  const first = schedule?.dailySchedules.dayOfWeekTimeRangeMap.All[0];
  return first
    ? { startTime: normaliseTime(first.startTime), endTime: normaliseTime(first.endTime) }
    : { startTime: DOOR_SCHEDULE_DEFAULT_START, endTime: DOOR_SCHEDULE_DEFAULT_END };
};

/** Whether a minute of the day (may be fractional) lies in a stored alert range. */
export const isMinuteInRange = (minuteOfDay: number, range: TTimeRange): boolean => {
  const start = timeToMinutes(range.startTime);
  const end = endToMinutes(range.endTime);
  if (start === end) return false;
  if (start < end) return minuteOfDay >= start && minuteOfDay < end;
  return minuteOfDay >= start || minuteOfDay < end;
};

/**
 * Used by the worker: does a door-open at `now` raise an alert? True inside the alert period of the schedule,
 * read in the facility's time zone.
 */
export const isInsideAlertPeriod = (
  schedule: TDoorAlarmSchedule | null | undefined,
  now: Date,
  timeZone: string,
): boolean => {
  if (!schedule || schedule.alwaysAlert) return true;
  if (schedule.neverAlert) return false;
  const [hours, minutes, seconds] = formatInTimeZone(now, timeZone, 'H:m:s').split(':').map(Number);
  const minuteOfDay = (hours ?? 0) * 60 + (minutes ?? 0) + (seconds ?? 0) / 60;
  return schedule.dailySchedules.dayOfWeekTimeRangeMap.All.some((range) =>
    isMinuteInRange(minuteOfDay, range),
  );
};

/** A door alarm schedule of the door's facility, as read for a door opening. */
export interface DoorScheduleCandidate {
  id: string;
  /** Made as a facility default (its own flag; an allocation naming one does not make it the door's own). */
  isFacilityDefault: boolean;
  /** The facility's current default. */
  isCurrentDefault: boolean;
}

/**
 * The schedule a door alarm's opening is judged by (decision 0008): the door's own schedule, else the allocation's
 * own (one made as a facility default does not count), else the facility's current default; null when none, and the
 * door then always alerts (isInsideAlertPeriod).
 */
export const doorScheduleInForce = <S extends DoorScheduleCandidate>(
  candidates: readonly S[],
  ids: { doorScheduleId: string | null; allocationScheduleId: string | null },
): S | null =>
  (ids.doorScheduleId !== null && candidates.find((s) => s.id === ids.doorScheduleId)) ||
  (ids.allocationScheduleId !== null &&
    candidates.find((s) => s.id === ids.allocationScheduleId && !s.isFacilityDefault)) ||
  candidates.find((s) => s.isCurrentDefault) ||
  null;

export interface DoorScheduleIssue {
  /** Path inside the schedule, e.g. 'dailySchedules.dayOfWeekTimeRangeMap.All.0'. */
  path: string;
  rule: 'exclusive' | 'different times' | 'not the whole day';
  message: string;
}

/**
 * The server's check of a schedule as saved (docs/decisions/0191): the drawer's custom-hours rules hold for
 * every stored range ("Start and end must differ"; "00:00 to 23:59 is refused ... select Always Alert
 * instead"), so no client can store what the drawer refuses; and a schedule cannot both always and never
 * alert. A schedule the drawer builds (buildDoorAlarmSchedule) always passes.
 */
export const doorAlarmScheduleIssues = (schedule: TDoorAlarmSchedule): DoorScheduleIssue[] => {
  const issues: DoorScheduleIssue[] = [];
  if (schedule.alwaysAlert && schedule.neverAlert) {
    issues.push({
      path: 'neverAlert',
      rule: 'exclusive',
      message: 'A schedule cannot both always and never alert',
    });
  }
  schedule.dailySchedules.dayOfWeekTimeRangeMap.All.forEach((range, index) => {
    const message = validateAlertPeriod(range.startTime, range.endTime);
    if (message) {
      issues.push({
        path: `dailySchedules.dayOfWeekTimeRangeMap.All.${index}`,
        rule: message === DoorScheduleMessages.startEqualsEnd ? 'different times' : 'not the whole day',
        message,
      });
    }
  });
  return issues;
};

/**
 * How a door's schedule reads in the doors list: the preset shown on edit ('Always Alert', 'Never Alert',
 * '7 PM - 7 AM'), or 'Custom Time · 08:00 - 17:00' with the stored alert period.
 */
export const doorScheduleSummary = (schedule: TDoorAlarmSchedule | null | undefined): string => {
  const preset = presetOfSchedule(schedule);
  if (preset !== DoorSchedulePreset.CUSTOM) return DOOR_SCHEDULE_PRESET_LABELS[preset];
  const ranges = schedule?.dailySchedules.dayOfWeekTimeRangeMap.All ?? [];
  const times = ranges.map((r) => `${normaliseTime(r.startTime)} - ${normaliseTime(r.endTime)}`).join(', ');
  return `${DOOR_SCHEDULE_PRESET_LABELS.CUSTOM} · ${times}`;
};
