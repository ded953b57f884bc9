import { test } from '@playwright/test';
test('shot', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome to Sage Care' }).waitFor();
  await page.screenshot({ path: '/tmp/web-login-360.png', fullPage: true });
  await page.evaluate(() => {
    localStorage.setItem('sage.accessToken', 'x');
    localStorage.setItem('sage.staffMemberId', 'sm-1');
  });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.screenshot({ path: '/tmp/web-dashboard-360.png', fullPage: true });
  await page.goto('/nowhere');
  await page.waitForURL(/\/dashboard$/);
});
