import { z } from 'zod';
import { ZIdSchema, zQueryArray, zQueryInt, zText, zUrl } from './common';
import {
  ZNotificationPolicyTypeSchema,
  ZPushMessageDataSchema,
  ZSubscriptionStatusSchema,
  ZSubscriptionTopicSchema,
  ZWebPushSubscriptionRequestSchema,
} from './notifications';
import {
  NOTIFICATION_BLOCK_MAX_FILTERS,
  NOTIFICATION_BLOCK_MAX_MS,
  NOTIFICATION_MIN_RECURRING_INTERVAL_MS,
  NOTIFICATION_POLICY_MAX_BLOCKS,
} from './notifications-api-constants';
import { ZSeveritySchema } from './severity';
import { ZE164PhoneNumberSchema } from './signin';

export * from './notifications-api-constants';

export const ZNotificationFilterInputSchema = z.object({
  /** Members of these groups (of the facility). Empty with staffMemberIds empty: anyone. */
  groupIds: z.array(ZIdSchema).max(50).default([]),
  /** These staff members, whatever their groups and zones. */
  staffMemberIds: z.array(ZIdSchema).max(200).default([]),
  /** The filter applies only to units these care zones cover (empty: any unit). */
  careZoneIds: z.array(ZIdSchema).max(50).default([]),
  /** The filter applies only to these severities (empty: any). */
  severities: z.array(ZSeveritySchema).default([]),
  /** Only staff on shift (on call) at the facility. */
  onCallOnly: z.boolean().default(true),
});
export type TNotificationFilterInput = z.infer<typeof ZNotificationFilterInputSchema>;

export const ZNotificationFilterSchema = z.object({
  filterRid: z.string(),
  groupIds: z.array(z.string()),
  staffMemberIds: z.array(z.string()),
  careZoneIds: z.array(z.string()),
  severities: z.array(ZSeveritySchema),
  onCallOnly: z.boolean(),
});
export type TNotificationFilter = z.infer<typeof ZNotificationFilterSchema>;

export const ZNotificationBlockInputSchema = z.object({
  executionTimeAfterStartInMs: z.number().int().min(0).max(NOTIFICATION_BLOCK_MAX_MS),
  /** Recurring when above 0 (then at least NOTIFICATION_MIN_RECURRING_INTERVAL_MS). */
  recurringIntervalInMs: z
    .number()
    .int()
    .min(0)
    .max(NOTIFICATION_BLOCK_MAX_MS)
    .refine((v) => v === 0 || v >= NOTIFICATION_MIN_RECURRING_INTERVAL_MS, {
      message: `must be 0 (not recurring) or at least ${NOTIFICATION_MIN_RECURRING_INTERVAL_MS} ms`,
    }),
  isBreakGlass: z.boolean().default(false),
  priority: z.number().int().min(0).max(1000).default(0),
  filters: z.array(ZNotificationFilterInputSchema).min(1).max(NOTIFICATION_BLOCK_MAX_FILTERS),
});
export type TNotificationBlockInput = z.infer<typeof ZNotificationBlockInputSchema>;

export const ZNotificationBlockReplySchema = z.object({
  blockRid: z.string(),
  executionTimeAfterStartInMs: z.number().int(),
  recurringIntervalInMs: z.number().int(),
  isRecurring: z.boolean(),
  isBreakGlass: z.boolean(),
  priority: z.number().int(),
  filters: z.array(ZNotificationFilterSchema),
});

export const ZNotificationPolicyReplySchema = z.object({
  rid: z.string(),
  version: z.number().int(),
  type: ZNotificationPolicyTypeSchema,
  facilityRid: z.string(),
  name: z.string().nullable(),
  /** In run order (execution time, then priority). */
  notificationBlocks: z.array(ZNotificationBlockReplySchema),
  updatedAt: z.string(),
});
export type TNotificationPolicyReply = z.infer<typeof ZNotificationPolicyReplySchema>;

export const ZCreateNotificationPolicyRequestSchema = z.object({
  facilityRid: ZIdSchema,
  type: ZNotificationPolicyTypeSchema.default('ALERT'),
  name: zText({ min: 1, max: 120, trim: true, multiline: false }).optional(),
  notificationBlocks: z.array(ZNotificationBlockInputSchema).min(1).max(NOTIFICATION_POLICY_MAX_BLOCKS),
});

export const ZNotificationPoliciesQuerySchema = z.object({ facilityRid: ZIdSchema });
export const ZNotificationPolicyQuerySchema = z.object({
  facilityRid: ZIdSchema,
  notificationPolicyVersion: zQueryInt().min(1).optional(),
});
export const ZPatchNotificationPolicyQuerySchema = z.object({
  facilityRid: ZIdSchema,
  /** The version the change was made on: a stale one gets 409. */
  notificationPolicyVersion: zQueryInt().min(1),
});
export const ZPatchNotificationPolicyRequestSchema = z
  .object({
    name: zText({ min: 1, max: 120, trim: true, multiline: false }).nullable().optional(),
    /** Replaces every block. */
    notificationBlocks: z
      .array(ZNotificationBlockInputSchema)
      .min(1)
      .max(NOTIFICATION_POLICY_MAX_BLOCKS)
      .optional(),
  })
  .refine((b) => b.name !== undefined || b.notificationBlocks !== undefined, {
    message: 'give name or notificationBlocks',
  });
export const ZNotificationPolicyParamsSchema = z.object({ rid: ZIdSchema });
export const ZNotificationFilterParamsSchema = z.object({ blockRid: ZIdSchema, filterRid: ZIdSchema });
export const ZNotificationFilterQuerySchema = z.object({
  facilityRid: ZIdSchema,
  notificationPolicyVersion: zQueryInt().min(1).optional(),
});
export const ZPatchNotificationFilterRequestSchema = ZNotificationFilterInputSchema.partial();
export const ZNotificationFilterReplySchema = ZNotificationFilterSchema.extend({
  blockRid: z.string(),
  policyRid: z.string(),
  notificationPolicyVersion: z.number().int(),
});

/** POST /notificationContexts: (re)start the notification escalation of an open, unclaimed task. */
export const ZCreateNotificationContextRequestSchema = z.object({
  facilityRid: ZIdSchema,
  taskId: ZIdSchema,
});
export const ZNotificationContextReplySchema = z.object({
  taskId: z.string(),
  facilityRid: z.string(),
  /** QUEUED: the escalation starts on the job queue within moments. */
  status: z.literal('QUEUED'),
});

// ---------------------------------------------------------------------------
// Message orchestration: phone number subscriptions
// ---------------------------------------------------------------------------

export const ZPhoneSubscriptionSchema = z.object({
  senderPhoneNumber: z.string(),
  recipientPhoneNumber: z.string(),
  status: ZSubscriptionStatusSchema,
  topic: ZSubscriptionTopicSchema,
});
export type TPhoneSubscription = z.infer<typeof ZPhoneSubscriptionSchema>;

export const ZPhoneSubscriptionsQuerySchema = z.object({
  facilityRid: ZIdSchema,
  recipientPhoneNumber: ZE164PhoneNumberSchema.optional(),
  senderPhoneNumber: ZE164PhoneNumberSchema.optional(),
  recipientPhoneNumbers: zQueryArray(ZE164PhoneNumberSchema).optional(),
  senderPhoneNumbers: zQueryArray(ZE164PhoneNumberSchema).optional(),
});
export const ZPhoneSubscriptionsReplySchema = z.array(ZPhoneSubscriptionSchema);

export const ZFacilityRidQuerySchema = z.object({ facilityRid: ZIdSchema });
export const ZPhoneSubscriptionRequestSchema = z.object({
  senderPhoneNumber: ZE164PhoneNumberSchema,
  recipientPhoneNumber: ZE164PhoneNumberSchema,
  status: ZSubscriptionStatusSchema.default('SUBSCRIBED'),
});
export const ZBulkPhoneSubscriptionsRequestSchema = z.object({
  facilityRid: ZIdSchema,
  subscriptions: z.array(ZPhoneSubscriptionRequestSchema).min(1).max(500),
});

/** Twilio's inbound text-message webhook (form fields; those we read). */
export const ZInboundSmsRequestSchema = z.looseObject({
  From: ZE164PhoneNumberSchema,
  To: ZE164PhoneNumberSchema,
  Body: zText({ max: 1600 }).default(''),
});
export const ZSmsStatusCallbackSchema = z.looseObject({
  MessageSid: zText({ min: 1, max: 64, multiline: false }),
  MessageStatus: zText({ min: 1, max: 32, multiline: false }),
  ErrorCode: zText({ max: 16, multiline: false }).optional(),
});
export type TSmsStatusCallback = z.infer<typeof ZSmsStatusCallbackSchema>;

export const ZWebPushSubscriptionsQuerySchema = z.object({
  facilityRid: ZIdSchema.optional(),
  enterpriseRid: ZIdSchema.optional(),
  recipientIds: zQueryArray(ZIdSchema).optional(),
  endpoints: zQueryArray(zUrl()).optional(),
  webPushSubscriptionRids: zQueryArray(ZIdSchema).optional(),
});
export const ZWebPushSubscriptionSchema = z.object({
  webPushSubscriptionRid: z.string(),
  recipientId: z.string(),
  facilityRid: z.string().nullable(),
  endpoint: z.string(),
  /** ms since the epoch, or null when the browser gave none. */
  expirationTime: z.number().int().nullable(),
});
export const ZWebPushSubscriptionsReplySchema = z.array(ZWebPushSubscriptionSchema);
export const ZPutWebPushSubscriptionRequestSchema = ZWebPushSubscriptionRequestSchema.extend({
  facilityRid: ZIdSchema.optional(),
  enterpriseRid: ZIdSchema.optional(),
});
export const ZPutWebPushSubscriptionReplySchema = z.object({ webPushSubscriptionRid: z.string() });
export const ZDeleteWebPushSubscriptionsQuerySchema = z.object({
  recipientIds: zQueryArray(ZIdSchema, { min: 1 }),
  endpoints: zQueryArray(zUrl()).optional(),
});
export const ZDeleteWebPushSubscriptionsReplySchema = z.object({ deleted: z.number().int() });
export const ZVapidPublicKeyReplySchema = z.object({ publicKey: z.string() });

// ---------------------------------------------------------------------------
// Message orchestration: messages
// ---------------------------------------------------------------------------

const ZMessageContentSchema = z.object({
  facilityRid: ZIdSchema,
  /** ALERTS: sent from the alerts number; TASKS: from the tasks number. */
  topic: ZSubscriptionTopicSchema.default('TASKS'),
  title: zText({ min: 1, max: 120, trim: true, multiline: false }),
  body: zText({ min: 1, max: 1000, trim: true }),
  taskId: ZIdSchema.optional(),
});
/** POST /messages: to the members of groups of the facility. */
export const ZCreateMessageRequestSchema = ZMessageContentSchema.extend({
  groupIds: z.array(ZIdSchema).min(1).max(50),
});
/** POST /messages/sendToRecipientIds. */
export const ZSendToRecipientIdsRequestSchema = ZMessageContentSchema.extend({
  recipientIds: z.array(ZIdSchema).min(1).max(500),
});
export const ZMessageSentSchema = z.object({
  messageSentRid: z.string(),
  recipientId: z.string(),
  channel: z.enum(['PUSH_NOTIFICATION', 'SMS']),
  status: z.enum(['SENT', 'FAILED']),
});
export const ZSentMessageReplySchema = z.object({
  messageRid: z.string(),
  messagesSent: z.array(ZMessageSentSchema),
});
export const ZMessageParamsSchema = z.object({ messageRid: ZIdSchema });
export const ZMessageSentQuerySchema = z.object({ messageSentRid: ZIdSchema });
export const ZMessageDeliveryReplySchema = z.object({
  messageRid: z.string(),
  messageSentRid: z.string(),
  status: z.enum(['SENT', 'FAILED', 'RECEIVED', 'SHOWN']),
  statusTimestamp: z.number().int(),
  /** The report changed nothing (a RECEIVED after SHOWN, or the same status again). */
  unchanged: z.boolean(),
});

// ---------------------------------------------------------------------------
// Web push payload and delivery receipts (docs/decisions/0063)
// ---------------------------------------------------------------------------

/**
 * What a web push carries (encrypted end to end to the recipient's browser): the notification's title and
 * body, the spec's push message data, and the delivery's receipt token.
 */
export const ZPushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  data: ZPushMessageDataSchema,
  /** Proves receipt of this one delivery: sent back in PUSH_RECEIPT_HEADER with its delivery status. */
  receiptToken: z.string(),
});
export type TPushPayload = z.infer<typeof ZPushPayloadSchema>;
