import { SigninErrorCode } from '@sage/contract';
import { HttpError } from '@sage/service-kit/errors';

/** A sign-in error; `extra` fields go into the reply beside the common ones (senderNumber, retryAfterSeconds). */
export class SigninError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    code: string,
    readonly extra: {
      senderNumber?: string;
      retryAfterSeconds?: number;
      issues?: { field: string; rule: string; message: string }[];
    } = {},
  ) {
    super(statusCode, message, code);
  }
}

export const tooManyAttempts = () =>
  new SigninError(
    429,
    'Too many unsuccessful logins: this number is locked for a while. Contact support to reactivate it.',
    SigninErrorCode.too_many_attempts,
  );

export const retryLater = (retryAfterSeconds: number, why: string) =>
  new SigninError(429, `${why}: try again in ${retryAfterSeconds} s`, SigninErrorCode.rate_limited, {
    retryAfterSeconds,
  });

export const loginRequired = (message: string) =>
  new SigninError(401, message, SigninErrorCode.login_required);

/** The automatic logoff (decision 0142): the web app shows 'Session Timed Out' (logoutReason session-expired). */
export const sessionExpired = (message: string) =>
  new SigninError(401, message, SigninErrorCode.session_expired);
