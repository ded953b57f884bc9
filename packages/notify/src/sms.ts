import { UNSUBSCRIBED_SMS_ERROR_MARKER } from '@sage/contract';
import type { PrismaClient } from '@sage/db';

/** One text message. */
export interface SmsMessage {
  to: string;
  from: string;
  body: string;
  /** Where the provider reports the message's later status (Twilio's statusCallback); alerts only. */
  statusCallback?: string;
}

/** What the provider says about a message it accepted. */
export interface SmsSent {
  /** Its id at the provider (Twilio's MessageSid), named again by the status callback. */
  providerMessageId?: string;
}

/** Where text messages go: Twilio, or the local outbox (ARCHITECTURE.md, 'Sign-in contract'). */
export interface SmsTransport {
  readonly kind: 'twilio' | 'outbox';
  send(message: SmsMessage): Promise<SmsSent | undefined>;
}

/** Twilio's "the recipient has unsubscribed (texted STOP)" error. */
export const TWILIO_UNSUBSCRIBED_ERROR = 21610;

/** A text message that could not be sent; `unsubscribed` for Twilio's 21610. */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly providerCode: number | string | undefined,
    readonly unsubscribed: boolean,
  ) {
    super(message);
  }
}

/** Maps whatever a transport threw (Twilio's RestException has a numeric `code`) to an SmsDeliveryError. */
export function toSmsDeliveryError(error: unknown): SmsDeliveryError {
  if (error instanceof SmsDeliveryError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error
      ? (error as { code?: number | string }).code
      : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const unsubscribed =
    String(code) === String(TWILIO_UNSUBSCRIBED_ERROR) || message.includes(UNSUBSCRIBED_SMS_ERROR_MARKER);
  return new SmsDeliveryError(
    unsubscribed
      ? `The phone number is unsubscribed from text messages (Twilio error ${TWILIO_UNSUBSCRIBED_ERROR}): text START to the sender to subscribe again`
      : `The text message could not be sent${code === undefined ? '' : ` (provider error ${code})`}`,
    code,
    unsubscribed,
  );
}

/** Sends through a transport; every failure becomes an SmsDeliveryError. */
export async function sendSms(transport: SmsTransport, message: SmsMessage): Promise<void> {
  await sendSmsWithId(transport, message);
}

/** As sendSms, with the provider's id of the message (for its status callback). */
export async function sendSmsWithId(transport: SmsTransport, message: SmsMessage): Promise<SmsSent> {
  try {
    return (await transport.send(message)) ?? {};
  } catch (error) {
    throw toSmsDeliveryError(error);
  }
}

/** Twilio, used only when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set. */
export async function createTwilioTransport(accountSid: string, authToken: string): Promise<SmsTransport> {
  const { default: twilio } = await import('twilio');
  const client = twilio(accountSid, authToken);
  return {
    kind: 'twilio',
    async send({ to, from, body, statusCallback }) {
      const sent = await client.messages.create({
        to,
        from,
        body,
        ...(statusCallback ? { statusCallback } : {}),
      });
      return { providerMessageId: sent.sid };
    },
  };
}

/** The local outbox: messages are stored and listed by GET /dev/api/v1/outbox. */
export function createOutboxSmsTransport(prisma: PrismaClient): SmsTransport {
  return {
    kind: 'outbox',
    async send({ to, from, body }) {
      const stored = await prisma.outboxMessage.create({
        data: { channel: 'SMS', to, from, body },
        select: { id: true },
      });
      return { providerMessageId: `outbox:${stored.id}` };
    },
  };
}
