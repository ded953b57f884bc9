import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, sharedSession, type Tokens, useSession } from '../alerts/fixtures';
import { WALK_COMMUNITY } from '../stack/facts';

/**
 * Issue #32, manager points 4 and 10, at 360 x 740 with touch in Linden Mews: nothing in the manager's lists is
 * cut (the doors' buttons, a contact's Remove, long names, the Pendant chip) and a disabled Delete door says why;
 * the units and care-zone lists have a search; a unit with history is archived and restored; a device is
 * unassigned from its own page after a confirmation. Every record here is made for this spec (its own names).
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const API = '/admin/api/v1';
const drawer = (page: Page) => page.getByRole('dialog');
const tag = () => randomBytes(3).toString('hex');

let manager: Tokens;
let facilityId: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(150_000);
  const { baseURL } = testInfo.project.use;
  const request = await playwright.request.newContext({ baseURL });
  manager = await sharedSession(request, baseURL, 'walk-manager', WALK_COMMUNITY.managerPhone);
  const units = await request.get(`${API}/units`, { headers: authHeaders(manager) });
  expect(units.ok(), await units.text()).toBe(true);
  facilityId = ((await units.json()) as { facilityId: string }[])[0]!.facilityId;
  await request.dispose();
});

/** The manager's API call; fails the test on anything but a 2xx, and answers the reply's JSON. */
async function call<T>(request: APIRequestContext, method: 'POST' | 'GET', path: string, data?: unknown) {
  const res = await request.fetch(`${API}${path}`, { method, headers: authHeaders(manager), data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const registerDevice = (request: APIRequestContext, type: string, hardwareId: string) =>
  call<{ id: string }>(request, 'POST', '/devices', { facilityRid: facilityId, type, hardwareId });

const allocate = (request: APIRequestContext, body: Record<string, string>) =>
  call<{ id: string }>(request, 'POST', '/devices/allocated', { facilityRid: facilityId, ...body });

/**
 * The element shows its whole text: neither it nor anything inside it is clipped (its content no wider than its
 * box; an ellipsis makes it wider) and it lies inside the 360 px screen.
 */
async function expectWhole(locator: Locator, what: string) {
  await expect(locator).toBeVisible();
  const clipped = await locator.evaluate((element) => {
    const out: string[] = [];
    for (const el of [element, ...element.querySelectorAll('*')]) {
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 0.5) {
        out.push(`${el.tagName}.${el.className} '${el.textContent}' ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    const box = element.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth)
      out.push(`outside the screen: ${box.left}..${box.right}`);
    return out;
  });
  expect(clipped, `${what} is cut`).toEqual([]);
}

test('[SCREENS][MANAGER-4]: at 360 px the doors list shows Edit alert hours and Delete door whole; a disabled Delete door says why', async ({
  page,
  request,
}) => {
  const t = tag();
  const door = await call<{ rid: string; name: string }>(request, 'POST', '/doors', {
    facilityRid: facilityId,
    doorName: `Garden Door ${t}`,
  });
  const sensor = await registerDevice(request, 'DOOR_ALARM', `DOOR-lists-${t}`);
  await allocate(request, { deviceRid: sensor.id, doorRid: door.rid });
  const free = await call<{ name: string }>(request, 'POST', '/doors', {
    facilityRid: facilityId,
    doorName: `Kitchen Door ${t}`,
  });

  await useSession(page, manager);
  await page.goto('/manage/doors');
  const row = page.getByRole('group', { name: door.name });
  await row.scrollIntoViewIfNeeded();
  await expectWhole(row.getByRole('button', { name: 'Edit alert hours' }), 'Edit alert hours');
  const del = row.getByRole('button', { name: 'Delete door' });
  await expectWhole(del, 'Delete door');
  // Disabled while the sensor is assigned, and it says so: on screen and as the button's description.
  await expect(del).toBeDisabled();
  await expect(del).toHaveAccessibleDescription('Unassign the door sensor before deleting the door.');
  await expect(row.getByText('Unassign the door sensor before deleting the door.')).toBeVisible();

  // A door without a sensor: Delete door enabled, whole, and no reason shown.
  const freeRow = page.getByRole('group', { name: free.name });
  await freeRow.scrollIntoViewIfNeeded();
  await expectWhole(freeRow.getByRole('button', { name: 'Edit alert hours' }), 'Edit alert hours');
  await expectWhole(freeRow.getByRole('button', { name: 'Delete door' }), 'Delete door');
  await expect(freeRow.getByRole('button', { name: 'Delete door' })).toBeEnabled();
  await expect(freeRow.getByText('Unassign the door sensor')).toHaveCount(0);
});

test("[SCREENS][MANAGER-4]: at 360 px a long resident name, the Pendant chip and a contact's Remove are shown whole", async ({
  page,
  request,
}) => {
  const t = tag();
  const lastName = `Featherstonehaugh-Worthington ${t}`;
  const resident = await call<{ id: string }>(request, 'POST', '/residents', {
    facilityId,
    firstName: 'Maximiliana-Josephine',
    lastName,
  });
  const pendant = await registerDevice(request, 'SAGE_BUTTON', `PENDANT-lists-${t}`);
  await allocate(request, { deviceRid: pendant.id, residentRid: resident.id });
  await call(request, 'POST', `/residents/${resident.id}/contacts`, {
    firstName: 'Bartholomew-Alexander',
    lastName: `Montgomery-Wolstenholme ${t}`,
    relationship: 'Grandson',
    phoneNumber: '+14155550999',
  });

  await useSession(page, manager);
  await page.goto('/manage/residents');
  await page.getByLabel('Search residents').fill(lastName);
  const list = page.getByRole('list', { name: 'Residents' });
  const card = list.getByRole('link', { name: new RegExp(lastName) });
  await expect(card).toHaveCount(1);
  await expectWhole(card.getByText(`Maximiliana-Josephine ${lastName}`), 'the resident name');
  await expectWhole(card.getByText('Pendant', { exact: true }), 'the Pendant chip');

  await card.tap();
  await expect(page).toHaveURL(new RegExp(`/manage/residents/${resident.id}$`));
  const contacts = page.getByRole('region', { name: 'Contacts' });
  await contacts.getByText(`Bartholomew-Alexander Montgomery-Wolstenholme ${t}`).scrollIntoViewIfNeeded();
  await expectWhole(
    contacts.getByText(`Bartholomew-Alexander Montgomery-Wolstenholme ${t}`),
    'the contact name',
  );
  await expectWhole(contacts.getByRole('button', { name: /^Remove/ }), "the contact's Remove");
});

test('[SCREENS][MANAGER-10]: the units and care-zone lists have a search', async ({ page, request }) => {
  const t = tag();
  await call(request, 'POST', '/units', { facilityId, displayName: `Orchard ${t}` });
  await call(request, 'POST', '/units', { facilityId, displayName: `Meadow ${t}`, value: '214' });

  await useSession(page, manager);
  await page.goto('/manage/units');
  const units = page.getByRole('list', { name: 'Units' });
  await expect(units.getByRole('link', { name: new RegExp(`Orchard ${t}`) })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search units' }).fill(`meadow ${t}`);
  await expect(units.getByRole('link')).toHaveCount(1);
  await expect(units.getByRole('link', { name: new RegExp(`Meadow ${t}`) })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search units' }).fill(`nothing-${t}`);
  await expect(page.getByText('No units match your search')).toBeVisible();

  await page.goto('/manage/care-zones');
  const zones = page.getByRole('list', { name: 'Care zones' });
  await expect(zones.getByRole('link', { name: new RegExp(WALK_COMMUNITY.sixthZone) })).toBeVisible();
  expect(await zones.getByRole('link').count()).toBeGreaterThanOrEqual(6);
  await page.getByRole('textbox', { name: 'Search care zones' }).fill('garden');
  await expect(zones.getByRole('link')).toHaveCount(1);
  await expect(zones.getByRole('link', { name: new RegExp(WALK_COMMUNITY.sixthZone) })).toBeVisible();
});

test('[SCREENS][MANAGER-10]: a unit with history cannot be deleted but is archived after a confirmation, leaves the list, shows under Show archived and is restored', async ({
  page,
  request,
}) => {
  const t = tag();
  const name = `Lantern ${t}`;
  const unit = await call<{ id: string }>(request, 'POST', '/units', { facilityId, displayName: name });
  // Its history: a wall button assigned once, then unassigned.
  const button = await registerDevice(request, 'SAGE_BUTTON', `WALL-lists-${t}`);
  const allocation = await allocate(request, { deviceRid: button.id, unitRid: unit.id });
  await call(request, 'POST', `/devices/allocated/${allocation.id}/unallocate`);

  await useSession(page, manager);
  await page.goto('/manage/units');
  await page.getByRole('textbox', { name: 'Search units' }).fill(name);
  await page.getByRole('link', { name: new RegExp(name) }).tap();
  await expect(page).toHaveURL(new RegExp(`/manage/units/${unit.id}$`));
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
    /archive it instead/,
  );

  // One tap asks; Cancel archives nothing.
  await page.getByRole('button', { name: 'Archive' }).tap();
  await expect(drawer(page).getByRole('heading', { name: `Archive ${name}?` })).toBeVisible();
  await expect(drawer(page).getByText(/Its alerts, check-ins and device history are kept/)).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Cancel' }).tap();
  await expect(drawer(page)).toHaveCount(0);
  const archivedUnits = () =>
    call<{ id: string }[]>(request, 'GET', `/units?facilityId=${facilityId}&isArchived=true`);
  expect((await archivedUnits()).map((u) => u.id)).not.toContain(unit.id);

  await page.getByRole('button', { name: 'Archive' }).tap();
  await drawer(page).getByRole('button', { name: 'Archive' }).tap();
  await expect(page).toHaveURL(/\/manage\/units$/);
  await expect(page.getByText(`Unit ${name} archived`)).toBeVisible();
  expect((await archivedUnits()).map((u) => u.id)).toContain(unit.id);
  await page.getByRole('textbox', { name: 'Search units' }).fill(name);
  await expect(page.getByText('No units match your search')).toBeVisible();

  await page.getByRole('switch', { name: 'Show archived' }).tap();
  const archived = page.getByRole('link', { name: new RegExp(name) });
  await expect(archived).toContainText('Archived');
  await archived.tap();
  await page.getByRole('button', { name: 'Restore' }).tap();
  await expect(page.getByText(`Unit ${name} restored`)).toBeVisible();
  expect((await archivedUnits()).map((u) => u.id)).not.toContain(unit.id);
});

test('[SCREENS][MANAGER-10]: a device is unassigned from its own page after a confirmation; Cancel keeps it', async ({
  page,
  request,
}) => {
  const t = tag();
  const unit = await call<{ id: string }>(request, 'POST', '/units', {
    facilityId,
    displayName: `Willow ${t}`,
  });
  const hardwareId = `WALL-unassign-${t}`;
  const device = await registerDevice(request, 'SAGE_BUTTON', hardwareId);
  const allocation = await allocate(request, { deviceRid: device.id, unitRid: unit.id });
  const isActive = async () =>
    (await call<{ isActive: boolean }>(request, 'GET', `/devices/allocated/${allocation.id}`)).isActive;

  await useSession(page, manager);
  await page.goto(`/manage/devices/${device.id}`);
  await expect(page.getByTestId('device-assigned-to')).toContainText(`Willow ${t}`);
  await page.getByRole('button', { name: 'Unassign' }).tap();
  await expect(drawer(page).getByRole('heading', { name: 'Unassign device?' })).toBeVisible();
  await expect(drawer(page).getByText(`${hardwareId} will no longer raise alerts`)).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Cancel' }).tap();
  await expect(drawer(page)).toHaveCount(0);
  expect(await isActive()).toBe(true);

  await page.getByRole('button', { name: 'Unassign' }).tap();
  await drawer(page).getByRole('button', { name: 'Unassign' }).tap();
  await expect(page.getByText(`Device ${hardwareId} unassigned`)).toBeVisible();
  await expect(page.getByTestId('device-assigned-to')).toHaveText('Not assigned');
  await expect(page.getByRole('button', { name: 'Unassign' })).toHaveCount(0);
  expect(await isActive()).toBe(false);
});
