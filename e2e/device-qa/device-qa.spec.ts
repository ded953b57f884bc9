import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, ingestUrl, screensDir, signInThroughApi, test, useSession } from '../alerts/fixtures';
import { QA_COMMUNITY } from '../stack/facts';

/** Devices of the QA community (the factories' tenant tagged 'cypress': 13 allocated devices). */
const TAG = QA_COMMUNITY.tag;
const ALLOCATED = 13;
const PRESSED = [
  { hardwareId: `PENDANT-${TAG}-AL`, batteryLevel: 15 },
  { hardwareId: `WALL-${TAG}-MC201`, batteryLevel: 96 },
  { hardwareId: `DOOR-${TAG}-FRONT`, batteryLevel: 88 },
];

/** A press as the community's gateway sends it. */
async function press(request: APIRequestContext, hardwareId: string, batteryLevel: number) {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': QA_COMMUNITY.gatewayKey },
    data: {
      eventId: randomUUID(),
      hardwareId,
      type: 'BUTTON_PRESS',
      timestamp: new Date().toISOString(),
      batteryLevel,
    },
  });
  expect(response.status()).toBe(202);
}

test.describe('[DEVICES][QA-WALK]', () => {
  test('[DEVICES][QA-WALK]: a maintenance tech walks the building: three presses heard with their battery, the rest not', async ({
    page,
    request,
  }) => {
    const tokens = await signInThroughApi(request, QA_COMMUNITY.maintenancePhone);
    await useSession(page, tokens);

    // From the dashboard through the managers' area (a maintenance tech sees only the walk there).
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Manage' }).click();
    await expect(page).toHaveURL(/\/manage$/);
    await expect(page.getByRole('link', { name: 'Residents' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Device QA Walk' }).click();
    await expect(page.getByRole('heading', { name: 'Device QA Walk' })).toBeVisible();

    await page.getByRole('button', { name: 'Start Walk' }).click();
    await expect(page.getByText(`0 of ${ALLOCATED} devices heard`).first()).toBeVisible();
    const notHeard = page.getByRole('region', { name: 'Not heard', exact: true });
    const heard = page.getByRole('region', { name: 'Heard', exact: true });
    await expect(notHeard.getByRole('listitem')).toHaveCount(ALLOCATED);

    for (const p of PRESSED) await press(request, p.hardwareId, p.batteryLevel);

    // The list follows the presses (polled): three heard with their battery, the rest not heard.
    await expect(heard.getByRole('listitem')).toHaveCount(3, { timeout: 15_000 });
    await expect(notHeard.getByRole('listitem')).toHaveCount(ALLOCATED - 3);
    await expect(page.getByText(`3 of ${ALLOCATED} devices heard`).first()).toBeVisible();
    for (const p of PRESSED) {
      await expect(heard.getByRole('listitem').filter({ hasText: p.hardwareId })).toBeVisible();
      await expect(notHeard.getByRole('listitem').filter({ hasText: p.hardwareId })).toHaveCount(0);
    }
    await expect(
      heard
        .getByRole('listitem')
        .filter({ hasText: PRESSED[0]!.hardwareId })
        .getByText('Battery low · Battery 15%'),
    ).toBeVisible();
    await expect(
      heard.getByRole('listitem').filter({ hasText: PRESSED[1]!.hardwareId }).getByText('Battery 96%'),
    ).toBeVisible();
    // The phone's width holds the page: nothing scrolls sideways; the buttons are big enough to touch.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const finish = page.getByRole('button', { name: 'Finish Walk' });
    const box = await finish.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: path.join(screensDir, 'device-qa-walk.png'), fullPage: true });

    await finish.click();
    await expect(page.getByRole('heading', { name: 'Walk summary' })).toBeVisible();
    await expect(page.getByText(`${ALLOCATED - 3} devices were not heard.`)).toBeVisible();
    await expect(page.getByText(`3 of ${ALLOCATED} devices heard`)).toBeVisible();
    await page.screenshot({ path: path.join(screensDir, 'device-qa-summary.png'), fullPage: true });
  });
});
