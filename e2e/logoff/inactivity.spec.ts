import { type APIRequestContext, expect, test } from '@playwright/test';
import { LOGOFF_COMMUNITY } from '../stack/facts';

/**
 * Automatic logoff (decision 0142) through the real app: a caregiver of a community whose limit is 1 minute
 * signs in on the login page; the browser's clock is Playwright's, moved forward instead of waited on.
 */

async function codeSentTo(request: APIRequestContext, to: string, newerThan: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/api/v1/outbox?to=${encodeURIComponent(to)}`);
        const [newest] = (await res.json()) as { body: string; createdAt: string }[];
        if (!newest || newest.createdAt <= newerThan) return null;
        code = newest.body.match(/\b(\d{6})\b/)?.[1];
        return code ?? null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as string;
}

test('[AUTH][LOGOFF]: the app signs out after the community limit without use, to the login page with "Session Timed Out"', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await page.goto('/authenticate');
  const startedAt = new Date(Date.now() - 1_000).toISOString();
  await page.getByLabel('Phone number').fill(LOGOFF_COMMUNITY.caregiverPhone.slice(2));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await page
    .getByLabel('Digit 1 of 6')
    .fill(await codeSentTo(request, LOGOFF_COMMUNITY.caregiverPhone, startedAt));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile\/shift\?fromLogin=true$/);
  await expect(page.getByRole('heading', { name: 'Working In' })).toBeVisible();

  // The server told the app this person's limit with the tokens.
  expect(await page.evaluate(() => localStorage.getItem('sage.inactivityLogoffSeconds'))).toBe(
    String(LOGOFF_COMMUNITY.inactivityLogoffMinutes * 60),
  );

  // Used within the limit: still signed in after more than a minute in all.
  await page.clock.fastForward('00:40');
  await page.keyboard.press('Shift');
  await page.clock.fastForward('00:40');
  // (A timed-out session is forgotten in the timer's own callback: the tokens would be gone by now.)
  expect(await page.evaluate(() => localStorage.getItem('sage.accessToken'))).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'Working In' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/shift/);
  const refreshToken = await page.evaluate(() => localStorage.getItem('sage.refreshToken'));
  expect(refreshToken).toBeTruthy();

  // A minute without a touch or a key: signed out, with the spec's reason and dialog.
  await page.clock.fastForward('01:05');
  await expect(page).toHaveURL(/\/authenticate\?logoutReason=session-expired$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Session Timed Out')).toBeVisible();
  await expect(
    dialog.getByText('Your session has timed out, please log in again to continue using the app.'),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sage.accessToken'))).toBeNull();
  // The session is over on the server too: its refresh token no longer works.
  await expect
    .poll(async () => (await request.post('/auth/api/v1/token', { data: { refreshToken } })).status())
    .toBe(401);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
});
