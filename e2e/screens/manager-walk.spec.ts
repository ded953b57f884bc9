import { randomBytes, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authHeaders, ingestUrl, sharedSession, type Tokens, useSession } from '../alerts/fixtures';
import { WALK_COMMUNITY } from '../stack/facts';

/**
 * Issue #32, the walk of a manager and a nurse at 360 x 740 with touch, in Linden Mews: archive asks first and
 * says what follows (the pendant freed, the open alert closed), Back after a save or an archive does not return
 * to the form, the unit form names its fields, Add Task returns to the task list.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const drawer = (page: Page) => page.getByRole('dialog');
const resident = 'Margaret Hale-mews';

let manager: Tokens;
let nurse: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(150_000);
  const { baseURL } = testInfo.project.use;
  const request = await playwright.request.newContext({ baseURL });
  manager = await sharedSession(request, baseURL, 'walk-manager', WALK_COMMUNITY.managerPhone);
  nurse = await sharedSession(request, baseURL, 'walk-nurse', WALK_COMMUNITY.nursePhone);
  await request.dispose();
});

/** The open alerts of a resident, as the manager's API reads them. */
async function openAlertsOf(request: APIRequestContext, residentId: string): Promise<string[]> {
  const res = await request.post('/admin/api/v1/tasks/search', {
    headers: authHeaders(manager),
    data: {
      residentIds: [residentId],
      statuses: ['OPEN_UNCLAIMED', 'OPEN_CLAIMED', 'OPEN_CONFIRMING', 'OPEN_CONFIRMED'],
      pageSize: 10,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { tasks: { id: string }[] }).tasks.map((t) => t.id);
}

test('[SCREENS][MANAGER-1][MANAGER-3]: archiving a resident with an open alert asks first, says the pendant is freed and the alert closed, closes it; Back then skips the archived resident', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await useSession(page, manager);
  // An open alert for the resident: a press of her pendant.
  const press = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': WALK_COMMUNITY.gatewayKey },
    data: {
      eventId: randomUUID(),
      hardwareId: `PENDANT-${WALK_COMMUNITY.tag}-AL`,
      type: 'BUTTON_PRESS',
      timestamp: new Date().toISOString(),
    },
  });
  expect(press.status()).toBe(202);

  await page.goto('/manage');
  await page.getByRole('link', { name: 'Residents' }).tap();
  await page.getByRole('link', { name: new RegExp(resident) }).tap();
  await expect(page).toHaveURL(/\/manage\/residents\/[^/]+$/);
  const residentId = page.url().split('/').pop() as string;
  await expect.poll(() => openAlertsOf(request, residentId), { timeout: 15_000 }).toHaveLength(1);
  const [alertId] = await openAlertsOf(request, residentId);

  // One tap asks; Cancel archives nothing.
  await page.getByRole('button', { name: 'Archive' }).tap();
  const confirm = drawer(page);
  await expect(confirm.getByRole('heading', { name: `Archive ${resident}?` })).toBeVisible();
  await expect(confirm.getByText('Their pendant is freed and goes back to the spare devices.')).toBeVisible();
  await expect(confirm.getByText('Their open alert is closed as canceled.', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).tap();
  await expect(drawer(page)).toHaveCount(0);
  expect(await openAlertsOf(request, residentId)).toEqual([alertId]);
  await expect(page).toHaveURL(new RegExp(`/manage/residents/${residentId}$`));

  // Confirmed: archived, the alert closed, back on the list.
  await page.getByRole('button', { name: 'Archive' }).tap();
  await drawer(page).getByRole('button', { name: 'Archive' }).tap();
  await expect(page).toHaveURL(/\/manage\/residents$/);
  await expect(page.getByText(`${resident} archived`)).toBeVisible();
  expect(await openAlertsOf(request, residentId)).toEqual([]);
  const alert = await request.get(`/admin/api/v1/tasks/${alertId}`, { headers: authHeaders(manager) });
  expect(await alert.json()).toMatchObject({ status: 'CLOSED_CANCELED' });

  // Back goes where the list was opened from, not to the archived resident.
  await page.goBack();
  await expect(page).toHaveURL(/\/manage$/);
});

test('[SCREENS][MANAGER-1]: archiving a staff member asks first; Cancel archives nothing', async ({
  page,
  request,
}) => {
  await useSession(page, manager);
  await page.goto('/admin/staff');
  await page.getByLabel('Search staff').fill('Lindqvist');
  await page.getByRole('link', { name: /Edit Cora Lindqvist/ }).tap();
  await page.getByRole('button', { name: 'Archive' }).tap();
  await expect(drawer(page).getByRole('heading', { name: 'Archive Cora Lindqvist?' })).toBeVisible();
  await expect(drawer(page).getByText(/can no longer sign in/)).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Cancel' }).tap();
  await expect(drawer(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();
  const staffId = page.url().split('/').pop() as string;
  const person = await request.get(`/admin/api/v1/staff/${staffId}`, { headers: authHeaders(manager) });
  expect(await person.json()).toMatchObject({ isArchived: false });
});

test('[SCREENS][MANAGER-3][MANAGER-6]: after saving a new unit or care zone, Back goes to the Manage screen, not to an empty form; the unit form names the room number', async ({
  page,
}) => {
  await useSession(page, manager);
  await page.goto('/manage');
  await page.getByRole('link', { name: 'Units' }).tap();
  await page.getByRole('link', { name: 'Add unit' }).tap();
  // No field is labelled only 'Value'.
  await expect(page.getByRole('textbox', { name: 'Value', exact: true })).toHaveCount(0);
  const unitName = `Cottage ${randomBytes(3).toString('hex')}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(unitName);
  await page.getByRole('textbox', { name: 'Room number' }).fill('12');
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page).toHaveURL(/\/manage\/units$/);
  await expect(page.getByRole('link', { name: unitName })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/manage$/);

  await page.getByRole('link', { name: 'Care Zones' }).tap();
  await page.getByRole('link', { name: 'Add care zone' }).tap();
  const zoneName = `Garden ${randomBytes(3).toString('hex')}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(zoneName);
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page).toHaveURL(/\/manage\/care-zones$/);
  await expect(page.getByRole('link', { name: zoneName })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/manage$/);
});

test('[SCREENS][NURSE-6]: after Add Task the nurse is back on the task list', async ({ page }) => {
  await useSession(page, nurse);
  await page.goto('/tasks');
  await page.getByRole('link', { name: 'Add Task' }).tap();
  await expect(page).toHaveURL(/\/tasks\/add$/);
  await page.getByRole('textbox', { name: 'Task' }).fill(`Check the linen ${randomBytes(2).toString('hex')}`);
  await page.getByRole('button', { name: 'Add Task' }).tap();
  await expect(page.getByText('Task added')).toBeVisible();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('[SCREENS][MANAGER-5]: Working In with six care zones keeps Confirm Selection and Cancel on the screen', async ({
  page,
}) => {
  await useSession(page, manager);
  await page.goto('/profile/shift');
  const zones = page.getByRole('group', { name: 'Working In' }).getByRole('checkbox');
  await expect(page.getByRole('checkbox', { name: WALK_COMMUNITY.sixthZone })).toBeVisible();
  expect(await zones.count()).toBeGreaterThanOrEqual(6);
  // Without scrolling: both buttons are on the 740 px screen, wholly.
  await expect(page.getByRole('button', { name: 'Confirm Selection' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  // And still after scrolling to the last zone, which can be picked.
  await zones.last().scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Confirm Selection' })).toBeInViewport({ ratio: 1 });
});

test("[SCREENS][NURSE-3]: a nurse sends a colleague a high five from the colleague's team page", async ({
  page,
}) => {
  await useSession(page, nurse);
  await page.goto('/team');
  await page.getByRole('link', { name: /Casey Nguyen/ }).tap();
  await expect(page).toHaveURL(/\/team\/member\//);
  await page.getByRole('button', { name: 'Send a High Five' }).tap();
  await expect(drawer(page).getByRole('heading', { name: 'Send Casey Nguyen a High Five' })).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Send High Five' }).tap();
  await expect(page.getByText('High Five Sent!')).toBeVisible();
  // Not on one's own page.
  await page.goto(`/team/member/${nurse.staffMemberId}`);
  await expect(page.getByRole('heading', { name: 'Nora Patel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a High Five' })).toHaveCount(0);
});
