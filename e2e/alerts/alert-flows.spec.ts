import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, liveReady, PENDANTS, pressButton, screensDir, test, useSession } from './fixtures';

const screens = screensDir;
mkdirSync(screens, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screens, `${name}.png`) });

const openAlerts = (page: Page) => page.getByRole('list', { name: 'Open alerts in my care zones' });
const myAlerts = (page: Page) => page.getByRole('list', { name: 'My claimed alerts' });
const drawer = (page: Page) => page.getByRole('dialog');

test.describe('[ALERTS]', () => {
  test('[ALERTS][RESOLVE]: a pendant press appears live, is claimed, care is confirmed with a press, Bathing and Toileting, an observation and a note resolve it', async ({
    caregiverPage: page,
    request,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Open Alerts' })).toBeVisible();
    await expect(
      openAlerts(page).getByText('No open alerts').or(openAlerts(page).getByRole('link').first()),
    ).toBeVisible();

    // The press arrives without a reload.
    await pressButton(request, PENDANTS.mainFlow);
    const card = openAlerts(page).getByRole('link', { name: /Margaret.*Thompson needs assistance/ });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card).toContainText('AL 101');
    await shot(page, '1-dashboard-with-alert');

    await card.click();
    await expect(page).toHaveURL(/\/alerts\/alert\//);
    const taskId = page.url().split('/').pop() as string;
    await expect(page.getByTestId('task-status')).toHaveText('Open - unclaimed');
    await page.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('Open - claimed');
    await expect(page.getByText('claimed by me')).toBeVisible();
    await shot(page, '2-alert-detail-claimed');

    // Care confirmation: the pendant is pressed while the ring counts down.
    await page.getByRole('button', { name: 'Confirm Care' }).click();
    await expect(drawer(page).getByText('Press the resident pendant to continue')).toBeVisible();
    await expect(drawer(page).getByText('Make sure you hear a click and see a light')).toBeVisible();
    await expect(page.getByTestId('task-status')).toHaveText('Open - confirming care');
    await shot(page, '3-care-confirmation');
    await pressButton(request, PENDANTS.mainFlow);
    await expect(drawer(page).getByText('Confirmed!')).toBeVisible({ timeout: 10_000 });

    // After 2 s: the care provided.
    await expect(drawer(page).getByRole('heading', { name: 'Select all care provided' })).toBeVisible();
    const select = drawer(page).getByRole('button', { name: /^Select/ });
    await expect(select).toBeDisabled();
    await expect(drawer(page).getByRole('button', { name: 'Clear All' })).toBeDisabled();
    await drawer(page).getByRole('checkbox', { name: 'Bathing' }).check();
    await drawer(page).getByRole('checkbox', { name: 'Toileting' }).check();
    await expect(drawer(page).getByRole('button', { name: 'Select (2)' })).toBeEnabled();
    await shot(page, '4-resolution-care-provided');
    await drawer(page).getByRole('button', { name: 'Select (2)' }).click();

    // Observations for nurse follow-up.
    await expect(
      drawer(page).getByRole('heading', { name: 'Any new changes to escalate to Nurse?' }),
    ).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Skip' })).toBeVisible();
    await drawer(page).getByRole('checkbox', { name: 'Skin' }).check();
    await expect(drawer(page).getByRole('button', { name: 'Skip' })).toBeHidden();
    await expect(drawer(page).getByPlaceholder('Add details to help nurse follow-up')).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Select (1)' }).click();

    // Additional Notes, then resolve.
    await expect(drawer(page).getByRole('heading', { name: 'Additional Notes' })).toBeVisible();
    await drawer(page)
      .getByLabel('Enter notes here (optional)')
      .fill('Helped with a shower; resident in good spirits.');
    await expect(drawer(page).getByText('208 characters remaining')).toBeVisible();
    await shot(page, '5-resolution-notes');
    await drawer(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Task Resolved').or(page.getByText('Emergency Resolved'))).toBeVisible();
    // "/dashboard: default redirect after a successful submit" (alerts doc section 2).
    await expect(page).toHaveURL(/\/dashboard$/);
    await shot(page, '6-resolved');

    // The alert list: closed alerts show 'resolved by me'.
    await page.goto('/alerts');
    await page.getByText('Closed', { exact: true }).click();
    // This alert's card: the demo community also holds weeks of closed alerts (decision 0304), some of them
    // Margaret Thompson's, resolved by others.
    const resolved = page
      .getByRole('list', { name: 'closed alerts' })
      .locator(`a[href$="/alerts/alert/${taskId}"]`);
    await expect(resolved).toHaveAccessibleName(/Margaret.*Thompson needs assistance, Closed - resolved/);
    await expect(resolved).toContainText('resolved by me');
    await shot(page, '7-alerts-closed');
  });

  test('[ALERTS][NOTE]: a note is added with the limit helper texts', async ({
    caregiverPage: page,
    request,
  }) => {
    await pressButton(request, PENDANTS.note);
    await page.goto('/dashboard');
    const card = openAlerts(page)
      .getByRole('link', { name: /needs assistance/ })
      .filter({ hasText: 'AL 106' });
    await card.click();
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Add a Note' })).toBeVisible();
    const submit = drawer(page).getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await expect(drawer(page).getByText('255 characters remaining')).toBeVisible();
    const field = drawer(page).getByLabel('Enter notes here');
    await field.fill('x'.repeat(260));
    await expect(drawer(page).getByText('5 characters over the limit')).toBeVisible();
    await expect(submit).toBeDisabled();
    await field.fill('');
    await expect(drawer(page).getByText('This field is required')).toBeVisible();
    await expect(submit).toBeDisabled();
    await field.fill('Resident asked for water.');
    await expect(drawer(page).getByText('230 characters remaining')).toBeVisible();
    await submit.click();
    await expect(page.getByText('Note added successfully')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Notes' }).getByText('Resident asked for water.'),
    ).toBeVisible();
  });

  test('[ALERTS][TEST-ALERT]: a claimed alert resolved as a test alert needs no care confirmation', async ({
    caregiverPage: page,
    request,
  }) => {
    await pressButton(request, PENDANTS.testAlert);
    await page.goto('/dashboard');
    await openAlerts(page)
      .getByRole('link', { name: /needs assistance/ })
      .filter({ hasText: 'AL 109' })
      .click();
    await page.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('Open - claimed');
    await page.getByRole('button', { name: 'Resolve' }).click();
    await drawer(page).getByRole('checkbox', { name: 'Bathing' }).check();
    await drawer(page).getByRole('checkbox', { name: 'Test Alert' }).check();
    // Choosing the test alert clears the others.
    await expect(drawer(page).getByRole('checkbox', { name: 'Bathing' })).not.toBeChecked();
    await drawer(page).getByRole('button', { name: 'Select (1)' }).click();
    // No confirmation and no observations for a test alert: straight to Additional Notes.
    await expect(drawer(page).getByRole('heading', { name: 'Additional Notes' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/^(Task|Emergency) Resolved$/)).toBeVisible();
    // "/dashboard: default redirect after a successful submit" (alerts doc section 2).
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('[ALERTS][CONFIRM]: without a press, care confirmation ends with No press detected and Try Again', async ({
    caregiverPage: page,
    request,
  }) => {
    test.setTimeout(90_000);
    await pressButton(request, PENDANTS.timeout);
    await page.goto('/dashboard');
    await openAlerts(page)
      .getByRole('link', { name: /needs assistance/ })
      .filter({ hasText: 'AL 102' })
      .click();
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByRole('button', { name: 'Confirm Care' }).click();
    await expect(drawer(page).getByText('Press the resident pendant to continue')).toBeVisible();
    await expect(drawer(page).getByText('No press detected')).toBeVisible({ timeout: 40_000 });
    await expect(drawer(page).getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(page.getByTestId('task-status')).toHaveText('Open - claimed');
    // Try Again starts a new attempt; Cancel returns the alert to claimed.
    await drawer(page).getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('Open - confirming care');
    await drawer(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('Open - claimed');
  });

  test('[ALERTS][CLAIM]: a claim in one browser shows in another without a reload', async ({
    browser,
    caregiver,
    request,
  }) => {
    const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
    const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
    for (const page of [first, second]) {
      // Without the refresh token (useSession): two browsers refreshing one rotating token would end the session.
      await useSession(page!, caregiver);
      await page!.goto('/dashboard');
      await expect(page!.getByRole('heading', { name: 'Open Alerts' })).toBeVisible();
    }
    await pressButton(request, PENDANTS.twoContexts);
    const inOpen = (page: Page) =>
      openAlerts(page)
        .getByRole('link', { name: /needs assistance/ })
        .filter({ hasText: 'AL 104' });
    await expect(inOpen(first!)).toBeVisible({ timeout: 10_000 });
    await expect(inOpen(second!)).toBeVisible({ timeout: 10_000 });

    // The first claims it; the second browser's dashboard moves it to the claimed alerts without a reload.
    await inOpen(first!).click();
    await expect(first!).toHaveURL(/\/alerts\/alert\//);
    await first!.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(first!.getByTestId('task-status')).toHaveText('Open - claimed');
    const claimed = myAlerts(second!)
      .getByRole('link', { name: /Open - claimed/ })
      .filter({ hasText: 'AL 104' });
    await expect(claimed).toBeVisible({ timeout: 10_000 });
    await expect(inOpen(second!)).toBeHidden();

    // With the alert open in both, an unclaim in the first shows in the second without a reload.
    await claimed.click();
    await expect(second!.getByTestId('task-status')).toHaveText('Open - claimed');
    await first!.getByRole('button', { name: 'Unclaim' }).click();
    await expect(first!.getByTestId('task-status')).toHaveText('Open - unclaimed');
    await expect(second!.getByTestId('task-status')).toHaveText('Open - unclaimed', { timeout: 10_000 });
    await expect(second!.getByRole('button', { name: 'Claim', exact: true })).toBeVisible();
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('[ALERTS][FALL]: a fall sensor alert asks Was it a fall?, confirms care at the wall button and resolves the emergency', async ({
    caregiverPage: page,
    request,
  }) => {
    // The toast comes only with the live frame: press once the socket is up.
    const live = liveReady(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Open Alerts' })).toBeVisible();
    await live;
    await pressButton(request, PENDANTS.fallSensor, 'FALL_DETECTED');
    const card = openAlerts(page).getByRole('link').filter({ hasText: 'MC 203' });
    await expect(card).toBeVisible({ timeout: 10_000 });
    // The emergency toast opens the alert.
    const toastLink = page.getByRole('alert').getByRole('link');
    await expect(toastLink).toBeVisible();
    await toastLink.click();
    await expect(page).toHaveURL(/\/alerts\/alert\//);
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByTestId('task-status')).toHaveText('Open - claimed');
    await page.getByRole('button', { name: 'Resolve' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Was it a fall?' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Yes' }).click();
    // Not yet confirmed: care confirmation follows the choice.
    await expect(drawer(page).getByText('Make sure you hear a click and see a light')).toBeVisible();
    await expect(page.getByTestId('task-status')).toHaveText('Open - confirming care');
    await pressButton(request, PENDANTS.fallSensorUnitWallButton);
    await expect(drawer(page).getByText('Confirmed!')).toBeVisible({ timeout: 10_000 });
    await expect(
      drawer(page).getByRole('heading', { name: 'Any new changes to escalate to Nurse?' }),
    ).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Skip' }).click();
    // An emergency shows the staff-assist counter.
    await expect(drawer(page).getByRole('button', { name: 'More staff' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'More staff' }).click();
    await drawer(page).getByRole('button', { name: 'More staff' }).click();
    const resolved = page.waitForResponse(
      (r) => /\/tasks\/[^/]+\/resolve$/.test(r.url()) && r.request().method() === 'PUT',
    );
    await drawer(page).getByRole('button', { name: 'Submit' }).click();
    // The counter's value reaches the server and is stored (docs/decisions/0057).
    const response = await resolved;
    expect(response.request().postDataJSON()).toMatchObject({ staffAssistCount: 3 });
    expect(await response.json()).toMatchObject({ staffAssistCount: 3 });
    await expect(page.getByText('Emergency Resolved')).toBeVisible();
    // "/dashboard: default redirect after a successful submit" (alerts doc section 2).
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('[ALERTS][CONFIRM]: the confirmation drawer closes with a toast when the alert is unclaimed or resolved meanwhile', async ({
    caregiverPage: page,
    caregiver,
    request,
  }) => {
    const headers = {
      authorization: `Bearer ${caregiver.accessToken}`,
      'x-sage-profile-rid': caregiver.staffMemberId,
    };
    await pressButton(request, PENDANTS.meanwhile);
    await page.goto('/dashboard');
    await openAlerts(page)
      .getByRole('link', { name: /needs assistance/ })
      .filter({ hasText: 'AL 108' })
      .click();
    await expect(page).toHaveURL(/\/alerts\/alert\/[^/]+$/);
    const taskId = page.url().split('/').pop() as string;
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm Care' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('Open - confirming care');

    // Unclaimed elsewhere.
    const unassigned = await request.post(`/admin/api/v1/tasks/${taskId}/unassign`, { headers });
    expect(unassigned.ok(), await unassigned.text()).toBe(true);
    await expect(page.getByText('This alert was unclaimed, please claim and try again')).toBeVisible();
    await expect(drawer(page)).toBeHidden();

    // Resolved elsewhere (as a test alert, which needs no confirmation).
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm Care' }).click();
    await expect(page.getByTestId('task-status')).toHaveText('Open - confirming care');
    const resolved = await request.put(`/admin/api/v1/tasks/${taskId}/resolve`, {
      headers,
      data: {
        alertOutcomeType: 'TEST_ALERT',
        careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'NON_EMERGENCY_FOUND_DEVICE' }],
      },
    });
    expect(resolved.ok(), await resolved.text()).toBe(true);
    await expect(page.getByText('This alert has been resolved')).toBeVisible();
    await expect(drawer(page)).toBeHidden();
    await expect(page.getByTestId('task-status')).toHaveText('Closed - resolved');
  });
});
