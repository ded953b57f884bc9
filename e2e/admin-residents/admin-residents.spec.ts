import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { authHeaders, expect, type Tokens, test, useSession } from '../alerts/fixtures';

const drawer = (page: Page) => page.getByRole('dialog');

/** Pendants other browser specs press or move: this spec leaves them alone. */
const PENDANTS_OF_OTHER_SPECS = new Set(
  ['0001', '0003', '0006', '0009', '0012', '0013', '0016', '0018', '0020', '0021', '0022', '0031'].map(
    (n) => `PENDANT-${n}`,
  ),
);

/** A demo resident's pendant no other spec uses: the last one of the facility. */
async function spareDemoPendant(request: APIRequestContext, manager: Tokens) {
  const res = await request.get('/admin/api/v1/devices/allocated?type=SAGE_BUTTON', {
    headers: authHeaders(manager),
  });
  expect(res.status()).toBe(200);
  const pendants = ((await res.json()) as { id: string; device: { hardwareId: string }; resident: unknown }[])
    .filter((a) => a.resident && /^PENDANT-\d{4}$/.test(a.device.hardwareId))
    .filter((a) => !PENDANTS_OF_OTHER_SPECS.has(a.device.hardwareId))
    .sort((a, b) => b.device.hardwareId.localeCompare(a.device.hardwareId));
  const pendant = pendants[0];
  if (!pendant) throw new Error('No demo pendant free for this spec');
  return { allocationId: pendant.id, hardwareId: pendant.device.hardwareId };
}

async function firstUnit(request: APIRequestContext, manager: Tokens, careType: string) {
  const res = await request.get(`/admin/api/v1/units?careType=${careType}`, {
    headers: authHeaders(manager),
  });
  const [unit] = (await res.json()) as { id: string; displayName: string }[];
  if (!unit) throw new Error(`No ${careType} unit`);
  return unit;
}

test.describe('[ADMIN][RESIDENTS]', () => {
  test('[ADMIN][RESIDENTS]: a manager admits a resident with health info, gives a pendant, edits, adds contacts, archives', async ({
    managerPage: page,
    manager,
    request,
  }) => {
    // A dozen screens and saves in one walk: 10 s on a quiet machine, past Playwright's default 30 s when the
    // two cores are shared with a load of 20 and more.
    test.setTimeout(90_000);
    const tag = randomBytes(3).toString('hex');
    const firstName = 'Dorothea';
    const lastName = `Brooke-${tag}`;
    const fullName = `${firstName} ${lastName}`;
    const unit = await firstUnit(request, manager, 'ASSISTED_LIVING');

    // In through the dashboard's Manage entry.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Manage' }).click();
    await page.getByRole('link', { name: 'Residents' }).click();
    await page.getByRole('link', { name: 'Admit resident' }).click();
    await expect(page.getByRole('heading', { name: 'New resident' })).toBeVisible();

    // Saving without a last name names the field.
    await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
    await page.getByLabel('Date of birth').fill('1941-05-17');
    await page.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: new RegExp(`^${unit.displayName} ·`) }).click();
    // The manager is a Management admin: phone and email (PII) and health info (PHI) are theirs to write.
    await page.getByRole('textbox', { name: 'Personal phone' }).fill('+14155550166');
    await page.getByRole('combobox', { name: 'Code status' }).click();
    await page.getByRole('option', { name: 'DNR Order' }).click();
    await page.getByRole('combobox', { name: 'Hospice' }).click();
    await page.getByRole('option', { name: 'Yes' }).click();
    await page.getByRole('textbox', { name: 'Memory' }).fill('Mild impairment');
    await page.getByRole('textbox', { name: 'Bathing' }).fill('Assist x1');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText(`${fullName} admitted`)).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/residents\/(?!new)[^/]+$/);
    const residentId = page.url().split('/').pop() ?? '';
    await expect(page.getByText('No pendant')).toBeVisible();

    const stored = await request.get(`/admin/api/v1/residents/${residentId}`, {
      headers: authHeaders(manager),
    });
    expect(await stored.json()).toMatchObject({
      firstName,
      lastName,
      dateOfBirth: '1941-05-17',
      personalPhone: '+14155550166',
      unit: { id: unit.id },
      health: { resuscitationStrategy: 'DNR', hospiceStatus: 'HOSPICE_CARE' },
      healthInfo: {
        memoryHealthInfo: { memoryLevel: 'Mild impairment' },
        adlHealthInfo: { bathingLevel: 'Assist x1' },
      },
    });

    // A pendant, on the existing allocation page: Assign to resident, the new resident has no buttons yet.
    const pendant = await spareDemoPendant(request, manager);
    await page.goto(`/devices/allocation/${pendant.allocationId}`);
    await page.getByRole('button', { name: 'Assign to resident' }).click();
    await drawer(page).getByRole('textbox', { name: 'Search residents' }).fill(lastName);
    await drawer(page)
      .getByRole('radio', { name: new RegExp(`${fullName}.*No buttons`) })
      .check();
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`Pendant ${pendant.hardwareId} assigned to ${fullName}`)).toBeVisible();

    // Back on the resident: the pendant shows; edit the preferred name.
    await page.goto(`/manage/residents/${residentId}`);
    await expect(page.getByText('Has a pendant')).toBeVisible();
    await page.getByRole('textbox', { name: 'Preferred name' }).fill('Dodo');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${fullName} saved`)).toBeVisible();
    const edited = await request.get(`/admin/api/v1/residents/${residentId}`, {
      headers: authHeaders(manager),
    });
    expect(await edited.json()).toMatchObject({ preferredName: 'Dodo', hasPendant: true });

    // A family contact (PII) and the primary care provider (PHI).
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await contacts.getByRole('textbox', { name: 'Contacts: name' }).fill('Celia Brooke');
    await contacts.getByRole('textbox', { name: 'Relationship' }).fill('Sister');
    await contacts.getByRole('textbox', { name: 'Phone' }).fill('+14155550167');
    await contacts.getByRole('button', { name: 'Add' }).click();
    await expect(contacts.getByText('Sister · +14155550167')).toBeVisible();
    const pcp = page.getByRole('region', { name: 'Primary care provider' });
    await pcp.getByRole('textbox', { name: 'Primary care provider: name' }).fill('Dr. Lydgate');
    await pcp.getByRole('button', { name: 'Add' }).click();
    await expect(pcp.getByText('Dr. Lydgate')).toBeVisible();
    const family = await request.get(`/admin/api/v1/residents/${residentId}/contacts`, {
      headers: authHeaders(manager),
    });
    expect(await family.json()).toEqual([
      expect.objectContaining({ name: 'Celia Brooke', relationship: 'Sister' }),
    ]);

    // Archive: off the list, on the archived list, and the pendant is free again.
    await page.getByRole('button', { name: 'Archive' }).click();
    // The confirmation says what will happen (issue #32).
    await expect(drawer(page).getByRole('heading', { name: `Archive ${fullName}?` })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText(`${fullName} archived`)).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/residents$/);
    await page.getByRole('textbox', { name: 'Search residents' }).fill(lastName);
    await expect(page.getByText('No residents found')).toBeVisible();
    await page.getByRole('switch', { name: 'Show archived' }).check();
    await expect(page.getByRole('link', { name: fullName })).toBeVisible();
    const archived = await request.get(`/admin/api/v1/residents/${residentId}`, {
      headers: authHeaders(manager),
    });
    expect(await archived.json()).toMatchObject({ isArchived: true, hasPendant: false });
  });

  test('[ADMIN][CARE ZONES]: a manager creates a care zone with units; caregivers can choose it as Working In', async ({
    managerPage: page,
    manager,
    caregiver,
    request,
    browser,
  }) => {
    const zoneName = `Garden Wing ${randomBytes(3).toString('hex')}`;
    const unit = await firstUnit(request, manager, 'MEMORY_CARE');

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Manage' }).click();
    await page.getByRole('link', { name: 'Care Zones' }).click();
    await page.getByRole('link', { name: 'Add care zone' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(zoneName);
    await page.getByRole('checkbox', { name: new RegExp(`^${unit.displayName} ·`) }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Care zone ${zoneName} saved`)).toBeVisible();
    await page.getByRole('link', { name: zoneName }).click();
    await expect(page.getByText(new RegExp(`Now: .*${unit.displayName}`))).toBeVisible();

    // The caregiver's 'Working In' choice lists it.
    const context = await browser.newContext();
    const caregiverPage = await context.newPage();
    await useSession(caregiverPage, caregiver);
    await caregiverPage.goto('/profile/shift');
    await expect(caregiverPage.getByRole('checkbox', { name: zoneName })).toBeVisible();
    await context.close();
  });

  test('[ADMIN][UNITS]: a manager adds a unit; a caregiver has no Manage entry and the screens refuse them', async ({
    managerPage: page,
    caregiver,
    browser,
  }) => {
    const unitName = `Cottage ${randomBytes(3).toString('hex')}`;
    await page.goto('/manage/units');
    await page.getByRole('link', { name: 'Add unit' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(unitName);
    await page.getByRole('combobox', { name: 'Care type' }).click();
    await page.getByRole('option', { name: 'Independent Living' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Unit ${unitName} saved`)).toBeVisible();
    await expect(page.getByRole('link', { name: unitName })).toContainText('0 residents');

    const context = await browser.newContext();
    const caregiverPage = await context.newPage();
    await useSession(caregiverPage, caregiver);
    await caregiverPage.goto('/dashboard');
    await expect(caregiverPage.getByRole('link', { name: 'All alerts' })).toBeVisible();
    await expect(caregiverPage.getByRole('link', { name: 'Manage' })).toHaveCount(0);
    await caregiverPage.goto('/manage/residents');
    await expect(
      caregiverPage.getByText('Only management can manage residents, units and care zones.'),
    ).toBeVisible();
    await context.close();
  });
  test('[ADMIN][EHR]: a manager locks a field to the EHR: read-only on the resident form, refused by the server; unlocks it', async ({
    managerPage: page,
    manager,
    request,
  }) => {
    const headers = authHeaders(manager);
    const unit = await firstUnit(request, manager, 'LONG_TERM_CARE');
    const residents = await request.get(`/admin/api/v1/residents?unitId=${unit.id}`, { headers });
    const [resident] = (await residents.json()) as { id: string; salutation: string | null }[];
    if (!resident) throw new Error('No resident in the LTC unit');

    // The salutation: no other browser test writes it.
    await page.goto('/manage');
    await page.getByRole('link', { name: 'EHR locked fields' }).click();
    await page.getByRole('textbox', { name: 'EHR provider' }).fill('PointClickCare');
    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Salutation' }).click();
    await page.getByRole('button', { name: 'Lock field' }).click();
    await expect(page.getByText('Salutation locked')).toBeVisible();
    const locks = page.getByRole('list', { name: 'EHR locked fields' });
    await expect(locks.getByText('PointClickCare')).toBeVisible();

    await page.goto(`/manage/residents/${resident.id}`);
    await expect(page.getByRole('textbox', { name: 'Salutation' })).toBeDisabled();
    await expect(page.getByText('Kept by the EHR integration')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Preferred name' })).toBeEnabled();
    const refused = await request.put(`/admin/api/v1/residents/${resident.id}`, {
      headers,
      data: { salutation: resident.salutation === 'Dr.' ? 'Rev.' : 'Dr.' },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { issues: { field: string }[] }).issues[0]?.field).toBe(
      'resident.salutation',
    );

    // Unlocked again: the field is editable.
    await page.goto('/manage/ehr-locked-fields');
    await locks
      .getByRole('listitem')
      .filter({ hasText: 'Salutation' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Salutation unlocked')).toBeVisible();
    await page.goto(`/manage/residents/${resident.id}`);
    await expect(page.getByRole('textbox', { name: 'Salutation' })).toBeEnabled();
  });
});
