import { z } from 'zod';
import { zText } from './common';

/**
 * Errors the web app reports (issue #15; docs/decisions/0374): to the server log, with the session, never with
 * PHI: no page text, no query string, no hash. Accepted signed in or not; rate-limited per address.
 */
export const CLIENT_ERRORS_PATH = '/auth/api/v1/clientErrors';

export const CLIENT_ERROR_MESSAGE_MAX = 1_000;
export const CLIENT_ERROR_STACK_MAX = 8_000;
export const CLIENT_ERROR_PATH_MAX = 300;
/** Reports accepted per address per minute. */
export const CLIENT_ERROR_RATE_PER_MINUTE = 20;

export const ClientErrorSource = {
  WINDOW_ERROR: 'WINDOW_ERROR',
  UNHANDLED_REJECTION: 'UNHANDLED_REJECTION',
  ERROR_BOUNDARY: 'ERROR_BOUNDARY',
  REPORTED: 'REPORTED',
} as const;
export const ZClientErrorSourceSchema = z.enum(ClientErrorSource);

export const ZClientErrorReportSchema = z.strictObject({
  source: ZClientErrorSourceSchema,
  /** The error's name (TypeError...). */
  name: zText({ max: 100, multiline: false }).optional(),
  message: zText({ max: CLIENT_ERROR_MESSAGE_MAX }),
  stack: zText({ max: CLIENT_ERROR_STACK_MAX }).optional(),
  /** The route's path only: no query string nor hash (they may hold what the page showed). */
  path: zText({ max: CLIENT_ERROR_PATH_MAX, multiline: false })
    .regex(/^\/[^?#]*$/, 'Must be a path without query string or hash')
    .optional(),
  /** The facility the app was showing (a logged id, never checked against the caller's). */
  facilityId: zText({ max: 128, multiline: false }).optional(),
  release: zText({ max: 64, multiline: false }).optional(),
});
export type TClientErrorReport = z.infer<typeof ZClientErrorReportSchema>;
