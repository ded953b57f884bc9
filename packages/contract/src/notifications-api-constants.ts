/**
 * The zod-free part of notifications-api.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). notifications-api.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * Request and reply shapes of the notification policy routes (admin API) and the message orchestration API
 * (sign-in doc section 7). Field names beyond those the spec lists are ours (docs/decisions/0060, 0062).
 */

/**
 * Job-queue priority of a task's notification jobs from its severity value (lower runs first; device events
 * and other jobs run at 0). "Emergency-type: code blue, emergency, staff assist" (values 0, 1, 2) get -3, -2,
 * -1: ahead of everything else queued. Other severities share the queue with device events at 0, in arrival
 * order, so neither starves the other when the worker is saturated. docs/decisions/0060.
 */
export const notificationJobPriorityForSeverityValue = (severityValue: number): number =>
  severityValue <= 2 ? severityValue - 3 : 0;

// ---------------------------------------------------------------------------
// Notification policies (admin)
// ---------------------------------------------------------------------------

/** Longest block delay or interval: one day. */
export const NOTIFICATION_BLOCK_MAX_MS = 86_400_000;

/** A recurring interval shorter than this would flood phones (our rule). */
export const NOTIFICATION_MIN_RECURRING_INTERVAL_MS = 1_000;

export const NOTIFICATION_POLICY_MAX_BLOCKS = 20;

/** At most this many filters in one block. */
export const NOTIFICATION_BLOCK_MAX_FILTERS = 20;

export const INBOUND_SMS_PATH = '/phoneNumberSubscriptions/inbound';

/** Twilio's status callback of a sent text message (decision 0144): where it posts, and the fields we read. */
export const SMS_STATUS_CALLBACK_PATH = '/messages/sms/status';

/** The statuses Twilio ends a message with when it did not reach the phone. */
export const SMS_FAILED_STATUSES = ['failed', 'undelivered'] as const;

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

// ---------------------------------------------------------------------------
// Message orchestration: web push subscriptions
// ---------------------------------------------------------------------------

export const WEB_PUSH_SUBSCRIPTIONS_PATH = '/recipients/webPushNotifications';

/**
 * PUT /messages/{messageRid}/messagesSent takes either the recipient's bearer token or this header with the
 * push's receipt token (the service worker, which has no access token of its own).
 */
export const PUSH_RECEIPT_HEADER = 'x-sage-push-receipt';

/** The delivery-status route (under the message orchestration base path). */
export const messageDeliveryPath = (messageRid: string): string =>
  `/messages/${encodeURIComponent(messageRid)}/messagesSent`;

/** The service worker's script, at the web app's root scope. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Where a click on an alert's notification leads. */
export const alertDetailPath = (taskId: string): string => `/alerts/alert/${encodeURIComponent(taskId)}`;
