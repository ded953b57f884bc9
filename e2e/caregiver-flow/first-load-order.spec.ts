import type { Page, Request } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';

/**
 * What a signed-in reload of the dashboard fetches together rather than one level after another (decision 0950;
 * Lighthouse, issue #32). Each test holds one reply back and checks that what the page needs next is already asked
 * for meanwhile: without the change it is asked for only once that reply is in, and the wait for it fails. No
 * timing is measured (speed is the benchmark's: docs/benchmarks.md).
 */

test.use(PHONE);

/** Holds back the browser's requests matching `pattern` until `release()`. */
async function holdBack(page: Page, pattern: RegExp): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Resolves with the first request matching `pattern` the page makes from now on. */
function nextRequest(page: Page, pattern: RegExp): Promise<Request> {
  return page.waitForRequest((request) => pattern.test(new URL(request.url()).pathname));
}

/** The drawers' chunk of Allow notifications (app/drawer-registry.ts) and the facility's read (use-web-push.ts). */
const PUSH_DRAWERS_CHUNK = /\/assets\/push-drawers-[\w-]+\.js$/;
const ENTERPRISE_PROFILES = /\/admin\/api\/v1\/staff\/profiles$/;

test("[CAREGIVER-FLOW][FIRST-LOAD]: the Allow notifications drawer's code is fetched while the facility is read, and the drawer opens with the reply", async ({
  emilyPage: page,
  context,
}) => {
  // As on a phone signing in for the first time: the permission not asked yet (the specs start with it granted:
  // playwright.config.ts), so the Allow notifications drawer is due.
  await context.clearPermissions();
  const facility = await holdBack(page, ENTERPRISE_PROFILES);
  const drawerCode = nextRequest(page, PUSH_DRAWERS_CHUNK);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Search Resident' })).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  // The facility decides whether the drawer opens (push allowed there): its reply is still held back.
  await drawerCode;
  await expect(page.getByRole('dialog')).toHaveCount(0);

  facility.release();
  const allow = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: 'Allow notifications' }) });
  await expect(allow).toBeVisible();
  await expect(allow.getByRole('button', { name: 'Got It' })).toBeInViewport({ ratio: 1 });
});

test("[CAREGIVER-FLOW][FIRST-LOAD]: notifications allowed, a reload of the dashboard fetches no drawer's code", async ({
  emilyPage: page,
}) => {
  const drawerCode: string[] = [];
  page.on('request', (request) => {
    if (PUSH_DRAWERS_CHUNK.test(new URL(request.url()).pathname)) drawerCode.push(request.url());
  });
  await page.goto('/dashboard');
  await expect(
    page.getByRole('list', { name: 'Open alerts in my care zones' }).getByRole('listitem').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(drawerCode).toEqual([]);
});

test("[CAREGIVER-FLOW][FIRST-LOAD]: the dashboard's messages are fetched with its code, not once it has run", async ({
  emilyPage: page,
}) => {
  // The page's module held back; its messages (virtual:messages/en/dashboard, a chunk of its own) asked for
  // meanwhile. The page module's file is dashboard-page-<hash>.js, the messages' dashboard-<hash>.js.
  const pageCode = await holdBack(page, /\/assets\/dashboard-page-[\w-]+\.js$/);
  const messages = nextRequest(page, /\/assets\/dashboard-(?!page-)[\w-]+\.js$/);
  await page.goto('/dashboard');
  await messages;

  pageCode.release();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search Resident' })).toBeVisible();
});
