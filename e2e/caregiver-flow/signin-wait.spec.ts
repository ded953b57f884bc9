import { expect, test } from '@playwright/test';

/** Grace Okafor (demo seed, staff 7): no other spec signs her in, so her code limit is this test's alone. */
const GRACE = { phone: '+14155550107', local: '4155550107' };

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test('[CAREGIVER-FLOW][SIGNIN-WAIT]: a number that had a code moments ago is told how long to wait, counts down, then may continue', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The phone had a code a moment ago (another tab, an earlier try).
  const first = await request.post('/auth/api/v1/passwordless/start', { data: { phoneNumber: GRACE.phone } });
  expect(first.ok()).toBe(true);

  await page.goto('/authenticate');
  await page.getByLabel('Phone number').fill(GRACE.local);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await continueButton.click();

  const wait = page.getByTestId('code-wait');
  await expect(wait).toContainText('A code was just sent');
  await expect(wait).toContainText(/You can ask for a new one in 00:[0-3]\d\./);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(continueButton).toBeDisabled();

  // It counts down.
  const readSeconds = async () => Number((await wait.textContent())?.match(/00:(\d\d)/)?.[1]);
  const before = await readSeconds();
  await expect.poll(readSeconds, { timeout: 5_000 }).toBeLessThan(before);

  // When the time is up the message goes and Continue works again: the code is sent.
  await expect(wait).toBeHidden({ timeout: 40_000 });
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(page.getByText(/You can ask for a new code in 00:[0-3]\d/)).toBeVisible();
});
