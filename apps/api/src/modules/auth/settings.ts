import { type Language, translate } from '@sage/i18n';

/**
 * Sign-in limits (docs/decisions/0020-sign-in-codes-and-limits.md). The 30 s resend wait and the 6 digits
 * are the spec's; the rest are ours.
 */
export const SIGNIN_LIMITS = {
  /** A code is valid for 10 minutes. */
  codeTtlMs: 10 * 60_000,
  /** Wrong codes in a row (across codes) before the number is locked. */
  maxFailedAttempts: 5,
  /** How long a locked number stays locked. */
  lockMs: 15 * 60_000,
  /** "resend not before 30 s" (spec: code resend countdown 30 s). */
  resendAfterMs: 30_000,
  /** Window of the per-client-address limit (SIGNIN_MAX_STARTS_PER_ADDRESS in it). */
  addressWindowMs: 10 * 60_000,
} as const;

/** Sender of login codes when Twilio has no TWILIO_FROM_NUMBER (and in the outbox). */
export const DEFAULT_SMS_SENDER = '+15005550006';

/** The text of the login code message, in the reader's language (decision 0551; English by default). */
export const loginCodeText = (code: string, language: Language = 'en', productName = 'Sage Care'): string =>
  translate(language, 'notify', 'loginCode', { code, productName });
