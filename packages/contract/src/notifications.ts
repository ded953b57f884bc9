import { z } from 'zod';
import { ZIdSchema, zEpochMs, zText, zUrl } from './common';
import {
  MessageDeliveryMethod,
  MessageDeliveryStatus,
  NotificationPermissionState,
  NotificationPolicyType,
  SubscriptionStatus,
  SubscriptionTopic,
} from './notifications-constants';
import { ZSeveritySchema } from './severity';

export * from './notifications-constants';
export const ZNotificationPolicyTypeSchema = z.enum(NotificationPolicyType);

/** Notification block: executionTimeAfterStartInMs, recurringIntervalInMs, isBreakGlass, priority. */
export const ZNotificationBlockSchema = z.object({
  executionTimeAfterStartInMs: z.number().int().min(0),
  recurringIntervalInMs: z.number().int().min(0),
  isBreakGlass: z.boolean(),
  priority: z.number().int(),
  filterRids: z.array(z.string()).default([]),
});
export type TNotificationBlock = z.infer<typeof ZNotificationBlockSchema>;
export const ZSubscriptionStatusSchema = z.enum(SubscriptionStatus);
export const ZSubscriptionTopicSchema = z.enum(SubscriptionTopic);
export const ZMessageDeliveryStatusSchema = z.enum(MessageDeliveryStatus);

/** Body of PUT /messages/{messageRid}/messagesSent?messageSentRid: status and statusTimestamp. */
export const ZUpdateMessageDeliveryRequestSchema = z.object({
  status: ZMessageDeliveryStatusSchema,
  statusTimestamp: zEpochMs(),
});
export type TUpdateMessageDeliveryRequest = z.infer<typeof ZUpdateMessageDeliveryRequestSchema>;
export const ZMessageDeliveryMethodSchema = z.enum(MessageDeliveryMethod);
export const ZNotificationPermissionStateSchema = z.enum(NotificationPermissionState);

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
