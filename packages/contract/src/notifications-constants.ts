import type { TNotificationBlock } from './notifications';

/**
 * The zod-free part of notifications.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). notifications.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/** Notification policy type. */
export const NotificationPolicyType = { ALERT: 'ALERT' } as const;

export type NotificationPolicyType = (typeof NotificationPolicyType)[keyof typeof NotificationPolicyType];

/** "A block is recurring when recurringIntervalInMs is above 0." */
export const isRecurringBlock = (block: Pick<TNotificationBlock, 'recurringIntervalInMs'>): boolean =>
  block.recurringIntervalInMs > 0;

/** Phone number subscription status. */
export const SubscriptionStatus = { SUBSCRIBED: 'SUBSCRIBED', UNSUBSCRIBED: 'UNSUBSCRIBED' } as const;

export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

export const SUBSCRIPTION_STATUS_LABELS = {
  SUBSCRIBED: 'Receiving messages',
  UNSUBSCRIBED: 'Not receiving messages',
} as const satisfies Record<SubscriptionStatus, string>;

/** Subscription topics: one sender number for alerts, one for tasks. */
export const SubscriptionTopic = { ALERTS: 'ALERTS', TASKS: 'TASKS' } as const;

export type SubscriptionTopic = (typeof SubscriptionTopic)[keyof typeof SubscriptionTopic];

/** The Subscribe button opens a text-message link pre-filled with this text. */
export const SUBSCRIBE_SMS_TEXT = 'START';

/** Message delivery status reported to the server: RECEIVED when a notification arrives, SHOWN when displayed. */
export const MessageDeliveryStatus = { RECEIVED: 'RECEIVED', SHOWN: 'SHOWN' } as const;

export type MessageDeliveryStatus = (typeof MessageDeliveryStatus)[keyof typeof MessageDeliveryStatus];

/** Facility message delivery methods; PUSH_NOTIFICATION enables browser push. */
export const MessageDeliveryMethod = { PUSH_NOTIFICATION: 'PUSH_NOTIFICATION' } as const;

export type MessageDeliveryMethod = (typeof MessageDeliveryMethod)[keyof typeof MessageDeliveryMethod];

/** Browser notification permission. */
export const NotificationPermissionState = {
  granted: 'granted',
  denied: 'denied',
  default: 'default',
} as const;

export type NotificationPermissionState =
  (typeof NotificationPermissionState)[keyof typeof NotificationPermissionState];
