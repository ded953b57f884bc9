import type { APIRequestContext, Request } from '@playwright/test';
import {
  MessageDeliveryStatus,
  NotificationMessages,
  PUSH_RECEIPT_HEADER,
  SERVICE_BASE_PATHS,
  STAFF_PROFILE_PATHS,
  WEB_PUSH_SUBSCRIPTIONS_PATH,
} from '@sage/contract';
import { authHeaders, expect, pressButton, type Tokens, test, useSession } from '../alerts/fixtures';
import { startTestPushService, type TestPushService, withLoopbackPush } from './push-service';

/**
 * Browser push end to end (sign-in doc sections 2, 4, 8, 9): the Allow notifications drawer, the app's
 * subscription recorded by the real API, a pendant press escalated by the real worker as a real encrypted web
 * push, the real service worker showing it and reporting RECEIVED and SHOWN with the push's receipt token.
 * Only the browser's push transport is replaced (docs/decisions/0064): headless Chromium has no reachable
 * push service, so PushManager.subscribe/getSubscription return a subscription at the test's loopback push
 * service, which decrypts what the worker sends; the test hands the decrypted payload to the service worker
 * through the DevTools protocol (ServiceWorker.deliverPushMessage), as the browser's push stack would.
 */

/** AL 111, Helen Jacobs: in the demo caregiver's care zones and pressed by no other test. */
const PENDANT = 'PENDANT-0016';
const RESIDENT = /Helen.*Jacobs/;

const admin = (path: string) => `${SERVICE_BASE_PATHS.admin}${path}`;
const messaging = (path: string) => `${SERVICE_BASE_PATHS.messageOrchestration}${path}`;
const auth = authHeaders;

interface PushPayload {
  title: string;
  body: string;
  data: {
    isCheckIn: boolean;
    taskId: string | null;
    taskSeverity: string | null;
    messageRid: string;
    messageSentRid: string;
    notificationCreateTime: number;
  };
  receiptToken: string;
}

/**
 * On shift (the demo policy notifies care staff on shift at once), with the computer as the device. No spec
 * edits the demo policy (the policy editor's test edits Juniper Hall's): an edit made while this test ran
 * moved its first step to minutes later, and the push it waits for never came.
 */
async function goOnShift(request: APIRequestContext, caregiver: Tokens): Promise<void> {
  const profiles = await request.get(admin(STAFF_PROFILE_PATHS.profiles), { headers: auth(caregiver) });
  expect(profiles.ok()).toBe(true);
  const [profile] = (await profiles.json()) as { facilities: { id: string }[] }[];
  const facilityId = profile?.facilities[0]?.id as string;
  const onCall = await request.post(admin(STAFF_PROFILE_PATHS.onCall(caregiver.staffMemberId, facilityId)), {
    headers: auth(caregiver),
    data: { isOnCall: true, deviceType: 'COMPUTER' },
  });
  expect(onCall.ok(), await onCall.text()).toBe(true);
}

let push: TestPushService;
test.beforeAll(async () => {
  push = await startTestPushService();
});
test.afterAll(async ({ request, caregiver }) => {
  // Whatever happened above, the caregiver's record of this push service goes with it: a record left behind
  // would have every later alert of the run push to a closed port (ECONNREFUSED in the worker's log).
  if (push) {
    const forgotten = await request.delete(messaging(WEB_PUSH_SUBSCRIPTIONS_PATH), {
      headers: auth(caregiver),
      params: { recipientIds: caregiver.staffMemberId, endpoints: push.subscription.endpoint },
    });
    expect(forgotten.ok(), await forgotten.text()).toBe(true);
  }
  await push?.close();
});

test('[NOTIFICATIONS][PUSH]: Allow notifications, subscription recorded, a press arrives as a push the service worker shows and reports', async ({
  page,
  context,
  request,
  caregiver,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL as string).origin;
  // Permission not asked yet (the specs start with it granted: playwright.config.ts).
  await context.clearPermissions();
  await goOnShift(request, caregiver);
  await useSession(page, caregiver);
  // The browser's push transport only: a subscription at the test's push service.
  await withLoopbackPush(page, push.subscription);

  // Service worker requests (the delivery reports) are seen by the context.
  const reports: { request: Request; status: number; reply: unknown }[] = [];
  context.on('requestfinished', async (req) => {
    if (!req.url().includes('/messagesSent')) return;
    const response = await req.response();
    reports.push({
      request: req,
      status: response?.status() ?? 0,
      reply: await response?.json().catch(() => null),
    });
  });

  // Signed in, permission not asked yet: the drawer explains, and tapping outside does not dismiss it.
  await page.goto('/dashboard');
  const drawer = page.getByRole('dialog').filter({ hasText: NotificationMessages.allowNotificationsText });
  await expect(drawer).toBeVisible({ timeout: 15_000 });
  await expect(drawer.getByText(NotificationMessages.allowNotificationsText)).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await page.mouse.click(180, 40);
  await expect(drawer).toBeVisible();

  // Got It asks the browser; the person allows (granted here, as Chromium's prompt cannot be clicked).
  await context.grantPermissions(['notifications'], { origin });
  const recorded = page.waitForResponse(
    (r) => r.url().includes(WEB_PUSH_SUBSCRIPTIONS_PATH) && r.request().method() === 'PUT',
  );
  await drawer.getByRole('button', { name: 'Got It' }).click();
  await expect(drawer).toBeHidden();
  const put = await recorded;
  expect(put.status()).toBe(200);
  const putBody = put.request().postDataJSON() as Record<string, unknown>;
  expect(putBody).toMatchObject({
    recipientId: caregiver.staffMemberId,
    endpoint: push.subscription.endpoint,
    keys: push.subscription.keys,
  });
  // "Default subscription expiry when the login token has none: 8 [hours] from now."
  expect(putBody.expirationTime as number).toBeGreaterThan(Date.now() + 7.9 * 3_600_000);
  expect(putBody.expirationTime as number).toBeLessThan(Date.now() + 8.1 * 3_600_000);
  const stored = await request.get(messaging(WEB_PUSH_SUBSCRIPTIONS_PATH), {
    headers: auth(caregiver),
    params: { endpoints: push.subscription.endpoint },
  });
  expect((await stored.json()) as unknown[]).toEqual([
    expect.objectContaining({ recipientId: caregiver.staffMemberId, endpoint: push.subscription.endpoint }),
  ]);

  // The real service worker, registered at the root scope (served as JavaScript, not the app's index.html).
  const script = await request.get('/sw.js', { headers: { accept: 'text/html,*/*' } });
  expect(script.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  const sw = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  expect(sw.url()).toBe(`${origin}/sw.js`);
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) registrations.set(r.registrationId, r);
  });
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => [...registrations.values()].find((r) => r.scopeURL === `${origin}/` && !r.isDeleted))
    .toBeTruthy();
  const registrationId = [...registrations.values()].find((r) => r.scopeURL === `${origin}/`)
    ?.registrationId as string;

  // A pendant press: the worker's escalation (first block at 0 ms) pushes to the caregiver's subscription.
  const pressedAt = Date.now();
  await pressButton(request, PENDANT);
  let payload: PushPayload | undefined;
  await expect
    .poll(
      () => {
        payload = push.received
          .map((r) => r.payload as PushPayload)
          .find((p) => RESIDENT.test(p.title) && p.data.notificationCreateTime >= pressedAt - 1_000);
        return payload;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const pushed = payload as PushPayload;
  expect(pushed).toEqual({
    title: expect.stringMatching(RESIDENT),
    body: expect.stringContaining('nobody has claimed it yet'),
    data: {
      isCheckIn: false,
      taskId: expect.any(String),
      taskSeverity: expect.any(String),
      messageRid: expect.any(String),
      messageSentRid: expect.any(String),
      notificationCreateTime: expect.any(Number),
    },
    receiptToken: expect.stringMatching(/^[\w-]{43}$/),
  });
  expect(pushed.data.notificationCreateTime).toBeLessThanOrEqual(Date.now());

  // The browser's push stack hands the decrypted message to the service worker.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify(pushed),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as { taskId: string | null },
      })),
    );
  await expect.poll(shown, { timeout: 10_000 }).toContainEqual({
    title: pushed.title,
    body: pushed.body,
    tag: `task-${pushed.data.taskId}`,
    data: expect.objectContaining({ taskId: pushed.data.taskId, messageSentRid: pushed.data.messageSentRid }),
  });

  // RECEIVED, then SHOWN, reported with the receipt token (no bearer token) and recorded by the server.
  await expect.poll(() => reports.length, { timeout: 10_000 }).toBe(2);
  for (const [i, status] of [MessageDeliveryStatus.RECEIVED, MessageDeliveryStatus.SHOWN].entries()) {
    const report = reports[i]!;
    expect(report.request.url()).toContain(
      `/messages/${pushed.data.messageRid}/messagesSent?messageSentRid=${pushed.data.messageSentRid}`,
    );
    const headers = await report.request.allHeaders();
    expect(headers[PUSH_RECEIPT_HEADER]).toBe(pushed.receiptToken);
    expect(headers.authorization).toBeUndefined();
    expect(report.request.postDataJSON()).toEqual({ status, statusTimestamp: expect.any(Number) });
    expect(report.status).toBe(200);
    expect(report.reply).toMatchObject({
      messageSentRid: pushed.data.messageSentRid,
      status,
      unchanged: false,
    });
  }

  // A click on the notification: the service worker's own click handler, given the shown notification (a
  // real click on a system notification cannot be made headless), sends the open window to the alert.
  await sw.evaluate(async (tag) => {
    const [notification] = await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications({
      tag,
    });
    if (!notification) throw new Error('no notification');
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  }, `task-${pushed.data.taskId}`);
  await expect(page).toHaveURL(new RegExp(`/alerts/alert/${pushed.data.taskId}$`));
  await expect.poll(shown).not.toContainEqual(expect.objectContaining({ tag: `task-${pushed.data.taskId}` }));

  // A repeat of the alert's push arriving late: logged as delayed, and it replaces the alert's notification.
  const swConsole: string[] = [];
  sw.on('console', (message) => swConsole.push(`${message.type()} ${message.text()}`));
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({
      ...pushed,
      data: { ...pushed.data, notificationCreateTime: Date.now() - 45_000 },
    }),
  });
  await expect
    .poll(() => swConsole.find((line) => line.includes('push delayed')), { timeout: 10_000 })
    .toMatch(/^warning .*push delayed: received 4[5-9] s after creation/);
  await expect
    .poll(async () => (await shown()).filter((n) => n.tag === `task-${pushed.data.taskId}`).length)
    .toBe(1);
  // An unknown message type sent to the service worker is logged as a warning.
  await page.evaluate(async () =>
    (await navigator.serviceWorker.ready).active?.postMessage({ type: 'mystery-message' }),
  );
  await expect
    .poll(() => swConsole.find((line) => line.includes('unknown message type')))
    .toMatch(/^warning .*unknown message type mystery-message/);

  // Leave no open alert (a repeat of the test presses again).
  const claimed = await request.put(admin(`/tasks/${pushed.data.taskId}`), {
    headers: auth(caregiver),
    data: { status: 'OPEN_CLAIMED' },
  });
  expect(claimed.ok(), await claimed.text()).toBe(true);
  const resolved = await request.put(admin(`/tasks/${pushed.data.taskId}/resolve`), {
    headers: auth(caregiver),
    data: {
      alertOutcomeType: 'TEST_ALERT',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'NON_EMERGENCY_FOUND_DEVICE' }],
    },
  });
  expect(resolved.ok(), await resolved.text()).toBe(true);
  // The caregiver taps Log Out: while still signed in the app has the server forget this phone's record,
  // then ends the browser's subscription, so no push goes to a phone nobody is signed in on. (The session's
  // end on the server is tested with sign-in; here it is answered locally, as other tests in this worker
  // still use the caregiver's refresh token.)
  await page.route('**/auth/api/v1/logout', (route) => route.fulfill({ status: 204 }));
  const forgotten = page.waitForRequest(
    (r) => r.url().includes(WEB_PUSH_SUBSCRIPTIONS_PATH) && r.method() === 'DELETE',
  );
  // Each start of the app records the subscription again (decision 0065): that done, the person logs out.
  const rerecorded = page.waitForResponse(
    (r) => r.url().includes(WEB_PUSH_SUBSCRIPTIONS_PATH) && r.request().method() === 'PUT',
  );
  await page.goto('/dashboard');
  expect((await rerecorded).status()).toBe(200);
  await page.getByRole('button', { name: 'Log Out' }).click();
  const forget = new URL((await forgotten).url());
  expect(forget.searchParams.getAll('recipientIds')).toEqual([caregiver.staffMemberId]);
  expect(forget.searchParams.getAll('endpoints')).toEqual([push.subscription.endpoint]);
  await expect(page).toHaveURL(/\/authenticate/);
  const after = await request.get(messaging(WEB_PUSH_SUBSCRIPTIONS_PATH), {
    headers: auth(caregiver),
    params: { endpoints: push.subscription.endpoint },
  });
  expect(after.ok()).toBe(true);
  expect((await after.json()) as unknown[]).toEqual([]);
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return (await registration?.pushManager.getSubscription()) ?? null;
    }),
  ).toBeNull();
});
