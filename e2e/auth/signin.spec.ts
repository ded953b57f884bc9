import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/** Demo staff (packages/db seed): the caregiver, and others nobody else's tests sign in as. */
const CAREGIVER = { phone: '+14155550101', local: '4155550101', lastFour: '0101' };
const CHEF = { phone: '+14155550112', local: '4155550112' };
const ACTIVITIES = { phone: '+14155550116', local: '4155550116' };
const MED_TECH_EMAIL = 'kevin@demo.sagecare.test';

/** The newest code sent to a number or an email address, read from the dev outbox (waits for it). */
async function codeSentTo(request: APIRequestContext, to: string, newerThan?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/api/v1/outbox?to=${encodeURIComponent(to)}`);
        const [newest] = (await res.json()) as { body: string; createdAt: string }[];
        if (!newest || (newerThan && newest.createdAt <= newerThan)) return null;
        code = newest.body.match(/\b(\d{6})\b/)?.[1];
        return code ?? null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as string;
}

async function requestCode(page: Page, localNumber: string) {
  await page.goto('/authenticate');
  await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
  const startedAt = new Date(Date.now() - 1_000).toISOString();
  await page.getByLabel('Phone number').fill(localNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  return startedAt;
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test.describe('[AUTH][LOGIN]', () => {
  test('[AUTH][LOGIN]: the demo caregiver signs in with the texted code, picks care zones and a device, stays signed in across a reload, signs out', async ({
    page,
    request,
  }) => {
    await page.goto('/authenticate');
    await expect(page.getByText('Enter your phone number below to continue.')).toBeVisible();
    await expect(
      page.getByText('By continuing, you agree to receive a 6-digit verification code via text message.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In Using Email' })).toBeVisible();
    await expect(page.getByLabel('Country')).toHaveValue('US');
    await expect(page.getByRole('img', { name: 'Sage Care logo' })).toBeVisible();

    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    const phone = page.getByLabel('Phone number');
    await phone.fill('415555');
    await expect(phone).toHaveValue('+1415555');
    await expect(continueButton).toBeDisabled();
    await phone.fill('1 (415) 555-0101 99');
    await expect(phone).toHaveValue(CAREGIVER.phone);
    const startedAt = new Date(Date.now() - 1_000).toISOString();
    await continueButton.click();

    await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
    await expect(page.getByText('Enter Verification Code')).toBeVisible();
    await expect(page.getByText(`ending in ${CAREGIVER.lastFour}`)).toBeVisible();
    await expect(
      page.getByText('Not your number? Tap the back arrow above to provide a different one.'),
    ).toBeVisible();
    await expect(page.getByTestId('resend-countdown')).toHaveText(/^00:[0-3]\d$/);
    await expect(page.getByRole('textbox', { name: /Digit \d of 6/ })).toHaveCount(6);

    const code = await codeSentTo(request, CAREGIVER.phone, startedAt);
    // Pasting the code fills all six boxes.
    await page.getByLabel('Digit 1 of 6').fill(code);
    await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(code[5] as string);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The shift page: 'Working In'.
    await expect(page).toHaveURL(/\/profile\/shift\?fromLogin=true$/);
    await expect(page.getByRole('heading', { name: 'Working In' })).toBeVisible();
    const assisted = page.getByRole('checkbox', { name: 'Assisted Living' });
    const memory = page.getByRole('checkbox', { name: 'Memory Care' });
    const longTerm = page.getByRole('checkbox', { name: 'Long Term Care' });
    await expect(assisted).toBeChecked();
    await expect(memory).toBeChecked();
    await expect(page.getByText('OR', { exact: true })).toBeVisible();
    // Different groupings are alternatives.
    await longTerm.check();
    await expect(assisted).not.toBeChecked();
    await expect(memory).not.toBeChecked();
    await assisted.check();
    // Memory Care again too: the alert specs that run after this one expect the caregiver's demo zones.
    await memory.check();
    await page.getByRole('checkbox', { name: 'Independent Living' }).check();
    await expect(longTerm).not.toBeChecked();
    await page.getByRole('button', { name: 'Confirm Selection' }).click();

    // 'What device is this?'
    await expect(page.getByRole('heading', { name: 'What device is this?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Other Devices' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Manager Phone' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Computer' })).toBeVisible();
    const select = page.getByRole('button', { name: 'Select', exact: true });
    await expect(select).toBeDisabled();
    await page.getByRole('radio', { name: 'Community Phone 1' }).check();
    await select.click();

    // Still before the dashboard (decision 0186): the phone texted START to no number, so Text Message Alerts.
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Text Message Alerts' }),
    ).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const session = await page.evaluate(() => ({
      accessToken: localStorage.getItem('sage.accessToken'),
      staffMemberId: localStorage.getItem('sage.staffMemberId'),
    }));
    expect(session.accessToken).toBeTruthy();
    const me = await request.get(`/admin/api/v1/staff/${session.staffMemberId}`, {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'x-sage-profile-rid': String(session.staffMemberId),
      },
    });
    const profile = await me.json();
    expect(
      profile.staffMemberFacilityConfigs[0].careZones.map((z: { name: string }) => z.name).sort(),
    ).toEqual(['Assisted Living', 'Independent Living', 'Memory Care']);
    expect(profile.onCallStates[0]).toMatchObject({ isOnCall: true, deviceType: 'COMPANY_PHONE' });

    // Tokens survive a reload.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/authenticate$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('sage.accessToken'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/authenticate$/);
  });

  test('[AUTH][LOGIN]: a wrong code shows Invalid Authentication Code and clears the boxes; editing clears the error; back returns to the phone step', async ({
    page,
    request,
  }) => {
    const startedAt = await requestCode(page, CHEF.local);
    const code = await codeSentTo(request, CHEF.phone, startedAt);
    await typeCode(page, wrong(code));
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Invalid Authentication Code');
    await expect(alert).toContainText(
      "Re-enter the code that we sent to you. Still doesn't work? Call the provider's support at",
    );
    for (let i = 1; i <= 6; i++) await expect(page.getByLabel(`Digit ${i} of 6`)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

    await typeCode(page, '1');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveValue(CHEF.phone);
  });

  test('[AUTH][LOGIN]: too many wrong codes show the locked message', async ({ page, request }) => {
    const startedAt = await requestCode(page, ACTIVITIES.local);
    const code = await codeSentTo(request, ACTIVITIES.phone, startedAt);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await typeCode(page, wrong(code));
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      if (attempt < 5) await expect(page.getByRole('alert')).toContainText('Invalid Authentication Code');
    }
    await expect(page.getByRole('alert')).toContainText('Too many unsuccessful logins.');
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText('Too many unsuccessful logins.');
    await expect(page).toHaveURL(/\/authenticate$/);
  });

  test('[AUTH][LOGIN]: an unknown number shows Not a correct phone number', async ({ page }) => {
    await page.goto('/authenticate');
    await page.getByLabel('Phone number').fill('4152009999');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toContainText('Not a correct phone number');
    await expect(page.getByRole('alert')).toContainText(
      'Check the number below for mistakes. If the number is correct, ask your manager to check your profile',
    );
  });

  test('[AUTH][LOGIN]: the logoutReason dialogs', async ({ page }) => {
    for (const [reason, title, text] of [
      ['login-required', 'Login Required', 'Please log in to use the app.'],
      [
        'session-expired',
        'Session Timed Out',
        'Your session has timed out, please log in again to continue using the app.',
      ],
      ['token-error', "You've been logged out", 'Please log in again to continue using the app.'],
    ] as const) {
      await page.goto(`/authenticate?logoutReason=${reason}`);
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(text);
      await dialog.getByRole('button', { name: 'Ok' }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/authenticate$/);
    }
  });

  test('[AUTH][EMAIL]: signing in by email returns to the app with the tokens and lands on the shift page', async ({
    page,
    request,
  }) => {
    await page.goto('/authenticate');
    await page.getByRole('button', { name: 'Log In Using Email' }).click();
    await expect(page.getByRole('heading', { name: 'Log in with email' })).toBeVisible();
    const startedAt = new Date(Date.now() - 1_000).toISOString();
    await page.getByLabel('Email address').fill(MED_TECH_EMAIL);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
    const code = await codeSentTo(request, MED_TECH_EMAIL, startedAt);
    await page.getByLabel('Enter Verification Code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile\/shift\?fromLogin=true$/);
    await expect(page.getByRole('heading', { name: 'Working In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('sage.refreshToken'))).toBeTruthy();
  });
});
