import { randomUUID } from 'node:crypto';
import https from 'node:https';
import type { TPushPayload } from '@sage/contract';
import type { PrismaClient, Severity, SubscriptionTopic } from '@sage/db';
import webpush from 'web-push';
import { pushReceiptToken } from './receipt';
import { SmsDeliveryError, type SmsTransport, sendSmsWithId } from './sms';
import type { VapidKeys } from './vapid';

export const DeliveryChannel = { PUSH_NOTIFICATION: 'PUSH_NOTIFICATION', SMS: 'SMS' } as const;
export type DeliveryChannel = (typeof DeliveryChannel)[keyof typeof DeliveryChannel];

export interface NotifierDeps {
  prisma: PrismaClient;
  sms: SmsTransport;
  vapid: VapidKeys;
  /**
   * HTTPS agent for push requests: by default `pushServiceAgent` (tests pass one that trusts the local push
   * service's certificate).
   */
  pushAgent?: https.Agent;
  log?: { warn(obj: object, msg: string): void };
  now?: () => Date;
  /** Where the text message provider reports a text's later status (decision 0144); none: not asked for. */
  smsStatusCallbackUrl?: string;
}

export interface OutgoingMessage {
  facilityId: string;
  /** ALERTS: sent from the facility's alerts number; TASKS: from its tasks number. */
  topic: SubscriptionTopic;
  title: string;
  body: string;
  recipientIds: readonly string[];
  taskId?: string | null;
  taskSeverity?: Severity | null;
  isCheckIn?: boolean;
  createdById?: string | null;
  /** The escalation block run that sends it: a text that fails later can still move it on (decision 0144). */
  escalation?: { contextId: string; blockIndex: number };
  /** Web push only, no text message (a high five: docs/decisions/0293). */
  pushOnly?: boolean;
}

export interface SentDelivery {
  messageSentRid: string;
  recipientId: string;
  channel: DeliveryChannel;
  status: 'SENT' | 'FAILED';
  error?: string;
}

export interface SentMessage {
  messageRid: string;
  messagesSent: SentDelivery[];
}

/**
 * The push payload: what the notification shows, the spec's push message data (section 3), and the receipt
 * token the service worker reports delivery with (docs/decisions/0063).
 */
export type PushPayload = TPushPayload;

/** How long a connection to a push service stays open after its last push (Node's default agent: 5 s). */
export const PUSH_CONNECTION_IDLE_MS = 60_000;

/**
 * Connections to the push services stay open between alerts, so the alert after a quiet minute does not pay a
 * new TCP and TLS handshake first (docs/decisions/0080). A shorter Keep-Alive hint from the service wins.
 */
export const pushServiceAgent = new https.Agent({ keepAlive: true, timeout: PUSH_CONNECTION_IDLE_MS });

/**
 * A kept-alive connection the push service closed just as the push was written to it: nothing was delivered,
 * and the same request on a new connection is the right answer.
 */
const isClosedConnection = (error: unknown): boolean =>
  !(error instanceof webpush.WebPushError) &&
  ['ECONNRESET', 'EPIPE'].includes((error as NodeJS.ErrnoException | null)?.code ?? '');

/** Sends one push; once more on a new connection when the kept-alive one turned out to be closed. */
async function sendPush(...args: Parameters<typeof webpush.sendNotification>) {
  try {
    return await webpush.sendNotification(...args);
  } catch (error) {
    if (!isClosedConnection(error)) throw error;
    return await webpush.sendNotification(...args);
  }
}

/** Push services answer 404 or 410 for a subscription that no longer exists. */
const isExpiredSubscription = (statusCode: number | undefined): boolean =>
  statusCode === 404 || statusCode === 410;

/**
 * Sends one message to staff members of one facility: a web push to each of their browser subscriptions when
 * the facility's messageDeliveryMethods include PUSH_NOTIFICATION, and a text message from the topic's sender
 * number to those whose number is SUBSCRIBED to it. Every delivery is recorded (MessageSent) with its status;
 * a subscription the push service no longer knows (404/410) is deleted. Recipients outside the facility are
 * ignored (callers check them first).
 */
export async function sendMessage(deps: NotifierDeps, message: OutgoingMessage): Promise<SentMessage> {
  const { prisma } = deps;
  const now = deps.now?.() ?? new Date();
  const facility = await prisma.facility.findUniqueOrThrow({
    where: { id: message.facilityId },
    select: {
      enterpriseId: true,
      messageDeliveryMethods: true,
      emergencyNotificationNumber: true,
      taskNotificationNumber: true,
    },
  });
  const staff = await prisma.staffMember.findMany({
    where: {
      id: { in: [...message.recipientIds] },
      groupMemberships: { some: { group: { facilityId: message.facilityId } } },
    },
    select: { id: true, phoneNumber: true },
  });
  const recipientIds = staff.map((s) => s.id);

  const pushEnabled = facility.messageDeliveryMethods.includes(DeliveryChannel.PUSH_NOTIFICATION);
  const subscriptions = pushEnabled
    ? await prisma.webPushSubscription.findMany({
        where: {
          recipientId: { in: recipientIds },
          OR: [{ facilityId: null }, { facilityId: message.facilityId }],
          AND: [{ OR: [{ expirationTime: null }, { expirationTime: { gt: now } }] }],
        },
        select: { id: true, recipientId: true, endpoint: true, p256dh: true, auth: true },
      })
    : [];

  const sender =
    message.topic === 'ALERTS' ? facility.emergencyNotificationNumber : facility.taskNotificationNumber;
  const phones = staff.flatMap((s) => (s.phoneNumber ? [{ id: s.id, phone: s.phoneNumber }] : []));
  const subscribed =
    sender && !message.pushOnly
      ? await prisma.phoneNumberSubscription.findMany({
          where: {
            senderPhoneNumber: sender,
            recipientPhoneNumber: { in: phones.map((p) => p.phone) },
            status: 'SUBSCRIBED',
          },
          select: { recipientPhoneNumber: true },
        })
      : [];
  const subscribedPhones = new Set(subscribed.map((s) => s.recipientPhoneNumber));
  const textRecipients = phones.filter((p) => subscribedPhones.has(p.phone));

  const messageRid = randomUUID();
  const pushes = subscriptions.map((s) => ({ messageSentRid: randomUUID(), subscription: s }));
  const texts = textRecipients.map((r) => ({ messageSentRid: randomUUID(), recipient: r }));
  await prisma.message.create({
    data: {
      id: messageRid,
      facilityId: message.facilityId,
      enterpriseId: facility.enterpriseId,
      taskId: message.taskId ?? null,
      topic: message.topic,
      title: message.title,
      body: message.body,
      data: {
        isCheckIn: message.isCheckIn ?? false,
        taskSeverity: message.taskSeverity ?? null,
        ...(message.escalation ? { escalation: message.escalation } : {}),
      },
      createdById: message.createdById ?? null,
      createdAt: now,
      messagesSent: {
        createMany: {
          data: [
            ...pushes.map((p) => ({
              id: p.messageSentRid,
              facilityId: message.facilityId,
              recipientId: p.subscription.recipientId,
              channel: DeliveryChannel.PUSH_NOTIFICATION,
              webPushSubscriptionId: p.subscription.id,
              statusTimestamp: now,
            })),
            ...texts.map((t) => ({
              id: t.messageSentRid,
              facilityId: message.facilityId,
              recipientId: t.recipient.id,
              channel: DeliveryChannel.SMS,
              to: t.recipient.phone,
              statusTimestamp: now,
            })),
          ],
        },
      },
    },
    select: { id: true },
  });

  /** Failed deliveries whose status was recorded as they failed. */
  const recordedAlready = new Set<string>();
  const results = await Promise.all([
    ...pushes.map(async ({ messageSentRid, subscription }): Promise<SentDelivery> => {
      const payload: PushPayload = {
        title: message.title,
        body: message.body,
        data: {
          isCheckIn: message.isCheckIn ?? false,
          taskId: message.taskId ?? null,
          taskSeverity: message.taskSeverity ?? null,
          messageRid,
          messageSentRid,
          notificationCreateTime: now.getTime(),
        },
        receiptToken: pushReceiptToken(deps.vapid.privateKey, messageRid, messageSentRid),
      };
      const base = {
        messageSentRid,
        recipientId: subscription.recipientId,
        channel: DeliveryChannel.PUSH_NOTIFICATION,
      };
      try {
        await sendPush(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: deps.vapid,
            TTL: 300,
            urgency: 'high',
            // Under the message orchestration client's 10 s time-out, with room for the rest of the request.
            timeout: 5_000,
            agent: deps.pushAgent ?? pushServiceAgent,
          },
        );
        return { ...base, status: 'SENT' };
      } catch (error) {
        const statusCode = error instanceof webpush.WebPushError ? error.statusCode : undefined;
        if (isExpiredSubscription(statusCode)) {
          const expired = `The push subscription has expired (${statusCode}); removed`;
          // The removal and the failed delivery together: a delivery must never read SENT once its
          // subscription is known to be gone (the others are recorded when the whole message has settled).
          await prisma.$transaction([
            prisma.webPushSubscription.deleteMany({ where: { id: subscription.id } }),
            prisma.messageSent.update({
              where: { id: messageSentRid },
              data: { status: 'FAILED', error: expired, statusTimestamp: new Date() },
            }),
          ]);
          recordedAlready.add(messageSentRid);
          return { ...base, status: 'FAILED', error: expired };
        }
        deps.log?.warn({ err: error, messageSentRid }, 'web push failed');
        return {
          ...base,
          status: 'FAILED',
          error: `The push service refused the message${statusCode ? ` (${statusCode})` : ''}`,
        };
      }
    }),
    ...texts.map(async ({ messageSentRid, recipient }): Promise<SentDelivery> => {
      const base = { messageSentRid, recipientId: recipient.id, channel: DeliveryChannel.SMS };
      try {
        const { providerMessageId } = await sendSmsWithId(deps.sms, {
          to: recipient.phone,
          from: sender as string,
          body: `${message.title}: ${message.body}`,
          ...(deps.smsStatusCallbackUrl ? { statusCallback: deps.smsStatusCallbackUrl } : {}),
        });
        if (providerMessageId) {
          await prisma.messageSent.update({ where: { id: messageSentRid }, data: { providerMessageId } });
        }
        return { ...base, status: 'SENT' };
      } catch (error) {
        // The carrier says the person texted STOP: record it, so we stop trying until they text START.
        if (error instanceof SmsDeliveryError && error.unsubscribed) {
          await prisma.phoneNumberSubscription.updateMany({
            where: { senderPhoneNumber: sender as string, recipientPhoneNumber: recipient.phone },
            data: { status: 'UNSUBSCRIBED' },
          });
        }
        deps.log?.warn({ err: error, messageSentRid }, 'text message failed');
        return { ...base, status: 'FAILED', error: error instanceof Error ? error.message : String(error) };
      }
    }),
  ]);

  const failed = results.filter((r) => r.status === 'FAILED' && !recordedAlready.has(r.messageSentRid));
  await Promise.all(
    failed.map((r) =>
      prisma.messageSent.update({
        where: { id: r.messageSentRid },
        data: { status: 'FAILED', error: r.error ?? null, statusTimestamp: new Date() },
      }),
    ),
  );
  return { messageRid, messagesSent: results };
}
