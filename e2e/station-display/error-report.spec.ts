import { expect, test } from '@playwright/test';
import { sharedSession, type Tokens, useSession } from '../alerts/fixtures';
import { STATION_COMMUNITY } from '../stack/facts';

/**
 * Issue #15: errors of the web app reach the server (POST /auth/api/v1/clientErrors, logged there with the
 * session: docs/decisions/0374), signed in or not, without the page's query string or text.
 */
test.use({ viewport: { width: 360, height: 740 } });

const isReport = (url: string) => url.endsWith('/auth/api/v1/clientErrors');

test('[ERRORS][REPORT]: an error thrown on the sign-in page is reported, without the query string', async ({
  page,
}) => {
  await page.goto('/authenticate?resident=Margaret%20Hale');
  await expect(page.getByRole('button').first()).toBeVisible();
  const reported = page.waitForResponse(
    (response) =>
      isReport(response.url()) &&
      (response.request().postDataJSON() as { message?: string } | null)?.message === 'e2e window error',
  );
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e window error');
    }, 0);
  });
  const response = await reported;
  expect(response.status()).toBe(202);
  const body = response.request().postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ source: 'WINDOW_ERROR', message: 'e2e window error', path: '/authenticate' });
  expect(JSON.stringify(body)).not.toContain('Margaret');
  expect(response.request().headers().authorization).toBeUndefined();
});

test('[ERRORS][REPORT]: an unhandled rejection of a signed-in page is reported with the session', async ({
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(90_000);
  const { baseURL } = testInfo.project.use;
  const request = await playwright.request.newContext({ baseURL });
  // The station manager's session of station-display.spec.ts: a sign-in of its own would meet the one-code-
  // per-number limit while that spec (on the other worker) has just signed in, and wait out its 30 s.
  const manager: Tokens = await sharedSession(
    request,
    baseURL,
    'station-manager',
    STATION_COMMUNITY.managerPhone,
  );
  await request.dispose();
  await useSession(page, manager);
  await page.goto('/manage/station-displays');
  await expect(page.getByRole('button', { name: 'Pair a display' })).toBeVisible();
  // This report, not another error the page reports meanwhile (headless Chromium refuses the push subscription).
  const reported = page.waitForResponse(
    (response) =>
      isReport(response.url()) &&
      (response.request().postDataJSON() as { message?: string } | null)?.message ===
        'e2e unhandled rejection',
  );
  await page.evaluate(() => {
    void Promise.reject(new Error('e2e unhandled rejection'));
  });
  const response = await reported;
  expect(response.status()).toBe(202);
  expect(response.request().postDataJSON()).toMatchObject({
    source: 'UNHANDLED_REJECTION',
    message: 'e2e unhandled rejection',
    path: '/manage/station-displays',
  });
  expect(response.request().headers().authorization).toBe(`Bearer ${manager.accessToken}`);
  expect(response.request().headers()['x-sage-profile-rid']).toBe(manager.staffMemberId);
});
