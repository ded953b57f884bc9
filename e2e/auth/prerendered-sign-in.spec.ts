import { type Browser, expect, type Page, test } from '@playwright/test';

/**
 * Issue #32 (Lighthouse, decision 0900): /authenticate is served as HTML that already holds the sign-in form, in
 * the reader's language, so a slow phone shows the form before any script has run. Nothing in it can be focused
 * until the app takes over (nothing typed is lost), and the app takes over without a loading screen in between.
 */
const PHONE = { width: 360, height: 740 };

/** A page whose app scripts wait until `release` is called; it records whether the loading screen ever showed. */
async function heldPage(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale, viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { sawLoadingScreen: boolean };
    w.sawLoadingScreen = false;
    new MutationObserver(() => {
      if (document.querySelector('main[aria-busy="true"]')) w.sawLoadingScreen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { context, page, release: () => release() };
}

const canFocusPhone = (page: Page) =>
  page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[type="tel"]');
    input?.focus();
    return document.activeElement === input;
  });

for (const [locale, language, texts] of [
  [
    'es-MX',
    'es-US',
    {
      heading: 'Bienvenido a Sage Care',
      consent: 'Al continuar, acepta recibir un código de 6 dígitos por mensaje de texto.',
      phone: 'Número de teléfono',
      next: 'Continuar',
    },
  ],
  [
    'en-US',
    'en-US',
    {
      heading: 'Welcome to Sage Care',
      consent: 'By continuing, you agree to receive a 6-digit verification code via text message.',
      phone: 'Phone number',
      next: 'Continue',
    },
  ],
] as const) {
  test(`[AUTH][PRERENDERED]: a ${locale} phone sees the sign-in form in its language before any script, and the app takes it over without a loading screen`, async ({
    browser,
  }) => {
    const { context, page, release } = await heldPage(browser, locale);
    // Not waiting for the load event: it waits for the held scripts.
    await page.goto('/authenticate', { waitUntil: 'commit' });
    // No script of the app has run: the form is the HTML's.
    await expect(page.getByRole('heading', { name: texts.heading })).toBeVisible();
    await expect(page.getByText(texts.consent)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('[data-prerendered="sign-in"]')).toHaveAttribute('inert', '');
    expect(await canFocusPhone(page)).toBe(false);

    release();
    // The app's own render replaces it: the logo drawn, the form usable.
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Sage Care logo' })).toBeVisible();
    const phone = page.getByLabel(texts.phone);
    await phone.tap();
    await expect(phone).toBeFocused();
    await phone.fill('4155550101');
    await expect(page.getByRole('button', { name: texts.next })).toBeEnabled();
    expect(
      await page.evaluate(() => (window as unknown as { sawLoadingScreen: boolean }).sawLoadingScreen),
    ).toBe(false);
    await context.close();
  });
}

test('[AUTH][PRERENDERED]: Spanish chosen on an English phone is what the next sign-in page is served in', async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto('/authenticate');
  await expect(page.getByRole('img', { name: 'Sage Care logo' })).toBeVisible();
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByRole('heading', { name: 'Bienvenido a Sage Care' })).toBeVisible();

  // Served again with the app's scripts held: the HTML itself is Spanish.
  await page.route(/\/assets\/[\w-]+\.js$/, () => new Promise<void>(() => {}));
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('[data-prerendered="sign-in"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Bienvenido a Sage Care' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await context.close();
});
