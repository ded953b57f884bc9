import path from 'node:path';
import type { Page } from '@playwright/test';
import { comeBackToTheApp, expect, NOTIFY_DEMO, screensDir, test, textFromPhone } from './fixtures';

const drawer = (page: Page) => page.getByRole('dialog');
const alertsNumber = (page: Page) => drawer(page).getByRole('group', { name: 'Alerts (415) 555-0190' });
const tasksNumber = (page: Page) => drawer(page).getByRole('group', { name: 'Tasks (415) 555-0191' });

test.describe('[NOTIFICATIONS][OPT-IN]', () => {
  test.afterEach(async ({ request, baseURL }) => {
    // Leave the demo caregiver as the seed made them (not subscribed), whatever happened above.
    for (const To of [NOTIFY_DEMO.alertsNumber, NOTIFY_DEMO.tasksNumber]) {
      await textFromPhone(request, baseURL ?? '', { From: NOTIFY_DEMO.caregiverPhone, To, Body: 'STOP' });
    }
  });

  test('[NOTIFICATIONS][OPT-IN]: texting START to both numbers turns Skip into Continue', async ({
    caregiverPage: page,
    request,
    baseURL,
  }) => {
    await page.goto('/profile/shift');
    await page.getByRole('button', { name: 'Text message alerts' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Text Message Alerts' })).toBeVisible();

    // Both sender numbers, formatted, not receiving messages; each with a Subscribe text-message link.
    for (const [row, number] of [
      [alertsNumber(page), NOTIFY_DEMO.alertsNumber],
      [tasksNumber(page), NOTIFY_DEMO.tasksNumber],
    ] as const) {
      await expect(row.getByText('Not receiving messages')).toBeVisible();
      await expect(row.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
        'href',
        `sms:${number}?&body=START`,
      );
    }
    await expect(drawer(page).getByRole('button', { name: 'Skip' })).toBeVisible();
    await page.screenshot({ path: path.join(screensDir, 'notifications-1-opt-in.png') });

    // The caregiver texts START to the alerts number from their phone, then comes back to the app.
    await textFromPhone(request, baseURL ?? '', {
      From: NOTIFY_DEMO.caregiverPhone,
      To: NOTIFY_DEMO.alertsNumber,
      Body: 'START',
    });
    await comeBackToTheApp(page);
    await expect(alertsNumber(page).getByText('Receiving messages', { exact: true })).toBeVisible();
    await expect(alertsNumber(page).getByRole('link', { name: 'Subscribe' })).toHaveCount(0);
    await expect(tasksNumber(page).getByText('Not receiving messages')).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Skip' })).toBeVisible();

    // And to the tasks number: both subscribed, the bottom button reads Continue.
    await textFromPhone(request, baseURL ?? '', {
      From: NOTIFY_DEMO.caregiverPhone,
      To: NOTIFY_DEMO.tasksNumber,
      Body: 'start',
    });
    await comeBackToTheApp(page);
    await expect(tasksNumber(page).getByText('Receiving messages', { exact: true })).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Continue' })).toBeVisible();
    await page.screenshot({ path: path.join(screensDir, 'notifications-2-opt-in-subscribed.png') });
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(drawer(page)).toHaveCount(0);
  });

  test('[NOTIFICATIONS][OPT-IN]: after sign-in the device choice leads to the drawer, once per sign-in', async ({
    managerPage: page,
  }) => {
    const chooseZonesAndDevice = async () => {
      await page.goto('/profile/shift?fromLogin=true');
      const zones = page.getByRole('group', { name: 'Working In' }).getByRole('checkbox');
      await expect(zones.first()).toBeVisible();
      let checked = 0;
      for (const zone of await zones.all()) if (await zone.isChecked()) checked += 1;
      if (checked === 0) await zones.first().check();
      await page.getByRole('button', { name: 'Confirm Selection' }).click();
      await drawer(page).getByRole('radio', { name: 'Computer' }).check();
      await drawer(page).getByRole('button', { name: 'Select' }).click();
    };

    await chooseZonesAndDevice();
    // Before the dashboard (decision 0186): the demo manager's phone texted START to neither number, so the
    // drawer is offered on the landing.
    await expect(drawer(page).getByRole('heading', { name: 'Text Message Alerts' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/shift/);
    await expect(alertsNumber(page).getByText('Not receiving messages')).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Skip' }).click();
    await expect(drawer(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The same sign-in through the landing again: the dashboard without the drawer.
    await chooseZonesAndDevice();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(drawer(page)).toHaveCount(0);
  });
});
