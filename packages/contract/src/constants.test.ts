import { describe, expect, it } from 'vitest';
import * as C from './constants';
import {
  DOOR_SCHEDULE_DEFAULT_END,
  DOOR_SCHEDULE_DEFAULT_START,
  DOOR_SCHEDULE_FULL_DAY_END,
} from './devices';
import { PHONE_MAX_DIGITS } from './nanp';
import { VERIFICATION_CODE_LENGTH } from './signin-constants';

// Section 9 of both documents, row by row: [spec text, actual, expected]
const ROWS: [string, unknown, unknown][] = [
  ['Note limit 255 characters', C.NOTE_MAX_LENGTH, 255],
  [
    'staff-assist counter 1 to 5',
    [C.STAFF_ASSIST_MIN, C.STAFF_ASSIST_MAX, C.STAFF_ASSIST_DEFAULT],
    [1, 5, 1],
  ],
  ['Care confirmation: poll 1 s', C.CARE_CONFIRMATION_POLL_MS, 1000],
  ['30 s (30000 ms) before failure', C.CARE_CONFIRMATION_TIMEOUT_MS, 30000],
  ['2 s delay after confirmation', C.CARE_CONFIRMATION_SUCCESS_DELAY_MS, 2000],
  ['Routine-check: warning at 25 minutes remaining', C.ROUTINE_CHECK_WARNING_MINUTES, 25],
  ['latest-activity polling every 60 s', C.ROUTINE_CHECK_POLL_MS, 60000],
  ['Unit search page size 1000', C.UNIT_SEARCH_PAGE_SIZE, 1000],
  ['Daily check-in starts at 4:00 am', C.DAILY_CHECK_IN_START_HOUR, 4],
  ['Training alert toast 15 s', C.TRAINING_ALERT_TOAST_MS, 15000],
  ['tour observation step starts after 500 ms', C.TOUR_STEP_START_DELAY_MS, 500],
  [
    'Default check-in time helper values: 0 gives 15 min, 1 gives 60, 2 gives 1440, 3 gives none; default 1440',
    [C.DEFAULT_CHECK_IN_TIME_MINUTES, C.DEFAULT_CHECK_IN_TIME_FALLBACK_MINUTES],
    [{ 0: 15, 1: 60, 2: 1440, 3: null }, 1440],
  ],
  ['a year is 31536000 s', C.SECONDS_PER_YEAR, 31536000],
  ['a month 2592000 s', C.SECONDS_PER_MONTH, 2592000],
  ['30 days in ms is 2592000000', C.THIRTY_DAYS_MS, 2592000000],
  [
    'Relative time display uses y, mo, d, h, m, s',
    C.RELATIVE_TIME_UNITS.map((u) => u.unit),
    ['y', 'mo', 'd', 'h', 'm', 's'],
  ],
  ['Recognition event app version v9.2.8', C.APP_VERSION, 'v9.2.8'],
  ['Drawer enter 250 ms, leave 150 ms', [C.DRAWER_ENTER_MS, C.DRAWER_EXIT_MS], [250, 150]],
  ['Avatar sizes 24, 32, 48, 64, 80 px', C.AVATAR_SIZES_PX, [24, 32, 48, 64, 80]],
  ['image avatar in a 180 px ring', C.IMAGE_AVATAR_RING_PX, 180],
  ['Image cache expiry 86400 s', C.IMAGE_CACHE_EXPIRY_SECONDS, 86400],
  ['Verification code length 6 digits', VERIFICATION_CODE_LENGTH, 6],
  ['Code resend countdown 30 s', C.CODE_RESEND_COUNTDOWN_MS, 30000],
  ['Phone digits at most 11', PHONE_MAX_DIGITS, 11],
  [
    'Token refresh every 60 s; up to 2 retries',
    [C.TOKEN_REFRESH_INTERVAL_MS, C.TOKEN_REFRESH_MAX_RETRIES],
    [60000, 2],
  ],
  ['Loading screen reload offer after 5 s', C.LOADING_RELOAD_OFFER_MS, 5000],
  ['Tour card maximum width 500 px', C.TOUR_CARD_MAX_WIDTH_PX, 500],
  ['Care-zone staff polling every 5 s', C.CARE_ZONE_STAFF_POLL_MS, 5000],
  ['Push delay warning 30 s', C.PUSH_DELAY_WARNING_MS, 30000],
  ['Re-record push subscription if it expires within 1 day', C.PUSH_SUBSCRIPTION_RENEW_WITHIN_MS, 86400000],
  [
    'Door schedule defaults: start 19:00, end 07:00',
    [DOOR_SCHEDULE_DEFAULT_START, DOOR_SCHEDULE_DEFAULT_END],
    ['19:00', '07:00'],
  ],
  ['full day is 00:00-23:59', DOOR_SCHEDULE_FULL_DAY_END, '23:59'],
  ['Analytics drops action events whose name is over 30 characters', C.ANALYTICS_MAX_ACTION_NAME_LENGTH, 30],
  ["or is 'discard action'", C.ANALYTICS_DROPPED_ACTION_NAME, 'discard action'],
  [
    'Pendant last-press time refreshes every second within the first minute, every minute within the first hour',
    [
      C.PENDANT_LAST_PRESS_REFRESH_SECOND_MS,
      C.PENDANT_LAST_PRESS_REFRESH_MINUTE_MS,
      C.PENDANT_LAST_PRESS_REFRESH_STOP_AFTER_MS,
    ],
    [1000, 60000, 3600000],
  ],
];

describe('business constants and limits (section 9)', () => {
  it.each(ROWS)('"%s"', (_text, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
