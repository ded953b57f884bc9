import path from 'node:path';
import type { Page } from '@playwright/test';
import { allocationOf, authHeaders, DEVICES_DEMO, expect, screensDir, test } from './fixtures';

const drawer = (page: Page) => page.getByRole('dialog');
const fullName = (r: { firstName: string; middleName: string | null; lastName: string }) =>
  [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');

/** Dashboard → Search Resident → the resident's details drawer → Pendants. */
async function openPendants(page: Page, name: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Search Resident' }).click();
  await drawer(page).getByRole('textbox', { name: 'Search' }).fill(name);
  await drawer(page)
    .getByRole('radio', { name: new RegExp(name) })
    .check();
  await drawer(page).getByRole('button', { name: 'Continue' }).click();
  await drawer(page).getByRole('button', { name: 'Pendants' }).click();
  await expect(drawer(page).getByRole('heading', { name: `Pendants · ${name}` })).toBeVisible();
}

test.describe('[DEVICES][PENDANTS]', () => {
  // Notifications granted up front: the 'Allow notifications' drawer (asked while the permission is
  // undecided) would otherwise cover the dashboard.
  test.use({ permissions: ['notifications'] });

  test('[DEVICES][PENDANTS]: a manager gives a pendant to a resident who already has one', async ({
    managerPage: page,
    manager,
    request,
  }) => {
    const source = await allocationOf(request, manager, DEVICES_DEMO.lowBatteryPendant);
    const target = await allocationOf(request, manager, DEVICES_DEMO.targetResidentPendant);
    const sourceName = fullName(source.resident);
    const targetName = fullName(target.resident);

    // Drawer 10: the pendant with its battery warning (8 % is under 20) and the last press.
    await openPendants(page, sourceName);
    const pendant = drawer(page).getByRole('listitem').filter({ hasText: DEVICES_DEMO.lowBatteryPendant });
    await expect(pendant.getByText('Battery low · Battery 8%')).toBeVisible();
    await expect(pendant.getByText(/^(Last press \d+(s|m|h|d|mo|y) ago|Never pressed)$/)).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(screensDir, '10-resident-pendants.png') });

    // Management opens the allocation page from there.
    await pendant.getByRole('button', { name: 'Device Allocation' }).click();
    await expect(page).toHaveURL(new RegExp(`/devices/allocation/${source.id}$`));
    await expect(page.getByRole('heading', { name: 'Device Allocation' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Sage Button')).toBeVisible();
    // On the page itself: the pendants drawer may still be playing its exit animation.
    await expect(
      page.getByRole('main').getByText(DEVICES_DEMO.lowBatteryPendant, { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('assigned-to')).toContainText(sourceName);
    await page.screenshot({ path: path.join(screensDir, '10-device-allocation.png') });

    // The residents-with-buttons picker: case-insensitive search, counts, Continue needs a selection.
    await page.getByRole('button', { name: 'Assign to resident' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Select Resident' })).toBeVisible();
    await drawer(page).getByRole('textbox', { name: 'Search residents' }).fill(targetName.toUpperCase());
    await expect(drawer(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
    const choice = drawer(page).getByRole('radio', { name: new RegExp(`${targetName}.*1 button`) });
    await expect(choice).toBeVisible();
    await page.waitForTimeout(400); // the drawer's 250 ms entrance, for the screenshot
    await page.screenshot({ path: path.join(screensDir, '16-select-residents-with-buttons.png') });
    await choice.check();
    await drawer(page).getByRole('button', { name: 'Continue' }).click();

    // Drawer 17: the warning, then Continue saves.
    await expect(drawer(page).getByRole('heading', { name: 'Pendant already assigned' })).toBeVisible();
    await expect(
      drawer(page).getByText(
        'If the button pendant currently assigned to this resident is broken, unassign the broken button before assigning a new one.',
      ),
    ).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(screensDir, '17-pendant-already-assigned.png') });
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByText(`Pendant ${DEVICES_DEMO.lowBatteryPendant} assigned to ${targetName}`),
    ).toBeVisible();
    await expect(
      page.getByText(`${target.resident.firstName} ${target.resident.lastName}'s pendant`),
    ).toBeVisible();
    await expect(page.getByTestId('assigned-to')).toContainText(targetName);

    // Saved on the server: the target resident now has both pendants.
    const saved = await request.get(`/admin/api/v1/devices/allocated/${source.id}`, {
      headers: authHeaders(manager),
    });
    expect(((await saved.json()) as { resident: { id: string } }).resident.id).toBe(target.resident.id);
    const targets = await request.get(`/admin/api/v1/devices/allocated?residentRid=${target.resident.id}`, {
      headers: authHeaders(manager),
    });
    expect(((await targets.json()) as { id: string }[]).map((a) => a.id).sort()).toEqual(
      [source.id, target.id].sort(),
    );

    // Unassign, after its confirmation.
    await page.getByRole('button', { name: 'Unassign' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Unassign device?' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Unassign' }).click();
    await expect(page.getByText(`Device ${DEVICES_DEMO.lowBatteryPendant} unassigned`)).toBeVisible();
    await expect(page.getByTestId('assigned-to')).toHaveText('This device is not assigned.');
    await expect(page.getByRole('button', { name: 'Assign to resident' })).toHaveCount(0);
    const unassigned = await request.get(`/admin/api/v1/devices/allocated/${source.id}`, {
      headers: authHeaders(manager),
    });
    expect(((await unassigned.json()) as { isActive: boolean }).isActive).toBe(false);
  });

  test('[DEVICES][PENDANTS]: a caregiver sees pendants but no allocation link, and the page refuses them', async ({
    caregiverPage: page,
    caregiver,
    request,
  }) => {
    const unknown = await allocationOf(request, caregiver, DEVICES_DEMO.unknownBatteryPendant);
    await openPendants(page, fullName(unknown.resident));
    const pendant = drawer(page)
      .getByRole('listitem')
      .filter({ hasText: DEVICES_DEMO.unknownBatteryPendant });
    await expect(pendant.getByText('Battery unknown')).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Device Allocation' })).toHaveCount(0);

    await page.goto(`/devices/allocation/${unknown.id}`);
    await expect(page.getByText('Only management can open a device allocation page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Assign to resident' })).toHaveCount(0);
    const refused = await request.put(`/admin/api/v1/devices/allocated/${unknown.id}`, {
      headers: authHeaders(caregiver),
      data: { displayName: 'Mine now' },
    });
    expect(refused.status()).toBe(403);
  });
});
