import type { Page } from '@playwright/test';
import { signInThroughApi, useSession } from '../alerts/fixtures';
import { expect, PHONE, test } from './fixtures';

/** Luis Herrera (demo seed, staff 8): a CNA no other spec signs in; his phone texted START to no number. */
const LUIS = '+14155550108';

test.use(PHONE);

/** Records, in order, each drawer heading that appears, and whether any drawer showed on the dashboard. */
async function watchDrawers(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { drawerHeadings: string[]; drawerOnDashboard: string[] };
    w.drawerHeadings = [];
    w.drawerOnDashboard = [];
    const look = () => {
      for (const heading of document.querySelectorAll('[role="dialog"] h2')) {
        const text = heading.textContent ?? '';
        if (w.drawerHeadings.at(-1) !== text) w.drawerHeadings.push(text);
        if (location.pathname === '/dashboard') w.drawerOnDashboard.push(text);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

test('[CAREGIVER-FLOW][AFTER-SIGN-IN]: Working In, the device, Allow notifications and Text Message Alerts come one at a time, all before the dashboard', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  // A phone that has not answered the notification question yet (the specs start with it granted).
  await context.clearPermissions();
  await useSession(page, await signInThroughApi(request, LUIS));
  await watchDrawers(page);

  await page.goto('/profile/shift?fromLogin=true');
  const zones = page.getByRole('group', { name: 'Working In' }).getByRole('checkbox');
  await expect(zones.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nothing over 'Working In' while it is being answered.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  if (!(await zones.first().isChecked())) await zones.first().check();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();

  await page.getByRole('dialog').getByRole('radio', { name: 'Computer' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Select' }).click();

  // Still on the landing: the notification questions, one drawer at a time.
  const allow = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: 'Allow notifications' }) });
  await expect(allow).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/shift/);
  await allow.getByRole('button', { name: 'Got It' }).click();

  const textAlerts = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: 'Text Message Alerts' }) });
  await expect(textAlerts).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/shift/);
  await textAlerts.getByRole('button', { name: 'Skip' }).click();

  // Then the dashboard, calm.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const seen = await page.evaluate(() => {
    const w = window as unknown as { drawerHeadings: string[]; drawerOnDashboard: string[] };
    return { headings: w.drawerHeadings, onDashboard: w.drawerOnDashboard };
  });
  expect(seen.headings.filter((h) => h !== '')).toEqual([
    expect.stringMatching(/device/i),
    'Allow notifications',
    'Text Message Alerts',
  ]);
  expect(seen.onDashboard).toEqual([]);
});
