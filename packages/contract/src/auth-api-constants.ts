/**
 * Constants of the sign-in API beyond the ARCHITECTURE contract (paths, error codes, storage key, phones), without
 * zod: the sign-in page uses them on its first load (docs/decisions/0384). The schemas are in auth-api.ts.
 */
export const AUTH_PATHS = {
  logout: '/auth/api/v1/logout',
  /** Hosted email sign-in page: GET shows the email form; the form posts to the two paths below. */
  authorize: '/auth/authorize',
  authorizeEmail: '/auth/authorize/email',
  authorizeVerify: '/auth/authorize/verify',
} as const;

/** Error codes of the sign-in service (the `code` of the common error reply). */
export const SigninErrorCode = {
  /** Wrong code for the live code: 'Invalid Authentication Code'. */
  mfa_invalid_code: 'mfa_invalid_code',
  /** No live code (none sent, expired or already used): 'Invalid Authentication Code'. */
  access_denied: 'access_denied',
  /** The number is locked after too many wrong codes. */
  too_many_attempts: 'too_many_attempts',
  /** A number (or email) that belongs to no staff member; message 'public signup is disabled'. */
  bad_connection: 'bad.connection',
  /** Twilio refused the number (21610: the recipient texted STOP); the message mentions 21610. */
  sms_unsubscribed: 'sms_unsubscribed',
  /** Asked for a code again too soon (resend not before 30 s), or too many from this number / address. */
  rate_limited: 'RATE_LIMITED',
  /** The refresh token is unknown, expired, used or revoked: sign in again. */
  login_required: 'login_required',
  /** The session was unused longer than the automatic logoff limit (decision 0142): logoutReason session-expired. */
  session_expired: 'session_expired',
  /** The text message or email could not be sent for another reason. */
  delivery_failed: 'delivery_failed',
} as const;
export type SigninErrorCode = (typeof SigninErrorCode)[keyof typeof SigninErrorCode];

/** The `message` of the unknown-number error (spec: "bad.connection with 'public signup is disabled'"). */
export const PUBLIC_SIGNUP_DISABLED_MESSAGE = 'public signup is disabled';

/** Session storage key of the state sent to /auth/authorize (checked on the callback). */
export const EMAIL_SIGNIN_STATE_STORAGE_KEY = 'sage.emailSignInState';

/**
 * The provider's support phone ("Call the provider's support at {phone}"); the spec withholds the value, so
 * this is ours (a fictional number until the real one is known).
 */
export const SUPPORT_PHONE_NUMBER = '(800) 555-0199';

/**
 * Senders of login codes ('Text "start" to {number}'): "a different number in production and
 * non-production". The API names the real sender in its 21610 reply (senderNumber); these are fall-backs.
 */
export const LOGIN_CODE_SENDER_NUMBERS = {
  production: '+18005550123',
  nonProduction: '+15005550006',
} as const;
