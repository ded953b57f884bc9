import { SERVICE_WORKER_URL } from '@sage/contract';
import { navigateTo } from '../../../shared/navigation';
import { pushApi } from './push-api';
import {
  applicationServerKeyBytes,
  recordedExpiry,
  sameServerKey,
  shouldRecordSubscription,
} from './push-rules';

/** The message the service worker sends an open window after a notification click (public/sw.js). */
export const SW_NAVIGATE_MESSAGE = 'sage:navigate';

/** The browser's push subscription of the app's service worker, if there is one (no registration made). */
export async function existingBrowserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Ends this browser's push subscription, if it has one. */
export async function unsubscribeBrowser(): Promise<void> {
  await (await existingBrowserSubscription())?.unsubscribe();
}

/**
 * The person signs out: the server forgets their record of this browser's endpoint (so no push is sent to
 * it any more), then the browser's subscription ends.
 */
export async function forgetPushSubscription(staffMemberId: string): Promise<void> {
  const subscription = await existingBrowserSubscription();
  if (!subscription) return;
  await pushApi.forget(staffMemberId, subscription.endpoint);
  await subscription.unsubscribe();
}

/** Registers the service worker (root scope) and waits until it is active. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

export type EnsureResult = 'recorded' | 'already-recorded';

/**
 * Permission granted: registers the service worker, gets or creates the push subscription with the server's
 * VAPID public key (a subscription made with another key is replaced), and records it on the server when the
 * server has none for this endpoint or the stored one expires within 1 day (sign-in doc section 4).
 */
export async function ensurePushSubscription(staffMemberId: string, now = Date.now): Promise<EnsureResult> {
  const registration = await registerServiceWorker();
  const serverKey = applicationServerKeyBytes(await pushApi.vapidPublicKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameServerKey(subscription.options?.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  const json = subscription.toJSON();
  const endpoint = json.endpoint ?? subscription.endpoint;
  const stored = (await pushApi.subscriptions([endpoint])).find((s) => s.endpoint === endpoint);
  if (!shouldRecordSubscription(stored, now())) return 'already-recorded';
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!p256dh || !auth) throw new Error('The push subscription has no keys');
  await pushApi.record({
    recipientId: staffMemberId,
    endpoint,
    keys: { p256dh, auth },
    expirationTime: recordedExpiry(subscription.expirationTime, now()),
  });
  return 'recorded';
}

/**
 * Listens for the service worker's messages: a notification click navigates inside the app; unknown
 * message types are logged as warnings. Returns the cleanup.
 */
export function listenToServiceWorker(): () => void {
  const container = navigator.serviceWorker;
  const onMessage = (event: MessageEvent) => {
    const message = event.data as { type?: unknown; path?: unknown } | null;
    if (message?.type === SW_NAVIGATE_MESSAGE && typeof message.path === 'string') {
      navigateTo(message.path);
      return;
    }
    console.warn('[sage] unknown service worker message type', message?.type);
  };
  container.addEventListener('message', onMessage);
  container.startMessages();
  return () => container.removeEventListener('message', onMessage);
}
