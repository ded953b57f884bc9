import type { PrismaClient } from '@sage/db';
import { createOutboxSmsTransport, createTwilioTransport, type SmsTransport } from './sms';

export * from './send-message';
export * from './vapid';

/**
 * The text-message transport for processes other than the API (the worker): Twilio when both credentials
 * are given, else the local outbox (the same transports and rules as sign-in, docs/decisions/0021).
 */
export async function createSmsTransportFromEnv(
  prisma: PrismaClient,
  env: { TWILIO_ACCOUNT_SID?: string; TWILIO_AUTH_TOKEN?: string },
): Promise<SmsTransport> {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN) {
    return createTwilioTransport(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN);
  }
  return createOutboxSmsTransport(prisma);
}
export { isValidPushReceipt, pushReceiptToken } from './receipt';
export type { SmsMessage, SmsSent, SmsTransport } from './sms';
export {
  createOutboxSmsTransport,
  createTwilioTransport,
  SmsDeliveryError,
  sendSms,
  sendSmsWithId,
  TWILIO_UNSUBSCRIBED_ERROR,
  toSmsDeliveryError,
} from './sms';
