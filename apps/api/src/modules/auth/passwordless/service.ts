import {
  PUBLIC_SIGNUP_DISABLED_MESSAGE,
  SigninErrorCode,
  type StaffLanguage,
  type TTokenReply,
} from '@sage/contract';
import { SmsDeliveryError, sendSms } from '@sage/notify/sms';
import { type CodeOwner, issueLoginCode, verifyLoginCode } from '../codes/login-codes';
import type { SigninDeps } from '../deps';
import { SigninError } from '../errors';
import { normaliseNanpNumber } from '../phone';
import { DEFAULT_SMS_SENDER, loginCodeText } from '../settings';
import { startSession } from '../tokens/refresh-tokens';

/** The number that sends login codes (Twilio's TWILIO_FROM_NUMBER, or the dev sender of the outbox). */
export const smsSender = (deps: SigninDeps): string => deps.config.TWILIO_FROM_NUMBER ?? DEFAULT_SMS_SENDER;

function parseNumber(phoneNumber: string): string {
  const e164 = normaliseNanpNumber(phoneNumber);
  if (!e164) {
    const message = 'Phone number is invalid: only North American numbering plan numbers are accepted';
    throw new SigninError(400, `body.phoneNumber: ${message} (nanp)`, 'VALIDATION_FAILED', {
      issues: [{ field: 'body.phoneNumber', rule: 'nanp', message }],
    });
  }
  return e164;
}

/** The active (not archived) staff member with this number; the spec's unknown-number error otherwise. */
async function staffByPhone(
  deps: SigninDeps,
  e164: string,
): Promise<CodeOwner & { language: StaffLanguage }> {
  const staff = await deps.prisma.staffMember.findFirst({
    where: { phoneNumber: e164, isArchived: false },
    select: { id: true, phoneNumber: true, language: true },
  });
  if (!staff) throw new SigninError(400, PUBLIC_SIGNUP_DISABLED_MESSAGE, SigninErrorCode.bad_connection);
  return staff;
}

/** Passwordless start: a new 6-digit code by text message. */
export async function startPasswordless(
  deps: SigninDeps,
  phoneNumber: string,
  requestIp: string | null,
  language?: StaffLanguage,
): Promise<void> {
  const staff = await staffByPhone(deps, parseNumber(phoneNumber));
  const from = smsSender(deps);
  try {
    await issueLoginCode(deps, staff, 'SMS', requestIp, (code) =>
      sendSms(deps.sms, {
        to: staff.phoneNumber,
        from,
        body: loginCodeText(code, language ?? staff.language),
      }),
    );
  } catch (error) {
    if (!(error instanceof SmsDeliveryError)) throw error;
    if (error.unsubscribed) {
      throw new SigninError(400, error.message, SigninErrorCode.sms_unsubscribed, { senderNumber: from });
    }
    throw new SigninError(502, error.message, SigninErrorCode.delivery_failed);
  }
}

/** Passwordless verify: the code for a session (access token, refresh token). */
export async function verifyPasswordless(
  deps: SigninDeps,
  phoneNumber: string,
  code: string,
): Promise<TTokenReply> {
  const e164 = parseNumber(phoneNumber);
  const staff = await deps.prisma.staffMember.findFirst({
    where: { phoneNumber: e164, isArchived: false },
    select: { id: true, phoneNumber: true },
  });
  // No staff member: the same answer as "no live code", so verify tells nothing about who exists.
  if (!staff) {
    throw new SigninError(
      401,
      'There is no valid code for this number: it has expired or was already used. Ask for a new one.',
      SigninErrorCode.access_denied,
    );
  }
  await verifyLoginCode(deps, staff, 'SMS', code);
  return startSession(deps, staff.id);
}
