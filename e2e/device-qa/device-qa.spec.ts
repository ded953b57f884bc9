import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  authHeaders,
  expect,
  ingestUrl,
  liveReady,
  screensDir,
  signInThroughApi,
  type Tokens,
  test,
  useSession,
} from '../alerts/fixtures';
import { QA_COMMUNITY } from '../stack/facts';

/** Devices of the QA community (the factories' tenant tagged 'cypress': 13 allocated devices). */
const TAG = QA_COMMUNITY.tag;
const ALLOCATED = 13;
const PENDANT = `PENDANT-${TAG}-AL`;
const WALL = `WALL-${TAG}-MC201`;
const DOOR = `DOOR-${TAG}-FRONT`;
const BANNER = 'Device test in progress: presses of tested devices are not alerted';
const WHAT_STAYS_LIVE =
  'Alerts stay on during the test. Only the device you put on test is quiet, for its first press within 2 minutes. Falls and every other device alert as usual.';

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

/** The community's device ids by hardware id (from its walks, as the technician reads them). */
async function deviceIds(request: APIRequestContext, tech: Tokens, facilityRid: string) {
  const res = await request.get(`/deviceaudit/api/v1/deviceQaSessions/facilities/${facilityRid}`, {
    headers: authHeaders(tech),
  });
  expect(res.ok()).toBe(true);
  const [walk] = (await res.json()) as { devices: { deviceRid: string; hardwareId: string }[] }[];
  return new Map(walk!.devices.map((d) => [d.hardwareId, d.deviceRid]));
}

/** The community's open alerts raised by a device (as its manager reads them). */
async function openAlertsOf(request: APIRequestContext, manager: Tokens, deviceId: string) {
  const res = await request.post('/admin/api/v1/tasks/search', {
    headers: authHeaders(manager),
    data: { statuses: ['OPEN_UNCLAIMED'], pageSize: 200 },
  });
  expect(res.ok()).toBe(true);
  const { tasks } = (await res.json()) as { tasks: { creator: { device: { id: string } | null } }[] };
  return tasks.filter((t) => t.creator.device?.id === deviceId).length;
}

async function facilityOf(request: APIRequestContext, tokens: Tokens): Promise<string> {
  const res = await request.get('/admin/api/v1/staff/profiles', { headers: authHeaders(tokens) });
  expect(res.ok()).toBe(true);
  const [profile] = (await res.json()) as { facilities: { id: string }[] }[];
  return profile!.facilities[0]!.id;
}

/** A signed-in phone on the dashboard, its /live socket ready. */
async function dashboardOf(browser: Browser, tokens: Tokens): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await useSession(page, tokens);
  const ready = liveReady(page);
  await page.goto('/dashboard');
  await ready;
  await expect(page.getByRole('heading', { name: 'Open Alerts' })).toBeVisible();
  return page;
}

// Both tests use the community's one walk: one after the other.
test.describe.configure({ mode: 'serial' });

test.describe('[DEVICES][QA-WALK]', () => {
  test('[DEVICES][QA-WALK]: a maintenance tech puts a pendant on test: its press is marked tested; a device not on test alerts', async ({
    page,
    request,
  }) => {
    const manager = await signInThroughApi(request, QA_COMMUNITY.managerPhone);
    const tokens = await signInThroughApi(request, QA_COMMUNITY.maintenancePhone);
    await useSession(page, tokens);

    // From the dashboard through the managers' area (a maintenance tech sees only the walk there).
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Manage' }).click();
    await expect(page).toHaveURL(/\/manage$/);
    await expect(page.getByRole('link', { name: 'Residents' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Device QA Walk' }).click();
    await expect(page.getByRole('heading', { name: 'Device QA Walk' })).toBeVisible();
    // The screen says what stays live before the walk starts, and during it.
    await expect(page.getByText(WHAT_STAYS_LIVE)).toBeVisible();

    await page.getByRole('button', { name: 'Start Walk' }).click();
    await expect(page.getByText(`0 of ${ALLOCATED} devices tested`).first()).toBeVisible();
    await expect(page.getByText(WHAT_STAYS_LIVE)).toBeVisible();
    const notHeard = page.getByRole('region', { name: 'Not heard', exact: true });
    const heard = page.getByRole('region', { name: 'Heard', exact: true });
    await expect(notHeard.getByRole('listitem')).toHaveCount(ALLOCATED);
    const ids = await deviceIds(request, tokens, await facilityOf(request, tokens));

    // Test on the pendant's line: it is on test until its window ends.
    const pendantLine = page.getByRole('listitem').filter({ hasText: PENDANT });
    await pendantLine.getByRole('button', { name: /^Test / }).click();
    await expect(pendantLine.getByText(/^On test: press it once before /)).toBeVisible();

    // Its press through the gateway: the test, marked tested on this screen (polled), and no alert.
    await press(request, PENDANT, 15);
    await expect(
      heard
        .getByRole('listitem')
        .filter({ hasText: PENDANT })
        .getByText(/^Tested /),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(`1 of ${ALLOCATED} devices tested`).first()).toBeVisible();
    await expect(
      heard.getByRole('listitem').filter({ hasText: PENDANT }).getByText('Battery low · Battery 15%'),
    ).toBeVisible();
    expect(await openAlertsOf(request, manager, ids.get(PENDANT)!)).toBe(0);

    // A wall button not put on test, pressed during the walk: it alerts as always (and is heard, not tested).
    await press(request, WALL, 96);
    await expect.poll(() => openAlertsOf(request, manager, ids.get(WALL)!), { timeout: 15_000 }).toBe(1);
    const wallLine = heard.getByRole('listitem').filter({ hasText: WALL });
    await expect(wallLine.getByText('Battery 96%')).toBeVisible({ timeout: 15_000 });
    await expect(wallLine.getByText(/^Tested /)).toHaveCount(0);

    // By hardware id: the door is on test, the pendant's test is over.
    await page.getByRole('textbox', { name: 'Hardware id' }).fill(DOOR);
    await page.getByRole('button', { name: 'Put on test' }).click();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: DOOR })
        .getByText(/^On test: press it once before /),
    ).toBeVisible();

    // The phone's width holds the page: nothing scrolls sideways; the buttons are big enough to touch.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const finish = page.getByRole('button', { name: 'Finish Walk' });
    const box = await finish.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    const testBox = await pendantLine.getByRole('button', { name: /^Test / }).boundingBox();
    expect(testBox!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: path.join(screensDir, 'device-qa-walk.png'), fullPage: true });

    await finish.click();
    await expect(page.getByRole('heading', { name: 'Walk summary' })).toBeVisible();
    await expect(page.getByText(`${ALLOCATED - 2} devices were not heard.`)).toBeVisible();
    await expect(page.getByText(`2 of ${ALLOCATED} devices heard`)).toBeVisible();
    await page.screenshot({ path: path.join(screensDir, 'device-qa-summary.png'), fullPage: true });
  });

  test('[DEVICES][QA-WALK]: a walk a manager starts reaches a caregiver’s dashboard and a station display live; a nurse ends it from the banner', async ({
    browser,
    request,
  }) => {
    // Three phones and a station display, each signed in and opened in its own context: more than the default 30 s.
    test.setTimeout(120_000);
    const manager = await signInThroughApi(request, QA_COMMUNITY.managerPhone);
    const caregiverTokens = await signInThroughApi(request, QA_COMMUNITY.caregiverPhone);
    const nurseTokens = await signInThroughApi(request, QA_COMMUNITY.nursePhone);
    const facilityRid = await facilityOf(request, manager);
    const caregiver = await dashboardOf(browser, caregiverTokens);
    const nurse = await dashboardOf(browser, nurseTokens);
    await expect(caregiver.getByText(BANNER)).toHaveCount(0);
    // A station display of the community, paired by the manager, open on its own screen (no staff session).
    const paired = await request.post('/admin/api/v1/stationDisplays', {
      headers: authHeaders(manager),
      data: { facilityId: facilityRid, name: 'QA hall' },
    });
    expect(paired.status()).toBe(201);
    const { displayKey } = (await paired.json()) as { displayKey: string };
    const stationContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const station = await stationContext.newPage();
    const stationReady = liveReady(station);
    await station.goto(`/station#key=${displayKey}`);
    await expect(station.getByText(`${QA_COMMUNITY.facilityName} · QA hall`)).toBeVisible({
      timeout: 15_000,
    });
    await stationReady;
    await expect(station.getByText(BANNER)).toHaveCount(0);

    const started = await request.post('/deviceaudit/api/v1/deviceQaSessions', {
      headers: authHeaders(manager),
      data: { facilityRid },
    });
    expect(started.status()).toBe(201);

    // Live on both phones: the banner, who started it and until when; 'End test' for the nurse only.
    for (const phone of [caregiver, nurse]) {
      const banner = phone.getByRole('status').filter({ hasText: BANNER });
      await expect(banner).toBeVisible();
      await expect(banner.getByText(/^Started by .+ · ends by \d{1,2}:\d{2}\s[AP]M$/)).toBeVisible();
    }
    await expect(caregiver.getByRole('button', { name: 'End test' })).toHaveCount(0);
    // The station display shows it too, large, and offers nothing to press.
    await expect(station.getByRole('status').filter({ hasText: BANNER })).toBeVisible();
    await expect(station.getByRole('button', { name: 'End test' })).toHaveCount(0);
    await station.screenshot({ path: path.join(screensDir, 'device-test-banner-station.png') });
    await caregiver.screenshot({ path: path.join(screensDir, 'device-test-banner.png') });
    const endTest = nurse.getByRole('button', { name: 'End test' });
    const endBox = await endTest.boundingBox();
    expect(endBox!.height).toBeGreaterThanOrEqual(44);

    await endTest.click();
    await expect(nurse.getByText(BANNER)).toHaveCount(0);
    // The caregiver's and the station display's banners go away live too.
    await expect(caregiver.getByText(BANNER)).toHaveCount(0);
    await expect(station.getByText(BANNER)).toHaveCount(0);
    const after = await request.get('/deviceaudit/api/v1/deviceQaSessions/current', {
      headers: authHeaders(caregiverTokens),
    });
    expect(((await after.json()) as { deviceTests: unknown[] }).deviceTests).toEqual([]);
    await caregiver.context().close();
    await nurse.context().close();
    await stationContext.close();
  });
});
