import { expect, test } from '@playwright/test';

/**
 * Issue #33 (decision 0830): the shell screens' messages load in the reader's language only. English is in the
 * first chunk; a Spanish reader's browser fetches the small Spanish chunk at start, an English reader's never does,
 * and the loading screen a slow start shows is in Spanish for the Spanish reader.
 */
const SHELL_CHUNK = /\/assets\/shell-[\w-]+\.js$/;

for (const [locale, spanish] of [
  ['es-MX', true],
  ['en-US', false],
] as const) {
  test(`[I18N][SHELL]: a ${locale} browser's loading screen is in its language, with only its language's shell messages`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // A page's code held back for a moment, so the loading screen is what shows first: the email sign-in's return
    // page, which a signed-out visitor opens directly (/authenticate itself is painted from its prerendered HTML and
    // never shows the loading screen, decision 0900).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/auth-confirmed-page-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/auth_confirmed');
    const status = page.getByRole('status');
    await expect(status).toHaveText(spanish ? 'Verificando sus datos' : 'Verifying your information');
    await expect(page.locator('html')).toHaveAttribute('lang', spanish ? 'es-US' : 'en-US');
    release();
    await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);

    expect(scripts.filter((path) => SHELL_CHUNK.test(path))).toHaveLength(spanish ? 1 : 0);
    await context.close();
  });
}
