import {
  BAD_CONNECTION_ERROR_CODE,
  LoginErrorCode,
  type LogoutReason,
  NANP_CALLING_CODE_PREFIX,
  PHONE_MAX_DIGITS,
  PUBLIC_SIGNUP_DISABLED_DESCRIPTION,
  TOKEN_REFRESH_MAX_RETRIES,
  UNSUBSCRIBED_SMS_ERROR_MARKER,
} from '@sage/contract';

/**
 * "Input is normalised to a +1 prefix and limited to 11 digits." Non-digits are dropped; a number that does
 * not start with the country code 1 gets it; the digits (country code included) are cut at 11.
 * An empty input stays empty.
 */
export function normalisePhoneInput(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (!digits) return '';
  if (!digits.startsWith('1')) digits = `1${digits}`;
  return `+${digits.slice(0, PHONE_MAX_DIGITS)}`;
}

/** "Required: 'Phone number is required' (empty or just '+1' counts as empty)." */
export function isPhoneInputEmpty(value: string): boolean {
  const trimmed = value.replace(/\s/g, '');
  return trimmed === '' || trimmed === NANP_CALLING_CODE_PREFIX || trimmed === '+';
}

/** "Only the last 4 digits of the number are displayed." */
export function lastFourDigits(phoneNumber: string): string {
  return phoneNumber.replace(/\D/g, '').slice(-4);
}

/** "A 30-second countdown shows as 00:SS." Rounds up to whole seconds; never below 00:00. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export type PhoneScreenErrorKind =
  | 'offline'
  | 'notCorrectNumber'
  | 'unsubscribed'
  | 'tooManyAttempts'
  | 'other';

/**
 * Phone screen errors (sign-in doc section 8): device offline; "bad.connection with 'public signup is
 * disabled'": not a correct phone number; "description mentions 21610": unsubscribed; anything else:
 * something went wrong. A locked number (too_many_attempts) shows the locked message, as on the code step.
 */
export function phoneScreenErrorKind(error: {
  online: boolean;
  code?: string | undefined;
  message?: string | undefined;
}): PhoneScreenErrorKind {
  if (!error.online) return 'offline';
  const message = error.message ?? '';
  if (error.code === BAD_CONNECTION_ERROR_CODE && message.includes(PUBLIC_SIGNUP_DISABLED_DESCRIPTION)) {
    return 'notCorrectNumber';
  }
  if (message.includes(UNSUBSCRIBED_SMS_ERROR_MARKER)) return 'unsubscribed';
  if (error.code === LoginErrorCode.too_many_attempts) return 'tooManyAttempts';
  return 'other';
}

export type CodeScreenErrorKind = 'offline' | 'invalidCode' | 'tooManyAttempts' | 'other';

/**
 * Login and code errors: access_denied or mfa_invalid_code: 'Invalid Authentication Code';
 * too_many_attempts: 'Too many unsuccessful logins.'; the rest as the phone screen's "anything else".
 */
export function codeScreenErrorKind(error: {
  online: boolean;
  code?: string | undefined;
}): CodeScreenErrorKind {
  if (!error.online) return 'offline';
  if (error.code === LoginErrorCode.access_denied || error.code === LoginErrorCode.mfa_invalid_code) {
    return 'invalidCode';
  }
  if (error.code === LoginErrorCode.too_many_attempts) return 'tooManyAttempts';
  return 'other';
}

/** The sign-in service's "sign in again" code (refresh token unknown, expired, used or revoked). */
export const LOGIN_REQUIRED_CODE = 'login_required';
/** The refresh error code of a session ended by the automatic logoff (SigninErrorCode.session_expired). */
export const SESSION_EXPIRED_CODE = 'session_expired';

export type TokenRefreshOutcome = { action: 'retry' } | { action: 'logout'; reason: LogoutReason };

/**
 * After a failed silent token fetch (sign-in doc section 4): "A 'login required' error redirects to
 * /authenticate with reason login-required. Other token errors are retried up to 2 times, then the user is
 * logged out with reason token-error." `failures` counts the failures so far, this one included.
 */
export function tokenRefreshOutcome(
  error: { code?: string | undefined },
  failures: number,
  { claimsExpired = false }: { claimsExpired?: boolean } = {},
): TokenRefreshOutcome {
  // The session is over: the held token's claims have expired (session-expired), or the server asks for a
  // new sign-in while the token still looked valid (login-required).
  // Unused past the automatic logoff limit (decision 0142): "Session Timed Out".
  if (error.code === SESSION_EXPIRED_CODE) return { action: 'logout', reason: 'session-expired' };
  if (error.code === LOGIN_REQUIRED_CODE) {
    return { action: 'logout', reason: claimsExpired ? 'session-expired' : 'login-required' };
  }
  if (failures <= TOKEN_REFRESH_MAX_RETRIES) return { action: 'retry' };
  return { action: 'logout', reason: 'token-error' };
}

/** The `exp` claim (seconds) of a JWT, or null when the token cannot be read. */
export function readJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

/** "If the token's claims have expired, the user is logged out with reason session-expired." */
export function areClaimsExpired(token: string, nowMs: number): boolean {
  const exp = readJwtExpiry(token);
  return exp === null || exp * 1000 <= nowMs;
}
