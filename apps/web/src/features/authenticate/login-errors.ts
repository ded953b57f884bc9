import {
  APP_ENVIRONMENT,
  LOGIN_CODE_SENDER_NUMBERS,
  LoginMessages,
  PhoneScreenErrors,
  SUPPORT_PHONE_NUMBER,
} from '@sage/contract';
import {
  type CodeScreenErrorKind,
  codeScreenErrorKind,
  type PhoneScreenErrorKind,
  phoneScreenErrorKind,
} from '@sage/domain';
import { CLIENT_ERROR_CODES, isApiError } from '../../shared/api';
import type { LoginErrorView } from './login-error';

const isOnline = (error: unknown): boolean =>
  (typeof navigator === 'undefined' || navigator.onLine) &&
  !(isApiError(error) && error.code === CLIENT_ERROR_CODES.network);

/** 'Text "start" to {number}': "a different number in production and non-production". */
const senderNumber =
  APP_ENVIRONMENT === 'production'
    ? LOGIN_CODE_SENDER_NUMBERS.production
    : LOGIN_CODE_SENDER_NUMBERS.nonProduction;

const LOCKED: LoginErrorView = {
  title: LoginMessages.tooManyAttemptsTitle,
  text: LoginMessages.tooManyAttemptsText,
};

const PHONE_ERRORS: Record<PhoneScreenErrorKind, LoginErrorView> = {
  offline: PhoneScreenErrors.offline,
  notCorrectNumber: PhoneScreenErrors.notCorrectNumber,
  unsubscribed: {
    title: PhoneScreenErrors.unsubscribed.title,
    text: PhoneScreenErrors.unsubscribed.text(senderNumber),
  },
  tooManyAttempts: LOCKED,
  other: PhoneScreenErrors.other,
};

const CODE_ERRORS: Record<CodeScreenErrorKind, LoginErrorView> = {
  offline: PhoneScreenErrors.offline,
  invalidCode: {
    title: LoginMessages.invalidCodeTitle,
    text: LoginMessages.invalidCodeText(SUPPORT_PHONE_NUMBER),
  },
  tooManyAttempts: LOCKED,
  other: PhoneScreenErrors.other,
};

/** The phone screen's error for a failed 'send code' (or resend). */
export function phoneScreenError(error: unknown): LoginErrorView {
  return PHONE_ERRORS[
    phoneScreenErrorKind({
      online: isOnline(error),
      code: isApiError(error) ? error.code : undefined,
      message: error instanceof Error ? error.message : undefined,
    })
  ];
}

/** The code screen's error for a failed verification. */
export function codeScreenError(error: unknown): { kind: CodeScreenErrorKind; view: LoginErrorView } {
  const kind = codeScreenErrorKind({
    online: isOnline(error),
    code: isApiError(error) ? error.code : undefined,
  });
  return { kind, view: CODE_ERRORS[kind] };
}

/** Shown while a code sent moments ago still blocks a new one (the API's 429: decision 0180). */
export const CODE_WAIT_TITLE = 'A code was just sent';
export const codeWaitText = (countdown: string) =>
  `A code was sent to this number in the last 30 seconds. You can ask for a new one in ${countdown}.`;

/** A 429 RATE_LIMITED with the seconds to wait, in ms; null for any other failure. */
export function retryAfterMs(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429 || error.retryAfterSeconds === undefined) return null;
  return error.retryAfterSeconds * 1000;
}
