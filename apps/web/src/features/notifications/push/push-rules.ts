import {
  alertDetailPath,
  DEFAULT_PUSH_SUBSCRIPTION_EXPIRY_MS,
  MessageDeliveryMethod,
  type NotificationPermissionState,
  PUSH_DELAY_WARNING_MS,
  PUSH_SUBSCRIPTION_RENEW_WITHIN_MS,
} from '@sage/contract';

/**
 * The pure rules of browser push (sign-in doc section 4 'Notification permission', section 9). The service
 * worker (public/sw.js, plain JavaScript) applies the same URL and delay rules; push-rules.test.ts checks
 * that its constants agree with these.
 */

/** "messageDeliveryMethods ... value PUSH_NOTIFICATION enables browser push." */
export const facilityAllowsPush = (messageDeliveryMethods: readonly string[]): boolean =>
  messageDeliveryMethods.includes(MessageDeliveryMethod.PUSH_NOTIFICATION);

/** What the browser offers (the page's globals). */
export interface PushSupport {
  notification: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
}

export function detectPushSupport(scope: {
  Notification?: unknown;
  PushManager?: unknown;
  navigator?: { serviceWorker?: unknown };
}): PushSupport {
  return {
    notification: typeof scope.Notification === 'function',
    serviceWorker: !!scope.navigator?.serviceWorker,
    pushManager: typeof scope.PushManager === 'function',
  };
}

export const isPushSupported = (s: PushSupport): boolean =>
  s.notification && s.serviceWorker && s.pushManager;

/**
 * "When the facility allows push, the browser supports notifications, service workers and push, the
 * permission is default and no push subscription exists, the Allow notifications drawer opens."
 */
export function shouldOpenAllowNotificationsDrawer(state: {
  facilityAllowsPush: boolean;
  support: PushSupport;
  permission: NotificationPermissionState;
  hasSubscription: boolean;
}): boolean {
  return (
    state.facilityAllowsPush &&
    isPushSupported(state.support) &&
    state.permission === 'default' &&
    !state.hasSubscription
  );
}

/** Whether the app subscribes (and records) now: the facility allows push, it is supported and granted. */
export function shouldSubscribe(state: {
  facilityAllowsPush: boolean;
  support: PushSupport;
  permission: NotificationPermissionState;
}): boolean {
  return state.facilityAllowsPush && isPushSupported(state.support) && state.permission === 'granted';
}

/**
 * "Records the subscription if none exists or the stored one expires within 1 day." A stored subscription
 * without expiry never expires.
 */
export function shouldRecordSubscription(
  stored: { expirationTime: number | null } | undefined,
  now: number,
): boolean {
  if (!stored) return true;
  if (stored.expirationTime === null) return false;
  return stored.expirationTime - now <= PUSH_SUBSCRIPTION_RENEW_WITHIN_MS;
}

/**
 * The expiry recorded with a subscription: the browser's, else "8 units from now" (hours; decision 0065).
 */
export const recordedExpiry = (browserExpirationTime: number | null | undefined, now: number): number =>
  browserExpirationTime ?? now + DEFAULT_PUSH_SUBSCRIPTION_EXPIRY_MS;

/** Where a click on a push notification leads: the alert's detail, or the alerts list without a task. */
export const notificationClickPath = (data: { taskId?: string | null } | null | undefined): string =>
  data?.taskId ? alertDetailPath(data.taskId) : '/alerts';

/** "A push received more than 30 s after creation is logged as delayed." */
export const isDelayedPush = (notificationCreateTime: number, now: number): boolean =>
  now - notificationCreateTime > PUSH_DELAY_WARNING_MS;

/** The notification tag: one per task, so a repeat replaces the notification of the same alert. */
export const notificationTag = (data: { taskId: string | null; messageRid: string }): string =>
  data.taskId ? `task-${data.taskId}` : `message-${data.messageRid}`;

/** A VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function applicationServerKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this server key (a changed VAPID key needs a new subscription). */
export function sameServerKey(
  subscriptionKey: ArrayBuffer | null | undefined,
  serverKey: Uint8Array,
): boolean {
  if (!subscriptionKey) return true; // the browser does not say: keep it
  const a = new Uint8Array(subscriptionKey);
  return a.length === serverKey.length && a.every((byte, i) => byte === serverKey[i]);
}

/**
 * The browser refused the push subscription (no push service, or the permission withdrawn at the system level):
 * a state of this phone, which the app shows (the Allow notifications drawer, Notification Settings), not an
 * error of the app. It goes to the console only, not to the server's error log, which every page load of such a
 * browser would otherwise fill up to the reports' rate limit (decision 0740).
 */
export const isPushRefusedByBrowser = (error: unknown): boolean =>
  typeof DOMException !== 'undefined' &&
  error instanceof DOMException &&
  (error.name === 'AbortError' || error.name === 'NotAllowedError');
