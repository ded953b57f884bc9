import { z } from 'zod';
import { ZIdSchema, zEpochMs, zText, zUrl } from './common';
import { ZSeveritySchema } from './severity';

/** Notification policy type. */
export const NotificationPolicyType = { ALERT: 'ALERT' } as const;
export const ZNotificationPolicyTypeSchema = z.enum(NotificationPolicyType);
export type NotificationPolicyType = z.infer<typeof ZNotificationPolicyTypeSchema>;

/** Notification block: executionTimeAfterStartInMs, recurringIntervalInMs, isBreakGlass, priority. */
export const ZNotificationBlockSchema = z.object({
  executionTimeAfterStartInMs: z.number().int().min(0),
  recurringIntervalInMs: z.number().int().min(0),
  isBreakGlass: z.boolean(),
  priority: z.number().int(),
  filterRids: z.array(z.string()).default([]),
});
export type TNotificationBlock = z.infer<typeof ZNotificationBlockSchema>;

/** "A block is recurring when recurringIntervalInMs is above 0." */
export const isRecurringBlock = (block: Pick<TNotificationBlock, 'recurringIntervalInMs'>): boolean =>
  block.recurringIntervalInMs > 0;

/** Phone number subscription status. */
export const SubscriptionStatus = { SUBSCRIBED: 'SUBSCRIBED', UNSUBSCRIBED: 'UNSUBSCRIBED' } as const;
export const ZSubscriptionStatusSchema = z.enum(SubscriptionStatus);
export type SubscriptionStatus = z.infer<typeof ZSubscriptionStatusSchema>;

export const SUBSCRIPTION_STATUS_LABELS = {
  SUBSCRIBED: 'Receiving messages',
  UNSUBSCRIBED: 'Not receiving messages',
} as const satisfies Record<SubscriptionStatus, string>;

/** Subscription topics: one sender number for alerts, one for tasks. */
export const SubscriptionTopic = { ALERTS: 'ALERTS', TASKS: 'TASKS' } as const;
export const ZSubscriptionTopicSchema = z.enum(SubscriptionTopic);
export type SubscriptionTopic = z.infer<typeof ZSubscriptionTopicSchema>;

/** The Subscribe button opens a text-message link pre-filled with this text. */
export const SUBSCRIBE_SMS_TEXT = 'START';

/** Message delivery status reported to the server: RECEIVED when a notification arrives, SHOWN when displayed. */
export const MessageDeliveryStatus = { RECEIVED: 'RECEIVED', SHOWN: 'SHOWN' } as const;
export const ZMessageDeliveryStatusSchema = z.enum(MessageDeliveryStatus);
export type MessageDeliveryStatus = z.infer<typeof ZMessageDeliveryStatusSchema>;

/** Body of PUT /messages/{messageRid}/messagesSent?messageSentRid: status and statusTimestamp. */
export const ZUpdateMessageDeliveryRequestSchema = z.object({
  status: ZMessageDeliveryStatusSchema,
  statusTimestamp: zEpochMs(),
});
export type TUpdateMessageDeliveryRequest = z.infer<typeof ZUpdateMessageDeliveryRequestSchema>;

/** Facility message delivery methods; PUSH_NOTIFICATION enables browser push. */
export const MessageDeliveryMethod = { PUSH_NOTIFICATION: 'PUSH_NOTIFICATION' } as const;
export const ZMessageDeliveryMethodSchema = z.enum(MessageDeliveryMethod);
export type MessageDeliveryMethod = z.infer<typeof ZMessageDeliveryMethodSchema>;

/** Browser notification permission. */
export const NotificationPermissionState = {
  granted: 'granted',
  denied: 'denied',
  default: 'default',
} as const;
export const ZNotificationPermissionStateSchema = z.enum(NotificationPermissionState);
export type NotificationPermissionState = z.infer<typeof ZNotificationPermissionStateSchema>;

/** Push message data. */
export const ZPushMessageDataSchema = z.object({
  isCheckIn: z.boolean(),
  taskId: z.string().nullable(),
  taskSeverity: ZSeveritySchema.nullable(),
  messageRid: z.string(),
  messageSentRid: z.string(),
  notificationCreateTime: z.number().int(),
});
export type TPushMessageData = z.infer<typeof ZPushMessageDataSchema>;

/** Web push subscription as recorded on the server. */
export const ZWebPushSubscriptionRequestSchema = z.object({
  endpoint: zUrl(),
  recipientId: ZIdSchema,
  expirationTime: zEpochMs().nullable(),
  keys: z.object({
    p256dh: zText({ min: 1, max: 200, multiline: false }),
    auth: zText({ min: 1, max: 200, multiline: false }),
  }),
});
export type TWebPushSubscriptionRequest = z.infer<typeof ZWebPushSubscriptionRequestSchema>;
