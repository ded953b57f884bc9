import {
  PENDANT_LAST_PRESS_REFRESH_MINUTE_MS,
  PENDANT_LAST_PRESS_REFRESH_SECOND_MS,
  PENDANT_LAST_PRESS_REFRESH_STOP_AFTER_MS,
  RELATIVE_TIME_UNITS,
} from '@sage/contract';

/**
 * "Relative time display uses y, mo, d, h, m, s; a year is 31536000 s, a month 2592000 s."
 * Format (our choice): the largest whole unit only, rounded down, no space: '5m', '2h', '3d', '1mo', '2y';
 * under a second (and negative durations, e.g. clock skew) is '0s'.
 */
export const formatRelativeSeconds = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  for (const { unit, seconds: size } of RELATIVE_TIME_UNITS) {
    if (whole >= size) return `${Math.floor(whole / size)}${unit}`;
  }
  return '0s';
};

/** Same as formatRelativeSeconds, for a duration in ms. */
export const formatRelativeMs = (ms: number): string => formatRelativeSeconds(ms / 1000);

/** Time since `thenMs` at `nowMs`, formatted like formatRelativeSeconds. */
export const formatTimeSince = (thenMs: number, nowMs: number): string => formatRelativeMs(nowMs - thenMs);

/**
 * "Pendant last-press time refreshes every second within the first minute, every minute within the first
 * hour, then stops." Returns the refresh interval in ms, or null once refreshing stops.
 */
export const lastPressRefreshIntervalMs = (elapsedMs: number): number | null => {
  if (elapsedMs < PENDANT_LAST_PRESS_REFRESH_MINUTE_MS) return PENDANT_LAST_PRESS_REFRESH_SECOND_MS;
  if (elapsedMs < PENDANT_LAST_PRESS_REFRESH_STOP_AFTER_MS) return PENDANT_LAST_PRESS_REFRESH_MINUTE_MS;
  return null;
};
