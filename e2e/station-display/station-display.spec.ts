import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ingestUrl, screensDir, sharedSession, type Tokens, useSession } from '../alerts/fixtures';
import { STATION_COMMUNITY } from '../stack/facts';

/**
 * Issue #15, the station display: a manager pairs a screen for chosen care zones (Manage → Station displays);
 * the screen shows a new alert live, large and without the resident's name, rings for it as the app does, and
 * cannot claim it (no control on the page; the server refuses its session with 403). At 360 x 740 and at a
 * hallway screen's 1280 x 800. The community is the test's own (e2e/stack/station-community.ts).
 */
test.describe.configure({ mode: 'serial' });

interface Sound {
  at: number;
  frequency: number;
}

/** Counts every oscillator the page starts (window.__sounds), before any script of the app runs. */
async function instrumentWebAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __sounds: Sound[] };
    w.__sounds = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      w.__sounds.push({ at: Date.now(), frequency: this.frequency.value });
      return start.apply(this, args);
    };
  });
}
const sounds = (page: Page): Promise<Sound[]> =>
  page.evaluate(() => (window as unknown as { __sounds: Sound[] }).__sounds);

async function press(request: APIRequestContext, hardwareId: string): Promise<void> {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': STATION_COMMUNITY.gatewayKey },
    data: { eventId: randomUUID(), hardwareId, type: 'BUTTON_PRESS', timestamp: new Date().toISOString() },
  });
  expect(response.status()).toBe(202);
}

let manager: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(150_000);
  const { baseURL } = testInfo.project.use;
  const request = await playwright.request.newContext({ baseURL });
  // Shared with error-report.spec.ts: one sign-in per number per run (codes are rate-limited per number).
  manager = await sharedSession(request, baseURL, 'station-manager', STATION_COMMUNITY.managerPhone);
  await request.dispose();
});

/** Pairs a display for one care zone through the managers' screen; returns its pairing link. */
async function pairThroughManageScreen(page: Page, name: string, zone: string): Promise<string> {
  await useSession(page, manager);
  await page.goto('/manage/station-displays');
  await page.getByLabel('Display name').fill(name);
  await page.getByRole('checkbox', { name: zone }).check();
  await page.getByRole('button', { name: 'Pair a display' }).click();
  const link = (await page.getByTestId('station-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/station#key=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('list', { name: 'Paired displays' }).getByText(name)).toBeVisible();
  return link;
}

async function walk(
  browser: import('@playwright/test').Browser,
  request: APIRequestContext,
  viewport: { width: number; height: number },
  which: 'small' | 'large',
) {
  const zone = which === 'small' ? 'Assisted Living' : 'Memory Care';
  const adminContext = await browser.newContext({ viewport });
  const admin = await adminContext.newPage();
  const link = await pairThroughManageScreen(admin, `Hall ${which} ${Date.now()}`, zone);
  await adminContext.close();

  // The display: a context of its own (no staff session), opened at the pairing link.
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await instrumentWebAudio(page);
  await page.goto(link);
  await expect(page).toHaveURL(/\/station$/); // the key left the address at once
  const openAlerts = page.getByRole('list', { name: 'Open alerts' });
  await expect(page.getByText('No open alerts')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`${STATION_COMMUNITY.facilityName} · Hall ${which}`)).toBeVisible();
  await expect(page.getByText(zone, { exact: true })).toBeVisible();
  expect(await sounds(page)).toEqual([]);

  await press(request, STATION_COMMUNITY.pendants[which]);
  const label = `Call · ${STATION_COMMUNITY.units[which]}`;
  const card = openAlerts.getByRole('listitem', { name: label });
  await expect(card).toBeVisible({ timeout: 10_000 });
  // No resident's name on a hallway screen (not paired to show names).
  await expect(card).not.toContainText(`-${STATION_COMMUNITY.tag}`);
  await expect(card).toContainText('High Priority');
  await expect(card).toContainText('New');
  // Large: the card's first line, the unit (issue #32), is at least 28 px even at 360 px; it fits the screen.
  await expect(card.getByTestId('station-place')).toHaveText(STATION_COMMUNITY.units[which]);
  await expect(card.getByTestId('station-what')).toHaveText('Call');
  const fontSize = await card
    .getByTestId('station-place')
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(28);
  const box = await card.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);

  await page.screenshot({ path: path.join(screensDir, `station-display-${viewport.width}.png`) });

  // Heard: the ring of the app (Web Audio oscillators).
  await expect.poll(async () => (await sounds(page)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

  // Cannot act: nothing on the page claims, and the server refuses its session.
  await expect(page.getByRole('button', { name: /claim/i })).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  const key = link.split('#key=')[1] as string;
  const token = await request.post('/auth/api/v1/stationDisplays/token', { data: { displayKey: key } });
  expect(token.status()).toBe(200);
  const { accessToken } = (await token.json()) as { accessToken: string };
  const alerts = await request.get('/admin/api/v1/stationDisplays/current/alerts', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const alert = ((await alerts.json()) as { alerts: { id: string; label: string }[] }).alerts.find(
    (a) => a.label === label,
  );
  expect(alert).toBeDefined();
  const claim = await request.put(`/admin/api/v1/tasks/${alert?.id}`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { status: 'OPEN_CLAIMED' },
  });
  expect(claim.status()).toBe(403);
  expect(((await claim.json()) as { code: string }).code).toBe('DISPLAY_READ_ONLY');
  await expect(card).toContainText('New');
  await context.close();
}

test.describe('at 360 x 740', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('[STATION][LIVE]: a paired display shows a new alert live, rings, and cannot claim it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    await walk(browser, request, { width: 360, height: 740 }, 'small');
  });
});

test.describe('at 1280 x 800', () => {
  test('[STATION][LIVE]: a hallway screen shows a new alert live, rings, and cannot claim it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    await walk(browser, request, { width: 1280, height: 800 }, 'large');
  });
});
