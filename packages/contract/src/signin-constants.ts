/**
 * Sign-in constants (ARCHITECTURE.md, 'Sign-in contract'), without zod: the web app's sign-in page imports these on its first load,
 * and a module that also made zod schemas would bring zod with it (docs/decisions/0384). The schemas are in
 * signin.ts; both are exported from the package's index.
 */
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
export type LoginErrorCode = (typeof LoginErrorCode)[keyof typeof LoginErrorCode];

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
export type SignupErrorCode = (typeof SignupErrorCode)[keyof typeof SignupErrorCode];

/** Codes that mean "wrong code": 'Invalid Authentication Code'. */
export const INVALID_CODE_ERROR_CODES: readonly LoginErrorCode[] = [
  LoginErrorCode.access_denied,
  LoginErrorCode.mfa_invalid_code,
];

/** Login steps. */
export const LoginStep = { PHONE_NUMBER_LOGIN: 'phone-number-login', CONFIRM_CODE: 'confirm-code' } as const;
export type LoginStep = (typeof LoginStep)[keyof typeof LoginStep];

/** logoutReason query values of /authenticate. */
export const LogoutReason = {
  LOGIN_REQUIRED: 'login-required',
  SESSION_EXPIRED: 'session-expired',
  TOKEN_ERROR: 'token-error',
} as const;
export type LogoutReason = (typeof LogoutReason)[keyof typeof LogoutReason];

export const LOGIN_ROUTE = '/authenticate';
export const POST_LOGIN_ROUTE = '/profile/shift?fromLogin=true';
export const EMAIL_LOGIN_CALLBACK_ROUTE = '/auth_confirmed';
