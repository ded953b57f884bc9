/**
 * The API's own error messages that staff meet in the alert flow (the spec quotes none of them: the wording is
 * ours). One place for the server that sends them and for the web app that shows them in the reader's language
 * (decision 0730): a text with values is a function, so @sage/i18n's English catalogue is these functions called
 * with ICU placeholders, and the web app recognises a reply's message by the same template.
 */

/** The 409 of a refused task action (task-lock.ts): a lost race or a task already closed. */
export const TaskConflictMessages = {
  claimedBy: (name: string): string => `This task has already been claimed by ${name}.`,
  claimedBySomeoneElse: 'This task has already been claimed by someone else.',
  /** `status`: the task status's label ('Canceled', 'Closed Unresolved'). */
  closed: (status: string): string => `This task is closed (${status}).`,
  already: (status: string): string => `This task is already ${status}.`,
  notAssigned: 'This task is not assigned to anyone.',
  invalidTransition: (from: string, to: string): string => `A task cannot go from ${from} to ${to}.`,
} as const;

/** A real alert resolved before care was confirmed (400 CARE_CONFIRMATION_REQUIRED). */
export const CARE_CONFIRMATION_REQUIRED_MESSAGE =
  "Care has not been confirmed: press the resident's pendant or a wall button in the unit first, " +
  'or send bypassCareConfirmationChecks: true';

/** The nurse's follow-up close (decision 0620). */
export const FollowUpErrorMessages = {
  notAnEscalation:
    'Only an escalated observation is closed as a follow-up: resolve a call with PUT /tasks/{taskId}/resolve',
  notARecipient: 'Only the nurses it was escalated to, or management, may close this follow-up',
} as const;

/** The error model's fixed messages (packages/service-kit errors.ts). */
export const ServiceErrorMessages = {
  databaseUnavailable: 'The database cannot be reached just now; try again in a few seconds',
  invalidValue:
    'A value of the request cannot be stored (it holds a character or a number or date out of range)',
  sessionEnded: 'The session was ended: sign in again',
  tokenExpired: 'The access token has expired',
  tokenInvalid: 'The access token is invalid',
} as const;

/** Failures with no server reply, written by the web app's API client. */
export const ClientErrorMessages = {
  timedOut: (seconds: number | string): string => `The request timed out after ${seconds} seconds`,
  cancelled: 'The request was cancelled',
  network: 'Network error',
} as const;
