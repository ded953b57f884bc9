import { z } from 'zod';
import { zText } from './common';

/** Sign-in contract (ARCHITECTURE.md). */
export const SIGNIN_PATHS = {
  passwordlessStart: '/auth/api/v1/passwordless/start',
  passwordlessVerify: '/auth/api/v1/passwordless/verify',
  token: '/auth/api/v1/token',
  /** Hosted email sign-in page (implicit flow). */
  authorize: '/auth/authorize',
} as const;

/** Email sign-in response type: "token and id token". */
export const EMAIL_SIGNIN_RESPONSE_TYPE = 'token id_token';

/** Verification code: six numeric digits. */
export const VERIFICATION_CODE_LENGTH = 6;
export const ZVerificationCodeSchema = z.string().regex(/^\d{6}$/, 'Expected six numeric digits');

/** E.164 phone number (the API normalises NANP input to +1…). */
export const ZE164PhoneNumberSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, 'Expected an E.164 phone number');

export const ZPasswordlessStartRequestSchema = z.object({ phoneNumber: ZE164PhoneNumberSchema });
export type TPasswordlessStartRequest = z.infer<typeof ZPasswordlessStartRequestSchema>;

export const ZPasswordlessStartReplySchema = z.object({ sent: z.literal(true) });
export type TPasswordlessStartReply = z.infer<typeof ZPasswordlessStartReplySchema>;

export const ZPasswordlessVerifyRequestSchema = z.object({
  phoneNumber: ZE164PhoneNumberSchema,
  code: ZVerificationCodeSchema,
});
export type TPasswordlessVerifyRequest = z.infer<typeof ZPasswordlessVerifyRequestSchema>;

/** Tokens reply of verify (and of token refresh). expiresIn in seconds. */
export const ZTokenReplySchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresIn: z.number().int().positive(),
  staffMemberId: z.string().min(1),
  /**
   * The automatic logoff limit of this person (decision 0142): the web app signs out after this many seconds
   * without use, and the server refuses a refresh past it.
   */
  inactivityLogoffSeconds: z.number().int().positive().optional(),
});
export type TTokenReply = z.infer<typeof ZTokenReplySchema>;

export const ZPasswordlessVerifyReplySchema = ZTokenReplySchema;
export type TPasswordlessVerifyReply = TTokenReply;

export const ZTokenRefreshRequestSchema = z.object({
  refreshToken: zText({ min: 1, max: 512, multiline: false }),
  /** Seconds since the person last used the app (touch, key, scroll), as the web app saw it (decision 0142). */
  idleSeconds: z.number().int().min(0).max(31_536_000).optional(),
});
export type TTokenRefreshRequest = z.infer<typeof ZTokenRefreshRequestSchema>;

/** "a fresh access token": same shape as the verify reply (the refresh token may be rotated). */
export const ZTokenRefreshReplySchema = ZTokenReplySchema;
export type TTokenRefreshReply = TTokenReply;

/** Login error codes (sign-in doc section 8). */
export const LoginErrorCode = {
  access_denied: 'access_denied',
  mfa_invalid_code: 'mfa_invalid_code',
  too_many_attempts: 'too_many_attempts',
  invalid_user_password: 'invalid_user_password',
  mfa_registration_required: 'mfa_registration_required',
  mfa_required: 'mfa_required',
  password_leaked: 'password_leaked',
  PasswordHistoryError: 'PasswordHistoryError',
  PasswordStrengthError: 'PasswordStrengthError',
  unauthorized: 'unauthorized',
} as const;
export const ZLoginErrorCodeSchema = z.enum(LoginErrorCode);
export type LoginErrorCode = z.infer<typeof ZLoginErrorCodeSchema>;

/** Signup error codes (listed without messages). */
export const SignupErrorCode = {
  invalid_password: 'invalid_password',
  invalid_signup: 'invalid_signup',
  password_dictionary_error: 'password_dictionary_error',
  password_no_user_info_error: 'password_no_user_info_error',
  password_strength_error: 'password_strength_error',
  unauthorized: 'unauthorized',
  user_exists: 'user_exists',
  username_exists: 'username_exists',
} as const;
export const ZSignupErrorCodeSchema = z.enum(SignupErrorCode);
export type SignupErrorCode = z.infer<typeof ZSignupErrorCodeSchema>;

/** Codes that mean "wrong code": 'Invalid Authentication Code'. */
export const INVALID_CODE_ERROR_CODES: readonly LoginErrorCode[] = [
  LoginErrorCode.access_denied,
  LoginErrorCode.mfa_invalid_code,
];

/** Login steps. */
export const LoginStep = { PHONE_NUMBER_LOGIN: 'phone-number-login', CONFIRM_CODE: 'confirm-code' } as const;
export const ZLoginStepSchema = z.enum(LoginStep);
export type LoginStep = z.infer<typeof ZLoginStepSchema>;

/** logoutReason query values of /authenticate. */
export const LogoutReason = {
  LOGIN_REQUIRED: 'login-required',
  SESSION_EXPIRED: 'session-expired',
  TOKEN_ERROR: 'token-error',
} as const;
export const ZLogoutReasonSchema = z.enum(LogoutReason);
export type LogoutReason = z.infer<typeof ZLogoutReasonSchema>;

export const LOGIN_ROUTE = '/authenticate';
export const POST_LOGIN_ROUTE = '/profile/shift?fromLogin=true';
export const EMAIL_LOGIN_CALLBACK_ROUTE = '/auth_confirmed';
