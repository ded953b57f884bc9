import { expect, test } from '@playwright/test';

test.describe('[SHELL][SMOKE]', () => {
  test('[SHELL][SMOKE]: the app opens in Chromium', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/authenticate$/);
    await expect(page).toHaveTitle('Sage Care');
    await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
    await expect(page.getByText('Enter your phone number below to continue.')).toBeVisible();
  });

  test('[SHELL][SMOKE]: a deep link while signed out lands on the login page', async ({ page }) => {
    await page.goto('/residents/resident/some-resident');
    await expect(page).toHaveURL(/\/authenticate$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
  });

  test('[SHELL][SMOKE]: the dashboard needs a session', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/authenticate$/);
  });
});
