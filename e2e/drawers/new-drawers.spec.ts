import { randomInt } from 'node:crypto';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { authHeaders, screensDir, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { DRAWERS_COMMUNITY as C } from '../stack/facts';

/**
 * The three drawers added for issue #15 (signin-staff-admin.md section 2 'Drawers'; alerts doc section 2,
 * drawers 11 and 12), each opened through the UI on a 360 px phone and used once, in a community of their own
 * (e2e/stack/drawers-community.ts) whose clock reads about noon.
 */

let tokens: Tokens;

test.beforeAll(async ({ request }) => {
  // A second sign-in within 30 s (a restarted worker) waits out the number's rate limit.
  test.setTimeout(90_000);
  tokens = await signInThroughApi(request, C.managerPhone);
});

const drawer = (page: Page) => page.getByRole('dialog');
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // the drawer's 250 ms entrance
  await page.screenshot({ path: path.join(screensDir, `drawers-${name}.png`) });
};

test.describe('[DRAWERS]', () => {
  test.describe.configure({ timeout: 90_000 });

  test("[DRAWERS][SELECT-CARE-ZONE]: 'Working In' on the dashboard opens the care-zone drawer; Confirm Selection saves the zone", async ({
    page,
  }) => {
    await useSession(page, tokens);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Working In/ }).click();
    const sheet = drawer(page);
    await expect(sheet.getByRole('heading', { name: 'Working In' })).toBeVisible();
    // Each zone shows who is on shift there; the groups are alternatives separated by 'OR'.
    const longTerm = sheet.getByRole('checkbox', { name: 'Long Term Care' });
    await expect(longTerm).toBeVisible();
    await expect(sheet.getByText('OR').first()).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Cancel' })).toBeVisible();
    // A retry against the same stack finds Long Term Care already chosen: it then picks Assisted Living.
    const zone = (await longTerm.isChecked()) ? 'Assisted Living' : 'Long Term Care';
    await sheet.getByRole('checkbox', { name: zone }).check();
    await shot(page, 'select-care-zone');
    await sheet.getByRole('button', { name: 'Confirm Selection' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('working-in-zones')).toHaveText(zone);
    // Saved on the server, not only on screen.
    const profile = await page.request.get(`/admin/api/v1/staff/${tokens.staffMemberId}`, {
      headers: authHeaders(tokens),
    });
    const me = (await profile.json()) as { staffMemberFacilityConfigs: { careZones: { name: string }[] }[] };
    expect(me.staffMemberFacilityConfigs.flatMap((c) => c.careZones.map((z) => z.name))).toEqual([zone]);
  });

  test('[DRAWERS][UNIT-CHECK-IN]: a unit is checked in through the unit check-in drawer, opened from the daily check-in list', async ({
    page,
  }) => {
    await useSession(page, tokens);
    // A retry against the same stack starts from 'Not Checked-In' again.
    const done = await page.request.post('/admin/api/v1/checkIns/search', {
      headers: authHeaders(tokens),
      data: { statuses: ['COMPLETE'] },
    });
    expect(done.ok()).toBe(true);
    for (const c of ((await done.json()) as { checkIns: { id: string }[] }).checkIns) {
      const undo = await page.request.put(`/admin/api/v1/checkIns/${c.id}`, {
        headers: authHeaders(tokens),
        data: { status: 'PENDING' },
      });
      expect(undo.ok()).toBe(true);
    }
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Daily Check-in' }).click();
    const row = page.getByRole('region', { name: C.checkInUnit, exact: true });
    await expect(row.getByLabel('Check-in status')).toHaveText('Not Checked-In');
    const details = row.getByRole('button', { name: 'Details' });
    const box = await details.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await details.click();

    const sheet = drawer(page);
    await expect(sheet.getByRole('heading', { name: 'Daily Check-in' })).toBeVisible();
    await expect(sheet.getByText(C.checkInUnit)).toBeVisible();
    await sheet.getByRole('button', { name: 'Check-in Unit' }).click();
    for (const reason of ['Seen in-person', 'Called resident', 'Team member verified']) {
      await expect(sheet.getByRole('button', { name: reason })).toBeVisible();
    }
    await expect(sheet.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await shot(page, 'unit-check-in');
    await sheet.getByRole('button', { name: 'Seen in-person' }).click();
    await expect(sheet.getByLabel('Check-in status')).toHaveText('Checked-In');
    await expect(sheet.getByRole('button', { name: 'Remove Unit Check-in' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet).toHaveCount(0);
    // The list under the drawer shows it.
    await expect(row.getByLabel('Check-in status')).toHaveText('Checked-In');
    await expect(row.getByRole('button', { name: 'Check-in Unit' })).toHaveCount(0);
  });

  test("[DRAWERS][SELECT-ROOM-CHECK-IN]: a wall button assigned to a unit goes to its 'Check-In button' through the room check-in drawer", async ({
    page,
  }) => {
    await useSession(page, tokens);
    const hardwareId = `WALL-DRW-${randomInt(0, 36 ** 5)
      .toString(36)
      .toUpperCase()}`;
    await page.goto('/manage');
    await page.getByRole('link', { name: 'Devices' }).click();
    await page.getByRole('radio', { name: 'Sage Button (wall button)', exact: true }).check();
    await page.getByRole('textbox', { name: 'Hardware id' }).fill(hardwareId);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/manage\/devices\/[^/]+$/);
    await expect(page.getByTestId('device-assigned-to')).toHaveText('Not assigned');

    await page.getByRole('button', { name: 'Assign to unit' }).click();
    const units = drawer(page);
    await units.getByRole('radio', { name: new RegExp(`^${C.wallButtonUnit}`) }).check();
    await units.getByRole('button', { name: 'Continue' }).click();

    const rooms = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: `Where in ${C.wallButtonUnit}?` }) });
    await expect(rooms).toBeVisible();
    const go = rooms.getByRole('button', { name: 'Continue' });
    await expect(go).toBeDisabled();
    await rooms.getByRole('radio', { name: 'Check-In button' }).check();
    await shot(page, 'select-room-check-in');
    await go.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('device-assigned-to')).toHaveText(`${C.wallButtonUnit} · Check-In button`);
    // Stored as the unit's check-in button.
    const res = await page.request.get(`/admin/api/v1/devices/allocated?deviceHardwareId=${hardwareId}`, {
      headers: authHeaders(tokens),
    });
    const [allocation] = (await res.json()) as { room: string | null; isCheckIn: boolean }[];
    expect(allocation).toMatchObject({ room: 'CHECKIN', isCheckIn: true });
  });
});
