import { z } from 'zod';
import { zText } from './common';
import { LoginErrorCode, LoginStep, LogoutReason, SignupErrorCode } from './signin-constants';
import { ZStaffLanguageSchema } from './staff-profile';

/**
 * Sign-in request and reply schemas (ARCHITECTURE.md, 'Sign-in contract'). The constants (paths, codes, routes) are in
 * signin-constants.ts, free of zod (docs/decisions/0384).
 */

export const ZVerificationCodeSchema = z.string().regex(/^\d{6}$/, 'Expected six numeric digits');

/** The check's text of a phone number that is not E.164 (a form names it in the reader's language: decision 0780). */
export const E164_PHONE_MESSAGE = 'Expected an E.164 phone number';
/** E.164 phone number (the API normalises NANP input to +1…). */
export const ZE164PhoneNumberSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, E164_PHONE_MESSAGE);

export const ZPasswordlessStartRequestSchema = z.object({
  phoneNumber: ZE164PhoneNumberSchema,
  /** The language the sign-in screen shows: the code's text is in it (else the person's own; decision 0551). */
  language: ZStaffLanguageSchema.optional(),
});
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

export const ZLoginErrorCodeSchema = z.enum(LoginErrorCode);
export const ZSignupErrorCodeSchema = z.enum(SignupErrorCode);
export const ZLoginStepSchema = z.enum(LoginStep);
export const ZLogoutReasonSchema = z.enum(LogoutReason);
