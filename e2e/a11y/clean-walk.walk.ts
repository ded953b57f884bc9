import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { SERVICE_BASE_PATHS, WEB_PUSH_SUBSCRIPTIONS_PATH } from '@sage/contract';
import { authHeaders, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { startTestPushService, type TestPushService, withLoopbackPush } from '../notifications/push-service';
import { A11Y_COMMUNITY } from '../stack/facts';
import { pressAtHazelRow } from './fixtures';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true } as const;

const drawer = (page: Page) => page.getByRole('dialog');
const openAlerts = (page: Page) => page.getByRole('list', { name: 'Open alerts in my care zones' });

/** Everything that went wrong in a browser context: console errors, uncaught errors, failed requests. */
function watchForTrouble(context: BrowserContext, who: string): string[] {
  const trouble: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`${who} console error: ${message.text()}`);
  });
  context.on('weberror', (error) => trouble.push(`${who} uncaught: ${error.error().message}`));
  context.on('requestfailed', (request) =>
    trouble.push(
      `${who} request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`,
    ),
  );
  context.on('response', (response) => {
    if (response.status() >= 400)
      trouble.push(`${who} ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return trouble;
}

test('[A11Y][CLEAN-WALK]: two staff, a press, claim, the bedside press, resolve, back to the dashboard: no console error, no failed request', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const [robin, alex] = await Promise.all([
    signInThroughApi(request, A11Y_COMMUNITY.secondCaregiverPhone),
    signInThroughApi(request, A11Y_COMMUNITY.careAdminPhone),
  ]);
  const contexts = await Promise.all([browser.newContext(PHONE), browser.newContext(PHONE)]);
  const [robinContext, alexContext] = contexts as [BrowserContext, BrowserContext];
  const trouble: string[] = [];
  const robinTrouble = watchForTrouble(robinContext, 'Robin');
  const alexTrouble = watchForTrouble(alexContext, 'Alex');
  const robinPage = await robinContext.newPage();
  const alexPage = await alexContext.newPage();
  await useSession(robinPage, robin);
  await useSession(alexPage, alex);
  // Each phone with its push service (a phone whose browser can take pushes, as staff phones are).
  const pushServices: TestPushService[] = await Promise.all([startTestPushService(), startTestPushService()]);
  const [robinPush, alexPush] = pushServices as [TestPushService, TestPushService];
  await withLoopbackPush(robinPage, robinPush.subscription);
  await withLoopbackPush(alexPage, alexPush.subscription);
  try {
    await walk();
  } finally {
    // The phones' subscriptions go with their push services: no later alert pushes to a closed port.
    await forget(request, robin, robinPush);
    await forget(request, alex, alexPush);
    await Promise.all(pushServices.map((p) => p.close()));
  }
  trouble.push(...robinTrouble, ...alexTrouble);
  expect(trouble).toEqual([]);
  await Promise.all(contexts.map((c) => c.close()));

  async function walk() {
    for (const page of [robinPage, alexPage]) {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Open Alerts' })).toBeVisible();
    }

    // A press of the resident's pendant: both dashboards show the alert live.
    await pressAtHazelRow(request, A11Y_COMMUNITY.walkPendant);
    for (const page of [robinPage, alexPage]) {
      await expect(
        openAlerts(page).getByRole('link').filter({ hasText: A11Y_COMMUNITY.walkUnit }),
      ).toBeVisible({
        timeout: 15_000,
      });
    }

    // Robin claims it; Alex sees it claimed.
    await openAlerts(robinPage).getByRole('link').filter({ hasText: A11Y_COMMUNITY.walkUnit }).click();
    await expect(robinPage).toHaveURL(/\/alerts\/alert\//);
    const taskId = robinPage.url().split('/').pop() as string;
    await robinPage.getByRole('button', { name: 'Claim' }).click();
    await expect(robinPage.getByTestId('task-status')).toHaveText('Open - claimed');
    await expect(alexPage.locator(`a[href="/alerts/alert/${taskId}"]`)).toContainText('Open - claimed', {
      timeout: 10_000,
    });

    // The bedside press confirms care; the care provided, no observation, no note: resolved.
    await robinPage.getByRole('button', { name: 'Confirm Care' }).click();
    await expect(drawer(robinPage).getByText('Press the resident pendant to continue')).toBeVisible();
    // Only a press after confirmation began counts: pressed once the server has it.
    await expect(robinPage.getByTestId('task-status')).toHaveText('Open - confirming care');
    await pressAtHazelRow(request, A11Y_COMMUNITY.walkPendant);
    await expect(drawer(robinPage).getByText('Confirmed!')).toBeVisible({ timeout: 15_000 });
    await expect(drawer(robinPage).getByRole('heading', { name: 'Select all care provided' })).toBeVisible();
    await drawer(robinPage).getByRole('checkbox', { name: 'Toileting' }).check();
    await drawer(robinPage).getByRole('button', { name: 'Select (1)' }).click();
    await drawer(robinPage).getByRole('button', { name: 'Skip' }).click();
    await expect(drawer(robinPage).getByRole('heading', { name: 'Additional Notes' })).toBeVisible();
    await drawer(robinPage).getByRole('button', { name: 'Submit' }).click();

    // Back on the dashboard; the alert has gone from both.
    await expect(robinPage).toHaveURL(/\/dashboard$/);
    await expect(
      robinPage.locator('.mantine-Notification-root').filter({ hasText: 'Task Resolved' }),
    ).toBeVisible();
    for (const page of [robinPage, alexPage]) {
      await expect(page.locator(`a[href="/alerts/alert/${taskId}"]`)).toHaveCount(0, { timeout: 10_000 });
      await page.waitForLoadState('networkidle');
    }
  }
});

async function forget(request: APIRequestContext, who: Tokens, push: TestPushService): Promise<void> {
  const response = await request.delete(
    `${SERVICE_BASE_PATHS.messageOrchestration}${WEB_PUSH_SUBSCRIPTIONS_PATH}`,
    {
      headers: authHeaders(who),
      params: { recipientIds: who.staffMemberId, endpoints: push.subscription.endpoint },
    },
  );
  expect(response.ok(), await response.text()).toBe(true);
}
