import {
  CHECK_IN_DATE_FORMAT,
  CHECK_IN_TIME_FORMAT,
  DAILY_CHECK_IN_START_HOUR,
  DEFAULT_CHECK_IN_TIME_FALLBACK_MINUTES,
  DEFAULT_CHECK_IN_TIME_MINUTES,
} from '@sage/contract';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

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

/**
 * The current check-in day (yyyy-MM-dd) of a facility: its local date, where the day begins at 4:00 am ("Daily
 * check-in starts at 4:00 am in the facility's timezone"), so at 2:00 am it is still the previous day. The daily
 * check-in job creates this day's check-ins and expires the earlier days' pending ones (docs/decisions/0230).
 */
export const currentCheckInDay = (now: Date, timeZone: string): string => {
  const local = checkInDate(now, timeZone);
  if (!isBeforeDailyCheckIn(now, timeZone)) return local;
  const previous = new Date(`${local}T12:00:00Z`);
  previous.setUTCDate(previous.getUTCDate() - 1);
  return previous.toISOString().slice(0, 10);
};

/** The instant a check-in day (yyyy-MM-dd) begins: 4:00 am facility time that day (daylight-saving days included). */
export const checkInDayStartsAt = (day: string, timeZone: string): Date =>
  fromZonedTime(`${day}T0${DAILY_CHECK_IN_START_HOUR}:00:00`, timeZone);

/**
 * Whether a unit's daily check-in is skipped as on hold (SKIPPED_ON_HOLD): it has current (not archived)
 * residents and every one of them is on hold. A unit without residents is not on hold; its check-in stays
 * pending, without a check-in button ('No residents in this unit') (docs/decisions/0230).
 */
export const isUnitOnHold = (residents: readonly { isOnHold: boolean; isArchived: boolean }[]): boolean => {
  const current = residents.filter((r) => !r.isArchived);
  return current.length > 0 && current.every((r) => r.isOnHold);
};
