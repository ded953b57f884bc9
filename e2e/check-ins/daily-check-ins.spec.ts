import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  authHeaders,
  latestMinuteAt,
  screensDir,
  signInWithFacilityTimeZone,
  type Tokens,
  useSession,
} from '../alerts/fixtures';
import { CHECK_IN_COMMUNITY as C } from '../stack/facts';

/**
 * The daily check-in list (alerts doc section 2; decisions 0232, 0233) on a 360 px phone, in a community whose
 * clock reads about noon whatever the real time of day (its time zone is chosen when the stack starts).
 */

let tokens: Tokens;
let timeZone: string;

test.beforeAll(async ({ request }) => {
  // A second sign-in within 30 s (a restarted worker, another repeat) waits out the number's rate limit.
  test.setTimeout(90_000);
  ({ tokens, timeZone } = await signInWithFacilityTimeZone(request, C.caregiverPhone));
});

const unitRow = (page: Page, unit: string) => page.getByRole('region', { name: unit, exact: true });

test.describe('[CHECK-IN][DAILY-LIST]', () => {
  test('[CHECK-IN][DAILY-LIST]: a unit is checked in from the daily check-in list, reached from the dashboard', async ({
    page,
  }) => {
    await useSession(page, tokens);
    // A retry against the same stack starts from 'Not Checked-In' again.
    const done = await page.request.post('/admin/api/v1/checkIns/search', {
      headers: authHeaders(tokens),
      data: { statuses: ['COMPLETE'] },
    });
    for (const c of ((await done.json()) as { checkIns: { id: string }[] }).checkIns) {
      const undo = await page.request.put(`/admin/api/v1/checkIns/${c.id}`, {
        headers: authHeaders(tokens),
        data: { status: 'PENDING' },
      });
      expect(undo.ok()).toBe(true);
    }
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Daily Check-in' }).click();
    await expect(page).toHaveURL(/\/check-ins$/);
    await expect(page.getByRole('heading', { name: 'Daily Check-in' })).toBeVisible();

    // The occupied unit: 'Not Checked-In' with the check-in button.
    const occupied = unitRow(page, C.occupiedUnit);
    await expect(occupied.getByLabel('Check-in status')).toHaveText('Not Checked-In');
    const checkIn = occupied.getByRole('button', { name: 'Check-in Unit' });
    await expect(checkIn).toBeVisible();
    // A phone's touch target.
    const box = await checkIn.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);

    // The empty unit: no button, 'No residents in this unit'.
    const empty = unitRow(page, C.emptyUnit);
    await expect(empty.getByText('No residents in this unit')).toBeVisible();
    await expect(empty.getByRole('button', { name: 'Check-in Unit' })).toHaveCount(0);
    // The unit whose resident is on hold: 'On Hold', no button.
    const onHold = unitRow(page, C.onHoldUnit);
    await expect(onHold.getByLabel('Check-in status')).toHaveText('On Hold');
    await expect(onHold.getByRole('button', { name: 'Check-in Unit' })).toHaveCount(0);

    // Check-in Unit offers the three reasons; Go Back returns.
    await checkIn.click();
    for (const reason of ['Seen in-person', 'Called resident', 'Team member verified']) {
      await expect(occupied.getByRole('button', { name: reason })).toBeVisible();
    }
    await occupied.getByRole('button', { name: 'Go Back' }).click();
    await expect(occupied.getByRole('button', { name: 'Called resident' })).toHaveCount(0);

    await occupied.getByRole('button', { name: 'Check-in Unit' }).click();
    await occupied.getByRole('button', { name: 'Called resident' }).click();
    await expect(page.getByText(`Check-in updated for unit ${C.occupiedUnit}`).first()).toBeVisible();
    await expect(occupied.getByLabel('Check-in status')).toHaveText('Checked-In');
    await expect(occupied.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
    await expect(occupied.getByRole('button', { name: 'Check-in Unit' })).toHaveCount(0);

    await page.screenshot({ path: path.join(screensDir, 'daily-check-in-list.png'), fullPage: true });

    // Stored: a reload shows it checked in, with the reason on the server.
    await page.reload();
    await expect(unitRow(page, C.occupiedUnit).getByLabel('Check-in status')).toHaveText('Checked-In');
    const search = await page.request.post('/admin/api/v1/checkIns/search', {
      headers: authHeaders(tokens),
      data: { statuses: ['COMPLETE'] },
    });
    expect(search.ok()).toBe(true);
    const found = (await search.json()) as {
      checkIns: { unit: { displayName: string }; checkInReason: string }[];
    };
    expect(found.checkIns).toEqual([
      expect.objectContaining({
        unit: expect.objectContaining({ displayName: C.occupiedUnit }),
        checkInReason: 'CALLED_RESIDENT',
      }),
    ]);
  });

  test('[CHECK-IN][DAILY-LIST][BEFORE-4AM]: before 4:00 am facility time the list says when it begins and fetches nothing', async ({
    page,
  }) => {
    await useSession(page, tokens);
    // The page's clock reads 2:00 am facility time (the server keeps the real one).
    await page.clock.install({ time: latestMinuteAt(timeZone, 2, 0) });
    const fetched: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (
        url.pathname.startsWith('/admin/api/v1/checkIns') ||
        url.pathname === '/admin/api/v1/units/search'
      ) {
        fetched.push(`${req.method()} ${url.pathname}`);
      }
    });
    await page.goto('/check-ins');
    await expect(page.getByText('Daily check-in begins at 4:00 am')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check-in Unit' })).toHaveCount(0);
    expect(fetched).toEqual([]);
  });
});
