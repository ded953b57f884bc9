import { APP_ENVIRONMENT, LOGIN_CODE_SENDER_NUMBERS, SUPPORT_PHONE_NUMBER } from '@sage/contract';
import {
  type CodeScreenErrorKind,
  codeScreenErrorKind,
  type PhoneScreenErrorKind,
  phoneScreenErrorKind,
} from '@sage/domain';
import { CLIENT_ERROR_CODES, isApiError } from '../../shared/api';
import type { Messages } from '../../shared/i18n';
import type { LoginErrorView } from './login-error';

const isOnline = (error: unknown): boolean =>
  (typeof navigator === 'undefined' || navigator.onLine) &&
  !(isApiError(error) && error.code === CLIENT_ERROR_CODES.network);

/** 'Text "start" to {number}': "a different number in production and non-production". */
const senderNumber =
  APP_ENVIRONMENT === 'production'
    ? LOGIN_CODE_SENDER_NUMBERS.production
    : LOGIN_CODE_SENDER_NUMBERS.nonProduction;

/** The spec's error texts in the screen's language (their English is the contract's: @sage/i18n). */
const locked = (m: Messages<'signIn'>): LoginErrorView => ({
  title: m.tooManyAttemptsTitle(),
  text: m.tooManyAttemptsText(),
});
const offline = (m: Messages<'signIn'>): LoginErrorView => ({
  title: m.offlineTitle(),
  text: m.offlineText(),
});
const other = (m: Messages<'signIn'>): LoginErrorView => ({ title: m.otherTitle(), text: m.otherText() });

const PHONE_ERRORS: Record<PhoneScreenErrorKind, (m: Messages<'signIn'>) => LoginErrorView> = {
  offline,
  notCorrectNumber: (m) => ({ title: m.notCorrectNumberTitle(), text: m.notCorrectNumberText() }),
  unsubscribed: (m) => ({ title: m.unsubscribedTitle(), text: m.unsubscribedText({ senderNumber }) }),
  tooManyAttempts: locked,
  other,
};

const CODE_ERRORS: Record<CodeScreenErrorKind, (m: Messages<'signIn'>) => LoginErrorView> = {
  offline,
  invalidCode: (m) => ({
    title: m.invalidCodeTitle(),
    text: m.invalidCodeText({ supportPhone: SUPPORT_PHONE_NUMBER }),
  }),
  tooManyAttempts: locked,
  other,
};

/** The phone screen's error for a failed 'send code' (or resend). */
export function phoneScreenError(error: unknown, m: Messages<'signIn'>): LoginErrorView {
  return PHONE_ERRORS[
    phoneScreenErrorKind({
      online: isOnline(error),
      code: isApiError(error) ? error.code : undefined,
      message: isApiError(error) ? error.serverMessage : error instanceof Error ? error.message : undefined,
    })
  ](m);
}

/** The code screen's error for a failed verification. */
export function codeScreenError(
  error: unknown,
  m: Messages<'signIn'>,
): { kind: CodeScreenErrorKind; view: LoginErrorView } {
  const kind = codeScreenErrorKind({
    online: isOnline(error),
    code: isApiError(error) ? error.code : undefined,
  });
  return { kind, view: CODE_ERRORS[kind](m) };
}

/** Shown while a code sent moments ago still blocks a new one (the API's 429: decision 0180). */

/** A 429 RATE_LIMITED with the seconds to wait, in ms; null for any other failure. */
export function retryAfterMs(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429 || error.retryAfterSeconds === undefined) return null;
  return error.retryAfterSeconds * 1000;
}
