/**
 * The API's error messages as a staff member meets them (decision 0730). The first group is the server's own
 * texts, the contract's constants and functions (called with ICU placeholders): the web app recognises a reply's
 * English message by them. The other two groups are ours, never sent by the server: what a reader of another
 * language is told when a reply's message is not one of the first group, by the reply's code, else by its status.
 */
import {
  CARE_CONFIRMATION_REQUIRED_MESSAGE,
  ClientErrorMessages,
  FollowUpErrorMessages,
  INTERNAL_SERVER_ERROR_MESSAGE,
  ResolveMessages,
  ServiceErrorMessages,
  TaskConflictMessages,
} from '@sage/contract';

const arg = (name: string): string => `{${name}}`;

export const apiErrors = {
  // The server's texts (and the API client's own, for failures with no reply).
  claimedBy: TaskConflictMessages.claimedBy(arg('name')),
  claimedBySomeoneElse: TaskConflictMessages.claimedBySomeoneElse,
  closed: TaskConflictMessages.closed(arg('status')),
  already: TaskConflictMessages.already(arg('status')),
  notAssigned: TaskConflictMessages.notAssigned,
  invalidTransition: TaskConflictMessages.invalidTransition(arg('from'), arg('to')),
  alreadyResolvedAlert: ResolveMessages.alreadyResolvedAlert,
  alreadyResolvedTask: ResolveMessages.alreadyResolvedTask,
  careConfirmationRequired: CARE_CONFIRMATION_REQUIRED_MESSAGE,
  // Its '{taskId}' is literal text (a path), quoted for ICU; the reply names the field first, so it is known by its code.
  notAnEscalation: FollowUpErrorMessages.notAnEscalation.replace('{taskId}', "'{taskId}'"),
  notARecipient: FollowUpErrorMessages.notARecipient,
  databaseUnavailable: ServiceErrorMessages.databaseUnavailable,
  invalidValue: ServiceErrorMessages.invalidValue,
  sessionEnded: ServiceErrorMessages.sessionEnded,
  tokenExpired: ServiceErrorMessages.tokenExpired,
  tokenInvalid: ServiceErrorMessages.tokenInvalid,
  internalError: INTERNAL_SERVER_ERROR_MESSAGE,
  timedOut: ClientErrorMessages.timedOut(arg('seconds')),
  cancelled: ClientErrorMessages.cancelled,
  network: ClientErrorMessages.network,
  // By the reply's code, when its message is none of the above.
  invalidField: `A value is not valid: ${arg('field')}`,
  rateLimited: 'Too many attempts. Wait a moment and try again.',
  // By the reply's status, when neither its message nor its code is known.
  badRequest: 'The request is not valid.',
  // Under a form's field, a rejected value whose text none of the above says.
  fieldInvalid: 'Check this field.',
  signInAgain: 'Sign in again.',
  notAllowed: 'You are not allowed to do this.',
  notFound: 'Not found. It may have been removed.',
  changedByOthers: 'Someone changed this first. Look at the latest and try again.',
  tooLarge: 'This is too large.',
  serverError: 'Something went wrong. Try again.',
} as const;
