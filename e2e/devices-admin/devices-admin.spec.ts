import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  authHeaders,
  demoFacility,
  doorOpenActivity,
  doorOpens,
  drawer,
  expect,
  localTime,
  newResident,
  pendantsOf,
  screensDir,
  tag,
  test,
} from './fixtures';

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400); // the drawer's 250 ms entrance
  await page.screenshot({ path: path.join(screensDir, `devices-admin-${name}.png`) });
};

/** /manage → Devices → register a device of a kind; ends on its page. Returns the device id. */
/** Registers a device of a kind (its radio's name), named after by its type (decision 0602). */
async function registerDevice(page: Page, kind: string, type: string, hardwareId: string): Promise<string> {
  await page.goto('/manage');
  await page.getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByRole('heading', { name: 'Register device' })).toBeVisible();
  await page.getByRole('radio', { name: kind, exact: true }).check();
  await page.getByRole('textbox', { name: 'Hardware id' }).fill(hardwareId);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(`${type} ${hardwareId} registered`)).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/devices\/[^/]+$/);
  await expect(page.getByTestId('device-assigned-to')).toHaveText('Not assigned');
  return decodeURIComponent(page.url().split('/').pop() ?? '');
}

test.describe('[DEVICES-ADMIN]', () => {
  // Whole journeys through several screens on a 2-core machine shared with other runs.
  test.describe.configure({ timeout: 90_000 });

  test('[DEVICES-ADMIN][PENDANT]: a manager registers a pendant, gives it to a resident, and a second pendant warns Pendant already assigned', async ({
    managerPage: page,
    manager,
    request,
  }) => {
    const facility = await demoFacility(request, manager);
    const resident = await newResident(request, manager, facility.id);
    const first = `E2E-PEND-${tag()}`;
    const second = `E2E-PEND-${tag()}`;

    // A new pendant to a resident without one: no warning.
    await registerDevice(page, 'Sage Button (pendant)', 'Sage Button', first);
    await page.getByRole('button', { name: 'Assign to resident' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Select Resident' })).toBeVisible();
    await drawer(page).getByRole('textbox', { name: 'Search residents' }).fill(resident.lastName);
    await drawer(page)
      .getByRole('radio', { name: new RegExp(`${resident.fullName}.*No buttons`) })
      .check();
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`Pendant ${first} assigned to ${resident.fullName}`)).toBeVisible();
    await expect(page.getByTestId('device-assigned-to')).toHaveText(resident.fullName);
    await expect(page.getByRole('heading', { name: 'Pendant already assigned' })).toHaveCount(0);
    expect(await pendantsOf(request, manager, resident.id)).toEqual([first]);

    // The registry lists it as the resident's pendant, with its battery and last press.
    await page.goto('/manage/devices');
    await page.getByRole('searchbox', { name: 'Search devices' }).fill(first);
    const row = page.getByRole('link', { name: first });
    await expect(row).toContainText('Sage Button');
    await expect(row).toContainText(resident.fullName);
    await expect(row).toContainText(/Battery unknown|Battery \d+%/);
    await expect(row).toContainText('Never pressed');
    await shot(page, 'registry');

    // A second pendant to the same resident: the warning, Cancel writes nothing.
    await registerDevice(page, 'Sage Button (pendant)', 'Sage Button', second);
    const chooseResident = async () => {
      await page.getByRole('button', { name: 'Assign to resident' }).click();
      await drawer(page).getByRole('textbox', { name: 'Search residents' }).fill(resident.lastName);
      await drawer(page)
        .getByRole('radio', { name: new RegExp(`${resident.fullName}.*1 button`) })
        .check();
      await drawer(page).getByRole('button', { name: 'Continue' }).click();
      await expect(drawer(page).getByRole('heading', { name: 'Pendant already assigned' })).toBeVisible();
      await expect(
        drawer(page).getByText(
          'If the button pendant currently assigned to this resident is broken, unassign the broken button before assigning a new one.',
        ),
      ).toBeVisible();
    };
    await chooseResident();
    await shot(page, 'pendant-already-assigned');
    await drawer(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer(page)).toHaveCount(0);
    await expect(page.getByTestId('device-assigned-to')).toHaveText('Not assigned');
    expect(await pendantsOf(request, manager, resident.id)).toEqual([first]);

    // Again, and Continue: the resident carries both.
    await chooseResident();
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`Pendant ${second} assigned to ${resident.fullName}`)).toBeVisible();
    await expect(page.getByTestId('device-assigned-to')).toHaveText(resident.fullName);
    expect(await pendantsOf(request, manager, resident.id)).toEqual([first, second].sort());
  });

  test('[DEVICES-ADMIN][PENDANT]: a pendant given meanwhile by someone else raises the warning after saving, and Cancel takes the new one back', async ({
    managerPage: page,
    manager,
    request,
  }) => {
    const facility = await demoFacility(request, manager);
    const resident = await newResident(request, manager, facility.id);
    const register = async (hardwareId: string) => {
      const res = await request.post('/admin/api/v1/devices', {
        headers: authHeaders(manager),
        data: { facilityRid: facility.id, type: 'SAGE_BUTTON', hardwareId },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const mine = `E2E-PEND-${tag()}`;
    const theirs = `E2E-PEND-${tag()}`;
    const mineId = await register(mine);
    const theirsId = await register(theirs);

    // The race, for real: our save is held until another manager's pendant for the resident is saved.
    await page.route(
      (url) => url.pathname === '/admin/api/v1/devices/allocated',
      async (route) => {
        if (route.request().method() === 'POST') {
          const other = await request.post('/admin/api/v1/devices/allocated', {
            headers: authHeaders(manager),
            data: { facilityRid: facility.id, deviceRid: theirsId, residentRid: resident.id },
          });
          expect(other.status()).toBe(201);
        }
        await route.continue();
      },
    );
    await page.goto(`/manage/devices/${mineId}`);
    await page.getByRole('button', { name: 'Assign to resident' }).click();
    await drawer(page).getByRole('textbox', { name: 'Search residents' }).fill(resident.lastName);
    // No pendant yet when chosen: no warning before saving.
    await drawer(page)
      .getByRole('radio', { name: new RegExp(`${resident.fullName}.*No buttons`) })
      .check();
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`Pendant ${mine} assigned to ${resident.fullName}`)).toBeVisible();
    // The reply's residentOtherPendantIds names the other one: the warning, after the fact.
    await expect(drawer(page).getByRole('heading', { name: 'Pendant already assigned' })).toBeVisible();
    expect(await pendantsOf(request, manager, resident.id)).toEqual([mine, theirs].sort());
    await drawer(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(`${mine} was not assigned`)).toBeVisible();
    await expect(page.getByTestId('device-assigned-to')).toHaveText('Not assigned');
    expect(await pendantsOf(request, manager, resident.id)).toEqual([theirs]);
  });

  test('[DEVICES-ADMIN][DOORS]: a door sensor on a new door, its alert hours edited, and a door-open alerts only inside them', async ({
    managerPage: page,
    manager,
    request,
  }) => {
    const facility = await demoFacility(request, manager);
    const doorName = `E2E Door ${tag()}`;
    const sensor = `E2E-DOOR-${tag()}`;

    // A new door follows the community default (the demo's is Always Alert).
    await page.goto('/manage');
    await page.getByRole('link', { name: 'Doors' }).click();
    await page.getByRole('textbox', { name: 'Door name' }).fill(doorName);
    await page.getByRole('button', { name: 'Add door' }).click();
    await expect(page.getByText(`Door ${doorName} added`)).toBeVisible();
    const doorRow = page.getByRole('group', { name: doorName });
    await expect(doorRow).toContainText('No Door Alarm');
    await expect(doorRow.getByTestId('door-hours')).toHaveText(
      'Alert hours: Always Alert (Community default)',
    );

    // A door sensor, given to the door through Select door.
    const deviceId = await registerDevice(page, 'Door Alarm', 'Door Alarm', sensor);
    await page.getByRole('button', { name: 'Assign to door' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Select Door' })).toBeVisible();
    const search = drawer(page).getByRole('textbox', { name: 'Search doors' });
    await search.fill('no such door anywhere');
    await expect(drawer(page).getByText('No doors found')).toBeVisible();
    // "Doors that already have a device allocated are disabled": the demo's loading dock has its alarm.
    await search.fill('loading dock');
    await expect(drawer(page).getByRole('radio', { name: /Loading Dock/ })).toBeDisabled();
    await search.fill(doorName.toLowerCase());
    await drawer(page).getByRole('radio', { name: doorName }).check();
    await shot(page, 'select-door');
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`${sensor} assigned to ${doorName}`)).toBeVisible();

    // Its alert hours follow: the door schedule drawer, with the custom-time rules.
    await expect(drawer(page).getByRole('heading', { name: 'Door Alert Hours' })).toBeVisible();
    await expect(drawer(page).getByRole('radio', { name: 'Always Alert' })).toBeChecked();
    for (const preset of ['Never Alert', '7 PM - 7 AM', 'Custom Time']) {
      await expect(drawer(page).getByRole('radio', { name: preset })).toBeVisible();
    }
    await drawer(page).getByRole('radio', { name: 'Custom Time' }).check();
    const start = drawer(page).getByLabel('Start time');
    const end = drawer(page).getByLabel('End time');
    const cont = drawer(page).getByRole('button', { name: 'Continue' });
    await start.fill('10:00');
    await end.fill('10:00');
    await expect(drawer(page).getByText('Start and end times must be different')).toBeVisible();
    await expect(cont).toBeDisabled();
    await start.fill('00:00');
    await end.fill('23:59');
    await expect(
      drawer(page).getByText('This alert period spans the whole day. Please select Always Alert instead.'),
    ).toBeVisible();
    await expect(cont).toBeDisabled();
    await start.fill('22:00');
    await end.fill('06:00');
    await expect(drawer(page).getByTestId('overnight-note')).toHaveText(
      'This alert period runs overnight: from 22:00 until 06:00 the next day.',
    );
    await expect(cont).toBeEnabled();
    await shot(page, 'door-schedule-custom');

    // Hours that do not hold now (community time): from 2 h to 4 h from now.
    const outside = { start: localTime(facility.timezone, 120), end: localTime(facility.timezone, 240) };
    await start.fill(outside.start);
    await end.fill(outside.end);
    await cont.click();
    await expect(page.getByText(`Alert hours saved for ${doorName}`)).toBeVisible();
    await expect(drawer(page)).toHaveCount(0);

    // A door-open now: stored, no alert.
    await doorOpens(request, sensor);
    await expect
      .poll(async () => (await doorOpenActivity(request, manager, facility.id, deviceId)).length, {
        timeout: 10_000,
      })
      .toBe(1);
    expect((await doorOpenActivity(request, manager, facility.id, deviceId))[0]?.taskId).toBeNull();
    // And no task of the door among those created since.
    const tasks = await request.post('/admin/api/v1/tasks/search', {
      headers: authHeaders(manager),
      data: { facilityId: facility.id, createdAfter: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(tasks.status()).toBe(200);
    expect(await tasks.text()).not.toContain(`${doorName} door opened`);

    // The doors list reads the saved hours; "a single range matching 19:00-07:00 shows as the preset".
    await page.goto('/manage/doors');
    await expect(doorRow.getByTestId('door-hours')).toHaveText(
      `Alert hours: Custom Time · ${outside.start} - ${outside.end}`,
    );
    await expect(doorRow).toContainText(`Door Alarm ${sensor}`);
    await doorRow.getByRole('button', { name: 'Edit alert hours' }).click();
    await expect(drawer(page).getByRole('radio', { name: 'Custom Time' })).toBeChecked();
    await expect(drawer(page).getByLabel('Start time')).toHaveValue(outside.start);
    await drawer(page).getByLabel('Start time').fill('19:00');
    await drawer(page).getByLabel('End time').fill('07:00');
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(doorRow.getByTestId('door-hours')).toHaveText('Alert hours: 7 PM - 7 AM');
    await doorRow.getByRole('button', { name: 'Edit alert hours' }).click();
    await expect(drawer(page).getByRole('radio', { name: '7 PM - 7 AM' })).toBeChecked();

    // Hours that hold now: from 1 h ago to 1 h from now; a door-open alerts.
    await drawer(page).getByRole('radio', { name: 'Custom Time' }).check();
    const inside = { start: localTime(facility.timezone, -60), end: localTime(facility.timezone, 60) };
    await drawer(page).getByLabel('Start time').fill(inside.start);
    await drawer(page).getByLabel('End time').fill(inside.end);
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(doorRow.getByTestId('door-hours')).toHaveText(
      `Alert hours: Custom Time · ${inside.start} - ${inside.end}`,
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Open Alerts' })).toBeVisible();
    await doorOpens(request, sensor);
    const card = page
      .getByRole('list', { name: 'Open alerts in my care zones' })
      .getByRole('link', { name: new RegExp(`${doorName} door opened`) });
    await expect(card).toBeVisible({ timeout: 10_000 });
    const activity = await doorOpenActivity(request, manager, facility.id, deviceId);
    expect(activity).toHaveLength(2);
    expect(activity[0]?.taskId).not.toBeNull();
    await shot(page, 'door-open-alert');

    // The sensor's allocation page edits the same door's hours.
    await page.goto(`/manage/devices/${deviceId}`);
    await expect(page.getByTestId('device-assigned-to')).toHaveText(doorName);
    await page.getByRole('link', { name: 'Device Allocation' }).click();
    await expect(page.getByTestId('assigned-to')).toHaveText(doorName);
    await page.getByRole('button', { name: 'Edit alert hours' }).click();
    await expect(drawer(page).getByRole('radio', { name: 'Custom Time' })).toBeChecked();
    await expect(drawer(page).getByLabel('End time')).toHaveValue(inside.end);
  });

  test('[DEVICES-ADMIN][ROLES]: a caregiver is refused the device and door screens, and the server refuses them too', async ({
    caregiverPage: page,
    caregiver,
    request,
  }) => {
    for (const screen of ['/manage/devices', '/manage/doors']) {
      await page.goto(screen);
      await expect(page.getByText('Only management can manage devices and doors.')).toBeVisible();
      await expect(page.getByRole('button', { name: /Register|Add door/ })).toHaveCount(0);
    }
    const refused = await request.get('/admin/api/v1/devices', { headers: authHeaders(caregiver) });
    expect(refused.status()).toBe(403);
  });
});
