/*
 * Service worker of the Sage Care web app: browser push notifications (sign-in doc sections 4, 8, 9;
 * docs/decisions/0063, 0064). Plain JavaScript served as is at the root scope (/sw.js). Its constants mirror
 * the contract's (src/features/notifications/push/push-rules.test.ts checks that they agree).
 *
 * push: parse the payload, report RECEIVED, show the notification (one per task: a repeat replaces it),
 * report SHOWN; a push more than 30 s old is logged as delayed. The reports carry the push's receipt token
 * (no access token here: the service worker cannot read the page's and runs when no page is open).
 * notificationclick: focus an open window of the app and send it to the alert, or open one.
 * Failures are only logged; unknown message types are logged as warnings.
 */
const MESSAGE_ORCHESTRATION_BASE = '/messageorchestration/api/v1';
const PUSH_RECEIPT_HEADER = 'x-sage-push-receipt';
const PUSH_DELAY_WARNING_MS = 30000;
const NAVIGATE_MESSAGE = 'sage:navigate';
const LOG = '[sage sw]';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload as the server sends it (ZPushPayloadSchema), or null. */
function readPayload(event) {
  if (!event.data) return null;
  let payload;
  try {
    payload = event.data.json();
  } catch (error) {
    console.error(LOG, 'push payload is not JSON', error);
    return null;
  }
  const data = payload?.data;
  if (
    !data ||
    typeof payload.title !== 'string' ||
    typeof data.messageRid !== 'string' ||
    typeof data.messageSentRid !== 'string'
  ) {
    console.warn(LOG, 'unknown push message', payload);
    return null;
  }
  return payload;
}

/** PUT the delivery status with the push's receipt token; failures are only logged. */
async function reportStatus(payload, status) {
  const { messageRid, messageSentRid } = payload.data;
  const url =
    `${MESSAGE_ORCHESTRATION_BASE}/messages/${encodeURIComponent(messageRid)}/messagesSent` +
    `?messageSentRid=${encodeURIComponent(messageSentRid)}`;
  try {
    const response = await fetch(url, {
      method: 'PUT',
      credentials: 'omit',
      headers: {
        'content-type': 'application/json',
        ...(payload.receiptToken ? { [PUSH_RECEIPT_HEADER]: payload.receiptToken } : {}),
      },
      body: JSON.stringify({ status, statusTimestamp: Date.now() }),
    });
    // Read to its end: an unread reply holds its connection open (and DevTools never sees the request end).
    await response.arrayBuffer();
    if (!response.ok)
      console.error(LOG, `delivery status ${status} refused (${response.status})`, messageSentRid);
  } catch (error) {
    console.error(LOG, `delivery status ${status} failed`, error);
  }
}

const notificationTag = (data) => (data.taskId ? `task-${data.taskId}` : `message-${data.messageRid}`);

async function handlePush(event) {
  const payload = readPayload(event);
  if (!payload) return;
  const { data } = payload;
  const age = Date.now() - data.notificationCreateTime;
  if (age > PUSH_DELAY_WARNING_MS) {
    console.warn(LOG, `push delayed: received ${Math.round(age / 1000)} s after creation`, {
      messageRid: data.messageRid,
      messageSentRid: data.messageSentRid,
      taskId: data.taskId,
    });
  }
  await reportStatus(payload, 'RECEIVED');
  try {
    await self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: notificationTag(data),
      renotify: true,
      data,
    });
  } catch (error) {
    console.error(LOG, 'could not show the notification', error);
    return;
  }
  await reportStatus(payload, 'SHOWN');
}

self.addEventListener('push', (event) => {
  event.waitUntil(handlePush(event).catch((error) => console.error(LOG, 'push failed', error)));
});

const clickPath = (data) => (data?.taskId ? `/alerts/alert/${encodeURIComponent(data.taskId)}` : '/alerts');

async function openApp(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // The app navigates inside the page (no reload); see the notifications feature's service worker listener.
    // Focusing is only allowed while handling the click; navigating does not depend on it.
    await open.focus().catch((error) => console.warn(LOG, 'could not focus the window', error));
    open.postMessage({ type: NAVIGATE_MESSAGE, path });
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    openApp(clickPath(event.notification.data)).catch((error) =>
      console.error(LOG, 'notification click failed', error),
    ),
  );
});

self.addEventListener('message', (event) => {
  const type = event.data?.type;
  switch (type) {
    case 'sage:skip-waiting':
      self.skipWaiting();
      break;
    default:
      console.warn(LOG, 'unknown message type', type);
  }
});
