import {
  ERROR_REPLIES,
  INBOUND_SMS_PATH,
  PUSH_RECEIPT_HEADER,
  SMS_STATUS_CALLBACK_PATH,
  TWILIO_SIGNATURE_HEADER,
  WEB_PUSH_SUBSCRIPTIONS_PATH,
  ZBulkPhoneSubscriptionsRequestSchema,
  ZCreateMessageRequestSchema,
  ZDeleteWebPushSubscriptionsQuerySchema,
  ZDeleteWebPushSubscriptionsReplySchema,
  ZErrorReplySchema,
  ZFacilityRidQuerySchema,
  ZInboundSmsRequestSchema,
  ZMessageDeliveryReplySchema,
  ZMessageParamsSchema,
  ZMessageSentQuerySchema,
  ZPhoneSubscriptionRequestSchema,
  ZPhoneSubscriptionSchema,
  ZPhoneSubscriptionsQuerySchema,
  ZPhoneSubscriptionsReplySchema,
  ZPutWebPushSubscriptionReplySchema,
  ZPutWebPushSubscriptionRequestSchema,
  ZSendToRecipientIdsRequestSchema,
  ZSentMessageReplySchema,
  ZSmsStatusCallbackSchema,
  ZUpdateMessageDeliveryRequestSchema,
  ZVapidPublicKeyReplySchema,
  ZWebPushSubscriptionsQuerySchema,
  ZWebPushSubscriptionsReplySchema,
} from '@sage/contract';
import { type NotifierDeps, resolveVapidKeys } from '@sage/notify';
import { unauthorized } from '@sage/service-kit/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usesOutbox } from '../../env';
import { PUBLIC_BODY_LIMITS, PUBLIC_RATE_LIMITS } from '../../plugins/app/public-limits';
import { createSmsTransport } from '../auth/transports';
import { requireFacility, requireFacilityManager } from './access';
import { isValidTwilioSignature, recordInboundSms } from './inbound-sms';
import { sendToGroups, sendToRecipientIds, updateDeliveryStatus } from './messages';
import { recordSmsStatus } from './sms-status';
import { listPhoneSubscriptions, upsertPhoneSubscriptions } from './subscriptions';
import { deleteWebPushSubscriptions, putWebPushSubscription, searchWebPushSubscriptions } from './web-push';

const errors = ERROR_REPLIES;

/** What the message orchestration service sends with: the shared notifier (same code as the worker's). */
export async function createApiNotifier(app: FastifyInstance): Promise<NotifierDeps> {
  return {
    prisma: app.prisma,
    sms: await createSmsTransport(app.prisma, app.config),
    vapid: await resolveVapidKeys(app.prisma, app.config),
    log: app.log,
  };
}

/** The authenticated message orchestration routes (sign-in doc section 7). */
export const messageOrchestrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifier = await createApiNotifier(app);
  const me = (request: { auth: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  // Phone number subscriptions
  app.get(
    '/phoneNumberSubscriptions',
    {
      schema: {
        tags: ['message orchestration'],
        summary:
          "Status of recipients' numbers with the facility's sender numbers (default: the caller's number)",
        querystring: ZPhoneSubscriptionsQuerySchema,
        response: { 200: ZPhoneSubscriptionsReplySchema, ...errors },
      },
    },
    async (request) => {
      const caller = await requireFacility(app.prisma, me(request), request.query.facilityRid);
      return listPhoneSubscriptions(app.prisma, caller, request.query);
    },
  );

  app.post(
    '/phoneNumberSubscriptions',
    {
      schema: {
        tags: ['message orchestration'],
        summary:
          'Set the status of a number with one of the facility sender numbers (own number, or management)',
        querystring: ZFacilityRidQuerySchema,
        body: ZPhoneSubscriptionRequestSchema,
        response: { 200: ZPhoneSubscriptionSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await requireFacility(app.prisma, me(request), request.query.facilityRid);
      const [row] = await upsertPhoneSubscriptions(
        app.prisma,
        caller,
        [request.body],
        () => 'body.senderPhoneNumber',
      );
      return row!;
    },
  );

  app.post(
    '/phoneNumberSubscriptions/bulk',
    {
      schema: {
        tags: ['message orchestration'],
        summary: 'Set many subscriptions of the facility at once (management)',
        body: ZBulkPhoneSubscriptionsRequestSchema,
        response: { 200: ZPhoneSubscriptionsReplySchema, ...errors },
      },
    },
    async (request) => {
      const caller = await requireFacilityManager(app.prisma, me(request), request.body.facilityRid);
      return upsertPhoneSubscriptions(
        app.prisma,
        caller,
        request.body.subscriptions,
        (i) => `body.subscriptions.${i}.senderPhoneNumber`,
      );
    },
  );

  // Web push subscriptions
  app.get(
    WEB_PUSH_SUBSCRIPTIONS_PATH,
    {
      schema: {
        tags: ['message orchestration'],
        summary: 'Search web push subscriptions (own; management: the facility staff with facilityRid)',
        querystring: ZWebPushSubscriptionsQuerySchema,
        response: { 200: ZWebPushSubscriptionsReplySchema, ...errors },
      },
    },
    async (request) => searchWebPushSubscriptions(app.prisma, me(request), request.query),
  );

  app.put(
    WEB_PUSH_SUBSCRIPTIONS_PATH,
    {
      schema: {
        tags: ['message orchestration'],
        summary: "Record the browser's push subscription of the caller",
        body: ZPutWebPushSubscriptionRequestSchema,
        response: { 200: ZPutWebPushSubscriptionReplySchema, ...errors },
      },
    },
    async (request) => putWebPushSubscription(app.prisma, me(request), request.body),
  );

  app.delete(
    WEB_PUSH_SUBSCRIPTIONS_PATH,
    {
      schema: {
        tags: ['message orchestration'],
        summary: "Delete the caller's push subscriptions (all, or those of the endpoints given)",
        querystring: ZDeleteWebPushSubscriptionsQuerySchema,
        response: { 200: ZDeleteWebPushSubscriptionsReplySchema, ...errors },
      },
    },
    async (request) => deleteWebPushSubscriptions(app.prisma, me(request), request.query),
  );

  app.get(
    '/webPush/vapidPublicKey',
    {
      schema: {
        tags: ['message orchestration'],
        summary: "The server's VAPID public key (applicationServerKey of the browser's subscription)",
        response: { 200: ZVapidPublicKeyReplySchema, ...errors },
      },
    },
    async () => ({ publicKey: notifier.vapid.publicKey }),
  );

  // Messages
  app.post(
    '/messages',
    {
      schema: {
        tags: ['message orchestration'],
        summary: 'Send a message to the members of groups of the facility',
        body: ZCreateMessageRequestSchema,
        response: { 201: ZSentMessageReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireFacility(app.prisma, me(request), request.body.facilityRid);
      reply.code(201);
      return sendToGroups(notifier, caller, request.body);
    },
  );

  app.post(
    '/messages/sendToRecipientIds',
    {
      schema: {
        tags: ['message orchestration'],
        summary: 'Send a message to staff members of the facility',
        body: ZSendToRecipientIdsRequestSchema,
        response: { 201: ZSentMessageReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireFacility(app.prisma, me(request), request.body.facilityRid);
      reply.code(201);
      return sendToRecipientIds(notifier, caller, request.body);
    },
  );
};

/**
 * PUT {base}/messages/{messageRid}/messagesSent?messageSentRid: the delivery status reported by the recipient's
 * browser. Authenticated by either the recipient's bearer token (the page) or the push's receipt token in
 * PUSH_RECEIPT_HEADER (the service worker, which cannot read the page's tokens and runs when no page is open:
 * docs/decisions/0063). Registered outside the bearer-only scope; its own preHandler authenticates.
 */
export const messageDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { privateKey: vapidPrivateKey } = await resolveVapidKeys(app.prisma, app.config);
  const receiptOf = (request: FastifyRequest): string | undefined => {
    const value = request.headers[PUSH_RECEIPT_HEADER];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  app.put(
    '/messages/:messageRid/messagesSent',
    {
      config: { rateLimit: PUBLIC_RATE_LIMITS.deliveryReceipts },
      bodyLimit: PUBLIC_BODY_LIMITS.deliveryReceipt,
      schema: {
        tags: ['message orchestration'],
        summary:
          'Report a delivery status (RECEIVED, SHOWN) with its timestamp (the recipient, or the push receipt)',
        description: `Authenticated by the recipient's bearer token, or by the push's receipt token in the ${PUSH_RECEIPT_HEADER} header.`,
        params: ZMessageParamsSchema,
        querystring: ZMessageSentQuerySchema,
        body: ZUpdateMessageDeliveryRequestSchema,
        response: { 200: ZMessageDeliveryReplySchema, ...errors, 429: ZErrorReplySchema },
      },
      preHandler: async (request) => {
        if (!receiptOf(request)) await app.authenticate(request);
      },
    },
    async (request) => {
      const receiptToken = receiptOf(request);
      return updateDeliveryStatus(
        app.prisma,
        receiptToken ? { receiptToken, vapidPrivateKey } : { staffMemberId: request.auth!.staffMemberId },
        request.params.messageRid,
        request.query.messageSentRid,
        request.body,
      );
    },
  );
};

/**
 * POST {base}/phoneNumberSubscriptions/inbound: Twilio's webhook for texts sent to our numbers (public: no
 * bearer token; Twilio's signature is checked instead, with TWILIO_AUTH_TOKEN, or SMS_WEBHOOK_DEV_TOKEN with
 * the local outbox; decision 0062). Replies with empty TwiML (no auto-reply from us; Twilio's own
 * opt-out/opt-in confirmations apply).
 */
export const inboundSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The form as Twilio sent it: the signature covers these fields, not the validated (defaulted) body.
  const rawForms = new WeakMap<object, Record<string, string>>();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: PUBLIC_BODY_LIMITS.inboundSms },
    (request, body, done) => {
      const form = Object.fromEntries(new URLSearchParams(body as string));
      rawForms.set(request, form);
      done(null, form);
    },
  );
  const authToken = usesOutbox(app.config) ? app.config.SMS_WEBHOOK_DEV_TOKEN : app.config.TWILIO_AUTH_TOKEN!;
  /** Twilio signs its webhooks: the full URL it called and the form as it sent it. */
  const requireTwilioSignature = (request: FastifyRequest) => {
    const params = rawForms.get(request) ?? {};
    const url = `${app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`}${request.url}`;
    const signature = request.headers[TWILIO_SIGNATURE_HEADER];
    if (
      !isValidTwilioSignature(authToken, url, params, typeof signature === 'string' ? signature : undefined)
    ) {
      throw unauthorized(
        `${TWILIO_SIGNATURE_HEADER} is missing or does not match the request`,
        'bad_signature',
      );
    }
  };

  app.post(
    INBOUND_SMS_PATH,
    {
      config: { rateLimit: PUBLIC_RATE_LIMITS.inboundSms },
      bodyLimit: PUBLIC_BODY_LIMITS.inboundSms,
      schema: {
        tags: ['message orchestration'],
        summary: 'Inbound text message webhook (Twilio): records START / STOP replies',
        body: ZInboundSmsRequestSchema,
        response: { 200: z.string(), ...errors, 429: ZErrorReplySchema },
      },
    },
    async (request, reply) => {
      requireTwilioSignature(request);
      const result = await recordInboundSms(app.prisma, request.body);
      request.log.info({ result: result.kind }, 'inbound text message');
      reply.type('text/xml');
      return '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
    },
  );

  app.post(
    SMS_STATUS_CALLBACK_PATH,
    {
      schema: {
        tags: ['message orchestration'],
        summary: 'Text message status callback (Twilio): a failed alert text moves its escalation on',
        body: ZSmsStatusCallbackSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireTwilioSignature(request);
      const result = await recordSmsStatus(app.prisma, request.body);
      request.log.info({ result }, 'text message status');
      return reply.code(204).send(null);
    },
  );
};
