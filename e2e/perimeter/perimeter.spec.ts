import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi, useSession } from '../alerts/fixtures';

/** Every Content-Security-Policy violation the page reports, gathered before any of the app's scripts run. */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    );
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

test.describe('[PERIMETER]', () => {
  test('[PERIMETER][CSP]: the built app runs under its Content-Security-Policy, compressed', async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (/\/assets\/index-[^/]+\.js$/.test(response.url())) {
        scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
      }
    });

    const first = await page.goto('/');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
    // The main script came compressed (brotli, or gzip where the browser offers no brotli over http).
    expect(scripts).toHaveLength(1);
    expect(['br', 'gzip']).toContain(scripts[0]!.encoding);

    // Signed in: the dashboard with Mantine's run-time styles, the API and the live socket.
    const tokens = await signInThroughApi(page.request, '+14155550102');
    await useSession(page, tokens);
    const live = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/live'));
    await page.goto('/dashboard');
    const socket = await live;
    await expect
      .poll(async () => page.evaluate(() => document.querySelectorAll('style[data-mantine-styles]').length))
      .toBeGreaterThan(0);
    expect(socket.isClosed()).toBe(false);

    // The service worker registers under worker-src 'self'.
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      return registration.scope;
    });
    expect(new URL(scope).pathname).toBe('/');

    expect(await violations()).toEqual([]);
  });

  test('[PERIMETER][CSP]: the API documentation at /docs renders under the same policy', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await page.goto('/docs');
    // Swagger UI renders the whole document in the browser (a megabyte of script and the API's description):
    // seconds on a loaded two-core machine, past the default 5 s.
    await expect(page.getByRole('heading', { name: /Sage Care API/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('/auth/api/v1/passwordless/start').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('[PERIMETER][SESSION]: logout closes the dashboard’s live socket and its access token is refused at once', async ({
    page,
  }) => {
    const tokens = await signInThroughApi(page.request, '+14155550103');
    await useSession(page, tokens);
    const live = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/live'));
    await page.goto('/dashboard');
    const socket = await live;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const out = await page.request.post('/auth/api/v1/logout', {
      data: { refreshToken: tokens.refreshToken },
    });
    expect(out.status()).toBe(204);
    // The socket of the ended session is closed by the server; the same access token is refused.
    await closed;
    const me = await page.request.get(`/admin/api/v1/staff/${tokens.staffMemberId}`, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'x-sage-profile-rid': tokens.staffMemberId },
    });
    expect(me.status()).toBe(401);
  });
});
