import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, ingestUrl, screensDir, test } from '../alerts/fixtures';

/** The demo's loading dock door alarm: no other spec uses it. Door alarms are low under 80 %. */
const DOOR_ALARM = 'DOOR-LOADING-DOCK';
const TITLE = 'Low battery: Loading Dock door alarm';

/** A heartbeat with a battery level, as the facility gateway sends it. */
async function heartbeat(request: APIRequestContext, batteryLevel: number): Promise<void> {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': DEMO.gatewayKey },
    data: {
      eventId: randomUUID(),
      hardwareId: DOOR_ALARM,
      type: 'HEARTBEAT',
      timestamp: new Date().toISOString(),
      batteryLevel,
    },
  });
  expect(response.status()).toBe(202);
}

test.describe('[SUPERVISION][DASHBOARD]', () => {
  test('[SUPERVISION][DASHBOARD]: device trouble shows in its own section, apart from alerts, and clears itself', async ({
    caregiverPage: page,
    request,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await heartbeat(request, 12);
    // Live: the section appears without a reload.
    const section = page.getByRole('region', { name: 'Device trouble' });
    const card = section.getByRole('listitem').filter({ hasText: TITLE });
    await expect(card).toBeVisible();
    await expect(card.getByText('Low battery', { exact: true })).toBeVisible();
    await expect(card.getByText(/Clears itself once a charged battery is reported/)).toBeVisible();
    // Not among the residents' alerts, and not a link into the alert flow.
    await expect(
      page.getByRole('list', { name: 'Open alerts in my care zones' }).getByText(TITLE),
    ).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'My claimed alerts' }).getByText(TITLE)).toHaveCount(0);
    await expect(card.getByRole('link')).toHaveCount(0);
    // Fits a 360 px phone.
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(screensDir, 'dashboard-device-trouble.png'), fullPage: true });

    // A charged battery closes it; the card leaves live.
    await heartbeat(request, 100);
    await expect(section.getByText(TITLE)).toHaveCount(0);
  });
});
