/**
 * Business constants and limits: section 9 of both spec documents (times in ms unless the name says otherwise).
 */

// --- Alerts doc, section 9 ---
/** Note limit 255 characters (default, configurable). */
export const NOTE_MAX_LENGTH = 255;
/** Staff-assist counter 1 to 5, default 1. */
export const STAFF_ASSIST_MIN = 1;
export const STAFF_ASSIST_MAX = 5;
export const STAFF_ASSIST_DEFAULT = 1;
/** Care confirmation: poll 1 s; 30 s before failure; 2 s delay after confirmation. */
export const CARE_CONFIRMATION_POLL_MS = 1_000;
export const CARE_CONFIRMATION_TIMEOUT_MS = 30_000;
export const CARE_CONFIRMATION_SUCCESS_DELAY_MS = 2_000;
/** In training the dialog appears once progress is at or below 90%. */
export const TRAINING_CONFIRMATION_DIALOG_PROGRESS_PERCENT = 90;
/** Routine check: warning at 25 minutes remaining; latest-activity polling every 60 s. */
export const ROUTINE_CHECK_WARNING_MINUTES = 25;
export const ROUTINE_CHECK_POLL_MS = 60_000;
/** Unit search page size 1000. */
export const UNIT_SEARCH_PAGE_SIZE = 1000;
/** Daily check-in starts at 4:00 am in the facility's timezone. */
export const DAILY_CHECK_IN_START_HOUR = 4;
/** Pendant last-press time refreshes every second within the first minute, every minute within the first hour, then stops. */
export const PENDANT_LAST_PRESS_REFRESH_SECOND_MS = 1_000;
export const PENDANT_LAST_PRESS_REFRESH_MINUTE_MS = 60_000;
export const PENDANT_LAST_PRESS_REFRESH_STOP_AFTER_MS = 3_600_000;
/** Training alert toast 15 s; tour observation step starts after 500 ms. */
export const TRAINING_ALERT_TOAST_MS = 15_000;
export const TOUR_STEP_START_DELAY_MS = 500;
/** Default check-in time helper values: 0 → 15 min, 1 → 60, 2 → 1440, 3 → none; default 1440. */
export const DEFAULT_CHECK_IN_TIME_MINUTES: Readonly<Record<number, number | null>> = {
  0: 15,
  1: 60,
  2: 1440,
  3: null,
};
export const DEFAULT_CHECK_IN_TIME_FALLBACK_MINUTES = 1440;
/** Relative time: a year is 31536000 s, a month 2592000 s; 30 days in ms is 2592000000. */
export const SECONDS_PER_YEAR = 31_536_000;
export const SECONDS_PER_MONTH = 2_592_000;
export const SECONDS_PER_DAY = 86_400;
export const SECONDS_PER_HOUR = 3_600;
export const SECONDS_PER_MINUTE = 60;
export const THIRTY_DAYS_MS = 2_592_000_000;
/** Relative time units, largest first. */
export const RELATIVE_TIME_UNITS = [
  { unit: 'y', seconds: SECONDS_PER_YEAR },
  { unit: 'mo', seconds: SECONDS_PER_MONTH },
  { unit: 'd', seconds: SECONDS_PER_DAY },
  { unit: 'h', seconds: SECONDS_PER_HOUR },
  { unit: 'm', seconds: SECONDS_PER_MINUTE },
  { unit: 's', seconds: 1 },
] as const;
/** Drawer enter 250 ms, leave 150 ms. */
export const DRAWER_ENTER_MS = 250;
export const DRAWER_EXIT_MS = 150;
/** Avatar sizes in px; image avatar in a 180 px ring. */
export const AVATAR_SIZES_PX = [24, 32, 48, 64, 80] as const;
export const IMAGE_AVATAR_RING_PX = 180;
/** Image cache expiry 86400 s by default. */
export const IMAGE_CACHE_EXPIRY_SECONDS = 86_400;
/** Recognition event app version. */
export const APP_VERSION = 'v9.2.8';

// --- Sign-in doc, section 9 ---
/** Code resend countdown 30 s (shown as 00:SS). */
export const CODE_RESEND_COUNTDOWN_MS = 30_000;
/** Token refresh every 60 s; up to 2 retries on failure. */
export const TOKEN_REFRESH_INTERVAL_MS = 60_000;
export const TOKEN_REFRESH_MAX_RETRIES = 2;
/** Loading screen reload offer after 5 s. */
export const LOADING_RELOAD_OFFER_MS = 5_000;
/** Tour card maximum width 500 px. */
export const TOUR_CARD_MAX_WIDTH_PX = 500;
/** Care-zone staff polling every 5 s. */
export const CARE_ZONE_STAFF_POLL_MS = 5_000;
/** A push received more than 30 s after creation is logged as delayed. */
export const PUSH_DELAY_WARNING_MS = 30_000;
/** Re-record push subscription if it expires within 1 day. */
export const PUSH_SUBSCRIPTION_RENEW_WITHIN_MS = 86_400_000;
/** "Default subscription expiry when the login token has none: 8 units from now (unit not shown, probably hours)": we use hours. */
export const DEFAULT_PUSH_SUBSCRIPTION_EXPIRY_MS = 8 * 3_600_000;
/** Analytics drops action events whose name is over 30 characters or is 'discard action'. */
export const ANALYTICS_MAX_ACTION_NAME_LENGTH = 30;
export const ANALYTICS_DROPPED_ACTION_NAME = 'discard action';
/** Environment fixed to production in this build. */
export const APP_ENVIRONMENT = 'production';

/**
 * Automatic logoff after inactivity (HIPAA 164.312(a)(2)(iii); decision 0142), per facility. Staff answering
 * alerts keep a whole shift (a signed-out phone shows no alert); management members off shift a shorter time.
 */
export const DEFAULT_INACTIVITY_LOGOFF_MINUTES = 720;
export const DEFAULT_MANAGEMENT_INACTIVITY_LOGOFF_MINUTES = 60;
/** Bounds of a facility's limits, in minutes. */
export const MIN_INACTIVITY_LOGOFF_MINUTES = 1;
export const MAX_INACTIVITY_LOGOFF_MINUTES = 24 * 60;
