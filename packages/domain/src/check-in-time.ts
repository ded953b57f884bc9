import {
  CHECK_IN_DATE_FORMAT,
  CHECK_IN_TIME_FORMAT,
  DAILY_CHECK_IN_START_HOUR,
  DEFAULT_CHECK_IN_TIME_FALLBACK_MINUTES,
  DEFAULT_CHECK_IN_TIME_MINUTES,
} from '@sage/contract';
import { formatInTimeZone } from 'date-fns-tz';

/**
 * "Default check-in time helper values: 0 gives 15 min, 1 gives 60, 2 gives 1440, 3 gives none; default 1440."
 * Returns minutes, or null for "none".
 */
export const defaultCheckInTimeMinutes = (value: number | null | undefined): number | null => {
  if (value == null || !Object.hasOwn(DEFAULT_CHECK_IN_TIME_MINUTES, value))
    return DEFAULT_CHECK_IN_TIME_FALLBACK_MINUTES;
  return DEFAULT_CHECK_IN_TIME_MINUTES[value] ?? null;
};

/** The hour (0-23) of `now` in the facility's time zone. */
const hourIn = (now: Date, timeZone: string): number => Number(formatInTimeZone(now, timeZone, 'H'));

/**
 * "Daily check-in starts at 4:00 am in the facility's timezone." / "Before 4:00 am facility time the message
 * 'Daily check-in begins at 4:00 am' shows and nothing is fetched."
 */
export const isBeforeDailyCheckIn = (now: Date, timeZone: string): boolean =>
  hourIn(now, timeZone) < DAILY_CHECK_IN_START_HOUR;

/** The facility-local date (yyyy-MM-dd) of `now`: the `date` query value of GET /checkIns. */
export const checkInDate = (now: Date, timeZone: string): string =>
  formatInTimeZone(now, timeZone, CHECK_IN_DATE_FORMAT);

/** A check-in time shown as 'MMM d, yyyy at h:mm a' in the facility's time zone. */
export const formatCheckInTime = (checkInTimestampMs: number, timeZone: string): string =>
  formatInTimeZone(new Date(checkInTimestampMs), timeZone, CHECK_IN_TIME_FORMAT);
