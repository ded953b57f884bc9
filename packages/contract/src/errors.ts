import { z } from 'zod';

/**
 * Application error codes carried in `code` of the common error reply; the client switches on them.
 * (Spec section 8 of both docs: "Server error codes in general: not shown": these are ours.)
 */
export const AppErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  /** A lost race: status already changed, insight closed, task already resolved. */
  CONFLICT: 'CONFLICT',
  TASK_ALREADY_RESOLVED: 'TASK_ALREADY_RESOLVED',
  INVALID_STATUS_TRANSITION: 'INVALID_STATUS_TRANSITION',
  INSIGHT_CLOSED: 'INSIGHT_CLOSED',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export const ZAppErrorCodeSchema = z.enum(AppErrorCode);
export type AppErrorCode = z.infer<typeof ZAppErrorCodeSchema>;

/** HTTP status of each code. */
export const APP_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TASK_ALREADY_RESOLVED: 409,
  INVALID_STATUS_TRANSITION: 409,
  INSIGHT_CLOSED: 409,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const satisfies Record<AppErrorCode, number>;

/** "One error handler: the message for codes under 500, 'Internal Server Error' otherwise." */
export const INTERNAL_SERVER_ERROR_MESSAGE = 'Internal Server Error';
