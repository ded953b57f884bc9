import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test('[CAREGIVER-FLOW][ICONS]: a page load asks for nothing that is missing; the app has its icons and a web app manifest', async ({
  page,
  request,
}) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/authenticate');
  await expect(page.getByRole('heading', { name: 'Welcome to Sage Care' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The browser's own favicon request goes where the page's link points; /favicon.ico exists anyway.
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(missing).toEqual([]);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href as string)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Sage Care',
    short_name: 'Sage Care',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#25744a',
  });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
    expect(icon, size).toBeDefined();
    const image = await request.get(icon?.src as string);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    // The PNG's own header says the size the manifest claims.
    const body = await image.body();
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(size);
  }
  for (const link of await page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').all()) {
    const target = await link.getAttribute('href');
    expect((await request.get(target as string)).status(), target ?? '').toBe(200);
  }
});
