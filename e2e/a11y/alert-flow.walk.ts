import { expect, type Page, test } from '@playwright/test';
import { A11Y_COMMUNITY } from '../stack/facts';
import { codeSentTo, pressAtHazelRow } from './fixtures';
import { expectAccessibleScreen } from './scan';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const drawer = (page: Page) => page.getByRole('dialog');
const openAlerts = (page: Page) => page.getByRole('list', { name: 'Open alerts in my care zones' });

test('[A11Y][CAREGIVER-FLOW]: sign-in, shift start, the alert from press to resolve and logged care: no serious or critical violation, every control named, every target 44 x 44 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const local = A11Y_COMMUNITY.caregiverPhone.slice(2);

  // Sign-in and code entry.
  await page.goto('/authenticate');
  await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
  await expectAccessibleScreen(page, 'sign-in');
  const startedAt = new Date(Date.now() - 1_000).toISOString();
  await page.getByLabel('Phone number').fill(local);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expectAccessibleScreen(page, 'code entry');
  const code = await codeSentTo(request, A11Y_COMMUNITY.caregiverPhone, startedAt);
  await page.getByLabel('Digit 1 of 6').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Shift start: Working In, the device question, Text Message Alerts.
  await expect(page).toHaveURL(/\/profile\/shift\?fromLogin=true$/);
  await expect(page.getByRole('checkbox', { name: 'Assisted Living' })).toBeChecked();
  await expectAccessibleScreen(page, 'Working In');
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'What device is this?' })).toBeVisible();
  await expectAccessibleScreen(page, 'device question drawer');
  await drawer(page).getByRole('radio', { name: 'Computer' }).check();
  await drawer(page).getByRole('button', { name: 'Select', exact: true }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Text Message Alerts' })).toBeVisible();
  await expectAccessibleScreen(page, 'text alerts drawer');
  await drawer(page).getByRole('button', { name: 'Skip' }).click();

  // The dashboard, then an alert on it.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Open Alerts' })).toBeVisible();
  // (The walk of clean-walk.spec.ts may have an alert of Memory Care open meanwhile.)
  await expect(
    openAlerts(page).getByText('No open alerts').or(openAlerts(page).getByRole('link').first()),
  ).toBeVisible();
  await expectAccessibleScreen(page, 'dashboard');
  await pressAtHazelRow(request, A11Y_COMMUNITY.pendant);
  const card = openAlerts(page).getByRole('link').filter({ hasText: A11Y_COMMUNITY.unit });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expectAccessibleScreen(page, 'dashboard with an open alert');

  // The alert page, unclaimed; the resident's details; claimed.
  await card.click();
  await expect(page).toHaveURL(/\/alerts\/alert\//);
  await expect(page.getByTestId('task-status')).toHaveText('Open - unclaimed');
  await expectAccessibleScreen(page, 'alert page, unclaimed');
  await page.getByRole('button', { name: /Margaret.*Hale/ }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Resident' })).toBeVisible();
  await expectAccessibleScreen(page, 'resident details drawer');
  await page.mouse.click(180, 30);
  await expect(drawer(page)).toBeHidden();
  await page.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByTestId('task-status')).toHaveText('Open - claimed');
  await expectAccessibleScreen(page, 'alert page, claimed');

  // Care confirmation: the bedside press.
  await page.getByRole('button', { name: 'Confirm Care' }).click();
  await expect(drawer(page).getByText('Press the resident pendant to continue')).toBeVisible();
  await expect(page.getByTestId('task-status')).toHaveText('Open - confirming care');
  await expectAccessibleScreen(page, 'care confirmation');
  await pressAtHazelRow(request, A11Y_COMMUNITY.pendant);
  await expect(drawer(page).getByText('Confirmed!')).toBeVisible({ timeout: 15_000 });

  // Resolve: the care provided, observations, notes.
  await expect(drawer(page).getByRole('heading', { name: 'Select all care provided' })).toBeVisible();
  await drawer(page).getByRole('checkbox', { name: 'Bathing' }).check();
  await expectAccessibleScreen(page, "'Select all care provided'");
  await drawer(page).getByRole('button', { name: 'Select (1)' }).click();
  await expect(
    drawer(page).getByRole('heading', { name: 'Any new changes to escalate to Nurse?' }),
  ).toBeVisible();
  await drawer(page).getByRole('checkbox', { name: 'Skin' }).check();
  await expectAccessibleScreen(page, 'observations');
  await drawer(page).getByRole('button', { name: 'Select (1)' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Additional Notes' })).toBeVisible();
  await drawer(page).getByLabel('Enter notes here (optional)').fill('Helped with a bath.');
  await expectAccessibleScreen(page, 'notes');
  await drawer(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Task Resolved' })).toBeVisible();
  await expectAccessibleScreen(page, 'resolved: the dashboard with its toast');

  // Logged care from the resident drawer.
  await page.getByRole('button', { name: 'Search Resident' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Search for Resident' })).toBeVisible();
  await drawer(page).getByRole('textbox', { name: 'Search' }).fill('Margaret');
  await drawer(page)
    .getByRole('radio', { name: /Margaret Hale/ })
    .check();
  await expectAccessibleScreen(page, 'resident search drawer');
  await drawer(page).getByRole('button', { name: 'Continue' }).click();
  await expect(drawer(page).getByText('AL 101 · Assisted Living')).toBeVisible();
  await expectAccessibleScreen(page, 'resident drawer (log care)');
  await drawer(page).getByRole('button', { name: 'Log Care', exact: true }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Select all care provided' })).toBeVisible();
  await drawer(page).getByRole('checkbox', { name: 'Bathing' }).check();
  await expectAccessibleScreen(page, 'log care: care provided');
  await drawer(page).getByRole('button', { name: 'Select (1)' }).click();
  await expect(
    drawer(page).getByRole('heading', { name: 'Any new changes to escalate to Nurse?' }),
  ).toBeVisible();
  await drawer(page).getByRole('checkbox', { name: 'Other', exact: true }).check();
  await expectAccessibleScreen(page, 'log care: observations, notes required');
  await drawer(page).getByLabel('Enter notes here', { exact: true }).fill('Small bruise on the left arm.');
  await drawer(page).getByRole('button', { name: 'Select (1)' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Additional Notes' })).toBeVisible();
  await expectAccessibleScreen(page, 'log care: notes and staff who assisted');
  await drawer(page).getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText(`Care logged for ${A11Y_COMMUNITY.resident.replace('-hazel', '')}`),
  ).toBeVisible();
});
