import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PrismaClient, SubscriptionTopic } from '@sage/db';
import { subscriptionStatusFromReply } from '@sage/domain';

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the auth token, of the full
 * URL Twilio called followed by every form field name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type InboundResult =
  | { kind: 'RECORDED'; status: 'SUBSCRIBED' | 'UNSUBSCRIBED'; topic: SubscriptionTopic }
  | { kind: 'IGNORED'; reason: 'NOT_A_KEYWORD' | 'UNKNOWN_SENDER_NUMBER' };

/**
 * A reply texted to one of our sender numbers: START (or YES, UNSTOP) subscribes the phone to that number,
 * STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) unsubscribes it. The topic is the number's role: a
 * facility's alerts number (emergencyNotificationNumber) or its tasks number (taskNotificationNumber).
 */
export async function recordInboundSms(
  prisma: PrismaClient,
  message: { From: string; To: string; Body: string },
): Promise<InboundResult> {
  const status = subscriptionStatusFromReply(message.Body);
  if (!status) return { kind: 'IGNORED', reason: 'NOT_A_KEYWORD' };
  const facility = await prisma.facility.findFirst({
    where: { OR: [{ emergencyNotificationNumber: message.To }, { taskNotificationNumber: message.To }] },
    orderBy: { createdAt: 'asc' },
    select: { id: true, emergencyNotificationNumber: true },
  });
  if (!facility) return { kind: 'IGNORED', reason: 'UNKNOWN_SENDER_NUMBER' };
  const topic: SubscriptionTopic = facility.emergencyNotificationNumber === message.To ? 'ALERTS' : 'TASKS';
  await prisma.phoneNumberSubscription.upsert({
    where: {
      senderPhoneNumber_recipientPhoneNumber: {
        senderPhoneNumber: message.To,
        recipientPhoneNumber: message.From,
      },
    },
    create: {
      facilityId: facility.id,
      senderPhoneNumber: message.To,
      recipientPhoneNumber: message.From,
      status,
      topic,
    },
    update: { status, topic },
  });
  return { kind: 'RECORDED', status, topic };
}
