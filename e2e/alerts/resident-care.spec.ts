import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screensDir, test } from './fixtures';

const drawer = (page: Page) => page.getByRole('dialog');

async function openMargaret(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Search Resident' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Search for Resident' })).toBeVisible();
  const search = drawer(page).getByRole('textbox', { name: 'Search' });
  await search.fill('zzzz');
  await expect(drawer(page).getByText('No residents found')).toBeVisible();
  // Case-insensitive, on the full name with the middle name.
  await search.fill('MARGARET ANN');
  await expect(drawer(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
  await drawer(page)
    .getByRole('radio', { name: /Margaret Ann Thompson/ })
    .check();
  await drawer(page).getByRole('button', { name: 'Continue' }).click();
  await expect(drawer(page).getByText('AL 101 · Assisted Living')).toBeVisible();
  await expect(drawer(page).getByText(/^Age \d+/)).toBeVisible();
  // Care staff see PHI: code status and hospice status.
  await expect(drawer(page).getByLabel('Code status')).toBeVisible();
  await expect(drawer(page).getByLabel('Hospice status')).toBeVisible();
  await expect(drawer(page).getByLabel('Routine check')).toBeVisible();
  await page.screenshot({
    path: path.join(screensDir, '8-resident-details.png'),
  });
}

test.describe('[CARE][LOG]', () => {
  test('[CARE][LOG]: care is logged for a resident from the resident drawer', async ({
    caregiverPage: page,
  }) => {
    await openMargaret(page);
    // The care-assignment switch pins and unpins the resident.
    const assignment = drawer(page).getByRole('switch', { name: 'Care assignment' });
    await expect(assignment).toBeEnabled();
    await assignment.click();
    await expect(page.getByText('Resident Added To Care Assignment')).toBeVisible();
    await expect(assignment).toBeChecked();
    await assignment.click();
    await expect(page.getByText('Resident Removed From Care Assignment')).toBeVisible();
    await expect(assignment).not.toBeChecked();

    await drawer(page).getByRole('button', { name: 'Log Care', exact: true }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Select all care provided' })).toBeVisible();
    await expect(drawer(page).getByRole('checkbox', { name: 'Test Alert' })).toHaveCount(0);
    await drawer(page).getByRole('checkbox', { name: 'Bathing' }).check();
    await drawer(page).getByRole('button', { name: 'Select (1)' }).click();

    // Observations: OTHER makes the notes required.
    await expect(drawer(page).getByPlaceholder('Enter notes here (optional)')).toBeVisible();
    await drawer(page).getByRole('checkbox', { name: 'Other' }).check();
    await expect(drawer(page).getByText('This field is required')).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Select (1)' })).toBeDisabled();
    await drawer(page).getByLabel('Enter notes here', { exact: true }).fill('Small bruise on the left arm.');
    await drawer(page).getByRole('button', { name: 'Select (1)' }).click();

    // A new care log (not a refusal) shows the staff-assist counter, 1 to 5.
    await expect(drawer(page).getByRole('heading', { name: 'Additional Notes' })).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Fewer staff' })).toBeDisabled();
    await drawer(page).getByRole('button', { name: 'More staff' }).click();
    await expect(drawer(page).getByLabel('Staff who assisted')).toHaveValue('2');

    // Go Back with changes asks first.
    await drawer(page).getByLabel('Enter notes here (optional)').fill('All good.');
    await drawer(page).getByRole('button', { name: 'Go Back' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Go Back?' })).toBeVisible();
    await expect(
      drawer(page).getByText('There are some unsaved changes. Are you sure you want to go back?'),
    ).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Cancel' }).click();
    // The counter's value reaches the server and is stored (docs/decisions/0057).
    const logged = page.waitForResponse(
      (r) => r.url().endsWith('/loggedCare') && r.request().method() === 'POST',
    );
    await drawer(page).getByRole('button', { name: 'Submit' }).click();
    const response = await logged;
    expect(response.request().postDataJSON()).toMatchObject({ staffAssistCount: 2 });
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ staffAssistCount: 2, observations: ['OTHER'] });
    await expect(page.getByText('Care logged for Margaret Ann Thompson')).toBeVisible();
  });

  test('[CARE][REFUSAL]: a refusal is logged from the resident drawer with the care-refusal list', async ({
    caregiverPage: page,
  }) => {
    await openMargaret(page);
    await drawer(page).getByRole('button', { name: 'Log Refusal' }).click();
    await expect(drawer(page).getByRole('group', { name: 'Cleaning' })).toBeVisible();
    await expect(drawer(page).getByRole('group', { name: 'Emergency' })).toHaveCount(0);
    await drawer(page).getByRole('checkbox', { name: 'Made Bed' }).check();
    await drawer(page).getByRole('button', { name: 'Select (1)' }).click();
    await drawer(page).getByRole('button', { name: 'Skip' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Additional Notes' })).toBeVisible();
    // No staff-assist counter for a refusal.
    await expect(drawer(page).getByRole('button', { name: 'More staff' })).toHaveCount(0);
    const logged = page.waitForResponse(
      (r) => r.url().endsWith('/loggedCare') && r.request().method() === 'POST',
    );
    await drawer(page).getByRole('button', { name: 'Submit' }).click();
    const response = await logged;
    // No counter, no count sent; none stored (docs/decisions/0057).
    expect(response.request().postDataJSON()).not.toHaveProperty('staffAssistCount');
    expect(await response.json()).toMatchObject({ staffAssistCount: null, isRefusal: true });
    await expect(page.getByText('Refused care logged successfully')).toBeVisible();
  });
});
