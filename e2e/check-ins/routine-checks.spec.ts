import { expect, test } from '@playwright/test';
import { signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { CHECK_IN_COMMUNITY as C } from '../stack/facts';

/** Routine checks turned on and off per resident by management (decision 0234), on a 360 px phone. */

let tokens: Tokens;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  tokens = await signInThroughApi(request, C.managerPhone);
});

test('[ROUTINE-CHECK][SETTINGS]: a manager turns routine checks on for a resident and off again, from Manage', async ({
  page,
}) => {
  await useSession(page, tokens);
  await page.goto('/manage');
  await page.getByRole('link', { name: 'Routine Checks' }).click();
  await expect(page).toHaveURL(/\/manage\/routine-checks$/);
  // The test community's interval (factories: 120 minutes).
  await expect(page.getByText('Routine check every 120 minutes')).toBeVisible();

  const dorothy = page.getByRole('switch', { name: /^Routine checks for Dorothy Keane-commons$/ });
  // A retry against the same stack starts from off.
  if (await dorothy.isChecked()) {
    await dorothy.click({ force: true });
    await expect(dorothy).not.toBeChecked();
  }
  await dorothy.click({ force: true });
  await expect(page.getByText('Routine checks on').first()).toBeVisible();
  await expect(dorothy).toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('switch', { name: /^Routine checks for Dorothy Keane-commons$/ }),
  ).toBeChecked();

  await page.getByRole('button', { name: 'All off' }).click();
  await expect(page.getByText(/^Routine checks off for \d+ residents$/).first()).toBeVisible();
  await expect(
    page.getByRole('switch', { name: /^Routine checks for Dorothy Keane-commons$/ }),
  ).not.toBeChecked();
});
