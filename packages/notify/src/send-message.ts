import { randomUUID } from 'node:crypto';
import https from 'node:https';
import type { TPushPayload } from '@sage/contract';
import type { PrismaClient, Severity, SubscriptionTopic } from '@sage/db';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@sage/i18n/languages';
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
  /**
   * The title and body in a recipient's language (decision 0553): each push and text goes out in its
   * recipient's; without it, or for English, `title` and `body` (also what the message row records).
   */
  localized?: (language: Language) => { title: string; body: string };
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
  const [outcome] = await sendMessages(deps, [message]);
  if (outcome!.status === 'rejected') throw outcome!.reason;
  return outcome!.value;
}

/** A message ready to go: its row and its deliveries are written, the sends are left. */
interface PreparedMessage {
  message: OutgoingMessage;
  messageRid: string;
  now: Date;
  sender: string | null;
  pushes: {
    messageSentRid: string;
    subscription: { id: string; recipientId: string; endpoint: string; p256dh: string; auth: string };
  }[];
  texts: { messageSentRid: string; recipient: { id: string; phone: string } }[];
  /** Each recipient's language (decision 0553). */
  languageOf: ReadonlyMap<string, Language>;
}

/**
 * Many messages as sendMessage sends each (decision 0459: the block runs of a batch send together). What they
 * read and write is shared: their facilities, recipients, push subscriptions and text subscriptions in one
 * statement each, the messages and their deliveries in one transaction of two statements; then each message's
 * pushes and texts go out and its failed deliveries are recorded, each message on its own. The outcome is per
 * message: one whose facility is gone, or whose sends' bookkeeping fails, is rejected alone. If a shared read or
 * the write fails, nothing was sent and every message is rejected.
 */
export async function sendMessages(
  deps: NotifierDeps,
  messages: readonly OutgoingMessage[],
): Promise<PromiseSettledResult<SentMessage>[]> {
  if (!messages.length) return [];
  const { prisma } = deps;
  const now = deps.now?.() ?? new Date();
  let prepared: (PreparedMessage | Error)[];
  try {
    prepared = await prepareMessages(prisma, messages, now);
  } catch (error) {
    return messages.map(() => ({ status: 'rejected', reason: error }));
  }
  // The sends of at most MESSAGES_AT_ONCE messages at a time (a batch may hold hundreds: a start job's).
  const outcomes: PromiseSettledResult<SentMessage>[] = new Array(prepared.length);
  let next = 0;
  const lane = async () => {
    while (next < prepared.length) {
      const k = next++;
      const p = prepared[k]!;
      try {
        if (p instanceof Error) throw p;
        outcomes[k] = { status: 'fulfilled', value: await deliver(deps, p) };
      } catch (reason) {
        outcomes[k] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(MESSAGES_AT_ONCE, prepared.length) }, lane));
  return outcomes;
}

/** Messages whose pushes and texts go out at once (as the block runs sent theirs, eight at a time). */
const MESSAGES_AT_ONCE = 8;

async function prepareMessages(
  prisma: PrismaClient,
  messages: readonly OutgoingMessage[],
  now: Date,
): Promise<(PreparedMessage | Error)[]> {
  const facilityIds = [...new Set(messages.map((m) => m.facilityId))];
  const recipientIds = [...new Set(messages.flatMap((m) => m.recipientIds))];
  const [facilities, staff] = await Promise.all([
    prisma.facility.findMany({
      where: { id: { in: facilityIds } },
      select: {
        id: true,
        enterpriseId: true,
        messageDeliveryMethods: true,
        emergencyNotificationNumber: true,
        taskNotificationNumber: true,
      },
    }),
    // Each recipient with the facilities (of these messages) they belong to, through a group.
    prisma.$queryRawUnsafe<
      { id: string; phoneNumber: string | null; language: string; facilityIds: string[] }[]
    >(
      `SELECT s.id, s."phoneNumber", s.language::text AS language,
              array(SELECT DISTINCT g."facilityId" FROM "GroupMembership" gm JOIN "Group" g ON g.id = gm."groupId"
                     WHERE gm."staffMemberId" = s.id AND g."facilityId" = ANY($2::text[])) AS "facilityIds"
         FROM "StaffMember" s
        WHERE s.id = ANY($1::text[])
        ORDER BY s.id`,
      recipientIds,
      facilityIds,
    ),
  ]);
  const facilityOf = new Map(facilities.map((f) => [f.id, f]));
  const languageOf = new Map(
    staff.map((s) => [s.id, isLanguage(s.language) ? s.language : DEFAULT_LANGUAGE] as const),
  );
  const staffOf = (m: OutgoingMessage) => {
    const wanted = new Set(m.recipientIds);
    return staff.filter((s) => wanted.has(s.id) && s.facilityIds.includes(m.facilityId));
  };
  const senderOf = (m: OutgoingMessage): string | null => {
    const f = facilityOf.get(m.facilityId);
    if (!f) return null;
    return m.topic === 'ALERTS' ? f.emergencyNotificationNumber : f.taskNotificationNumber;
  };

  const pushMessages = messages.filter((m) =>
    facilityOf.get(m.facilityId)?.messageDeliveryMethods.includes(DeliveryChannel.PUSH_NOTIFICATION),
  );
  const pushRecipients = [...new Set(pushMessages.flatMap((m) => staffOf(m).map((s) => s.id)))];
  const textMessages = messages.filter((m) => senderOf(m) && !m.pushOnly);
  const senders = [...new Set(textMessages.map((m) => senderOf(m)!))];
  const phones = [
    ...new Set(
      textMessages.flatMap((m) => staffOf(m).flatMap((s) => (s.phoneNumber ? [s.phoneNumber] : []))),
    ),
  ];
  const [subscriptions, subscribed] = await Promise.all([
    pushRecipients.length
      ? prisma.webPushSubscription.findMany({
          where: {
            recipientId: { in: pushRecipients },
            OR: [
              { facilityId: null },
              { facilityId: { in: [...new Set(pushMessages.map((m) => m.facilityId))] } },
            ],
            AND: [{ OR: [{ expirationTime: null }, { expirationTime: { gt: now } }] }],
          },
          select: { id: true, facilityId: true, recipientId: true, endpoint: true, p256dh: true, auth: true },
        })
      : [],
    senders.length && phones.length
      ? prisma.phoneNumberSubscription.findMany({
          where: {
            senderPhoneNumber: { in: senders },
            recipientPhoneNumber: { in: phones },
            status: 'SUBSCRIBED',
          },
          select: { senderPhoneNumber: true, recipientPhoneNumber: true },
        })
      : [],
  ]);
  const subscribedPairs = new Set(
    subscribed.map((s) => `${s.senderPhoneNumber}\u0000${s.recipientPhoneNumber}`),
  );

  const prepared = messages.map((message): PreparedMessage | Error => {
    const facility = facilityOf.get(message.facilityId);
    if (!facility) return new Error(`No facility ${message.facilityId} to send a message from`);
    const recipients = staffOf(message);
    const ids = new Set(recipients.map((s) => s.id));
    const pushEnabled = facility.messageDeliveryMethods.includes(DeliveryChannel.PUSH_NOTIFICATION);
    const sender = senderOf(message);
    const textsWanted = Boolean(sender) && !message.pushOnly;
    return {
      message,
      messageRid: randomUUID(),
      now,
      sender,
      languageOf,
      pushes: pushEnabled
        ? subscriptions
            .filter(
              (s) => ids.has(s.recipientId) && (s.facilityId === null || s.facilityId === message.facilityId),
            )
            .map(({ facilityId: _f, ...subscription }) => ({ messageSentRid: randomUUID(), subscription }))
        : [],
      texts: textsWanted
        ? recipients.flatMap((s) =>
            s.phoneNumber && subscribedPairs.has(`${sender}\u0000${s.phoneNumber}`)
              ? [{ messageSentRid: randomUUID(), recipient: { id: s.id, phone: s.phoneNumber } }]
              : [],
          )
        : [],
    };
  });

  const ready = prepared.filter((p): p is PreparedMessage => !(p instanceof Error));
  const enterpriseOf = (id: string) => facilityOf.get(id)!.enterpriseId;
  try {
    await writeMessages(prisma, ready, enterpriseOf);
  } catch (error) {
    // One message's row refused (a constraint, a trigger) must not stop the others: nothing was sent yet, so
    // each is written again on its own and only those refused fail.
    if (ready.length <= 1) throw error;
    const alone = await Promise.allSettled(ready.map((p) => writeMessages(prisma, [p], enterpriseOf)));
    const refused = new Map<PreparedMessage, Error>();
    for (const [n, outcome] of alone.entries()) {
      if (outcome.status === 'rejected') {
        const reason: unknown = outcome.reason;
        refused.set(ready[n]!, reason instanceof Error ? reason : new Error(String(reason)));
      }
    }
    return prepared.map((p) => (p instanceof Error ? p : (refused.get(p) ?? p)));
  }
  return prepared;
}

/** The rows of messages and their deliveries: one transaction of two statements (one statement without any). */
async function writeMessages(
  prisma: PrismaClient,
  ready: readonly PreparedMessage[],
  enterpriseOf: (facilityId: string) => string | null,
): Promise<void> {
  if (!ready.length) return;
  const now = ready[0]!.now;
  const rows = ready.map((p) => ({
    id: p.messageRid,
    facilityId: p.message.facilityId,
    enterpriseId: enterpriseOf(p.message.facilityId),
    taskId: p.message.taskId ?? null,
    topic: p.message.topic,
    title: p.message.title,
    body: p.message.body,
    data: {
      isCheckIn: p.message.isCheckIn ?? false,
      taskSeverity: p.message.taskSeverity ?? null,
      ...(p.message.escalation ? { escalation: p.message.escalation } : {}),
    },
    createdById: p.message.createdById ?? null,
    createdAt: now,
  }));
  const deliveries = ready.flatMap((p) => [
    ...p.pushes.map((push) => ({
      id: push.messageSentRid,
      messageId: p.messageRid,
      facilityId: p.message.facilityId,
      recipientId: push.subscription.recipientId,
      channel: DeliveryChannel.PUSH_NOTIFICATION,
      webPushSubscriptionId: push.subscription.id,
      statusTimestamp: now,
    })),
    ...p.texts.map((t) => ({
      id: t.messageSentRid,
      messageId: p.messageRid,
      facilityId: p.message.facilityId,
      recipientId: t.recipient.id,
      channel: DeliveryChannel.SMS,
      to: t.recipient.phone,
      statusTimestamp: now,
    })),
  ]);
  // The messages and their deliveries together (as the nested create did): a message never lacks its deliveries.
  if (deliveries.length) {
    await prisma.$transaction([
      prisma.message.createMany({ data: rows }),
      prisma.messageSent.createMany({ data: deliveries }),
    ]);
  } else {
    await prisma.message.createMany({ data: rows });
  }
}

/** The sends of one prepared message, and the statuses of those that failed. */
async function deliver(deps: NotifierDeps, prepared: PreparedMessage): Promise<SentMessage> {
  const { prisma } = deps;
  const { message, messageRid, now, sender, pushes, texts, languageOf } = prepared;
  /** The title and body for one recipient, in their language (each language made once). */
  const made = new Map<Language, { title: string; body: string }>();
  const textFor = (recipientId: string): { title: string; body: string } => {
    const language = languageOf.get(recipientId) ?? DEFAULT_LANGUAGE;
    if (!message.localized || language === DEFAULT_LANGUAGE) return message;
    let text = made.get(language);
    if (!text) {
      text = message.localized(language);
      made.set(language, text);
    }
    return text;
  };

  /** Failed deliveries whose status was recorded as they failed. */
  const recordedAlready = new Set<string>();
  const results = await Promise.all([
    ...pushes.map(async ({ messageSentRid, subscription }): Promise<SentDelivery> => {
      const { title, body } = textFor(subscription.recipientId);
      const payload: PushPayload = {
        title,
        body,
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
          body: smsBody(textFor(recipient.id)),
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

/** A text message: the title and the body on one line ('Title: body', the same in each language). */
const smsBody = ({ title, body }: { title: string; body: string }): string => `${title}: ${body}`;
