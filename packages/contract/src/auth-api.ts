import { z } from 'zod';
import { URL_MAX_LENGTH, zText } from './common';
import { ZE164PhoneNumberSchema } from './signin';

/**
 * Sign-in API beyond the ARCHITECTURE contract (signin.ts): logout, error codes of the sign-in service,
 * the hosted email sign-in page (implicit flow) and the dev outbox. Decisions: docs/decisions/0020-0022.
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

/** Error reply of passwordless start: the common error reply, plus the sender to text START to (21610). */
export const ZPasswordlessStartErrorReplySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  /** With sms_unsubscribed: the number that sends login codes. */
  senderNumber: z.string().optional(),
  /** With RATE_LIMITED: seconds until a new code may be asked for. */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  issues: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
});
export type TPasswordlessStartErrorReply = z.infer<typeof ZPasswordlessStartErrorReplySchema>;

export const ZLogoutRequestSchema = z.object({ refreshToken: zText({ min: 1, max: 512, multiline: false }) });
export type TLogoutRequest = z.infer<typeof ZLogoutRequestSchema>;

/** Query of GET /auth/authorize (implicit flow). */
export const ZAuthorizeQuerySchema = z.object({
  response_type: z.literal('token id_token', { error: "must be 'token id_token'" }),
  redirect_uri: z.url({ error: 'must be an absolute URL' }).max(URL_MAX_LENGTH),
  state: zText({ min: 1, max: 512, multiline: false }),
  nonce: zText({ max: 512, multiline: false }).optional(),
  client_id: zText({ max: 200, multiline: false }).optional(),
});
export type TAuthorizeQuery = z.infer<typeof ZAuthorizeQuerySchema>;

/** What the hosted page puts in the callback URL's hash (`/auth_confirmed#access_token=…`). */
export const ZAuthCallbackHashSchema = z.object({
  access_token: z.string().min(1),
  id_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.coerce.number().int().positive(),
  state: z.string().min(1),
  refresh_token: z.string().min(1),
  staff_member_id: z.string().min(1),
});
export type TAuthCallbackHash = z.infer<typeof ZAuthCallbackHashSchema>;

/** Session storage key of the state sent to /auth/authorize (checked on the callback). */
export const EMAIL_SIGNIN_STATE_STORAGE_KEY = 'sage.emailSignInState';

/** GET /dev/api/v1/outbox?to=<E.164 number or email address>: newest first. */
export const ZOutboxQuerySchema = z.object({ to: z.union([ZE164PhoneNumberSchema, z.email()]) });
export type TOutboxQuery = z.infer<typeof ZOutboxQuerySchema>;
export const ZOutboxMessageSchema = z.object({
  to: z.string(),
  from: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessageSchema>;
export const ZOutboxReplySchema = z.array(ZOutboxMessageSchema);

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
