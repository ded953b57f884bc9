import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, pressButton, screensDir, type Tokens, test, useSession } from '../alerts/fixtures';

const screens = screensDir;
mkdirSync(screens, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screens, `${name}.png`) });
const drawer = (page: Page) => page.getByRole('dialog');

/** Demo data (packages/db seed). Units and pendants no other spec presses. */
const DEMO = {
  /** AL 103: Eleanor Rose Martinez and Ricardo Martinez. */
  coupleUnit: 'AL 103',
  /** AL 102: Dorothy Wilson alone. */
  singleUnit: 'AL 102',
  /** The pendant of the one resident of AL 115. */
  unitDetailPendant: 'PENDANT-0021',
  unitDetailUnit: 'AL 115',
  /** The pendant of the one resident of AL 116. */
  reassignPendant: 'PENDANT-0022',
  reassignUnit: 'AL 116',
  /** A caregiver (Care staff) to give the alert to. */
  colleague: 'Emily Chen',
  /** The demo caregiver and the demo manager. */
  caregiver: 'Marcus Bell',
  manager: 'Diane Whitaker',
} as const;

/** The open alert of a unit, through the API (polled until the press has made it). */
async function openTaskOfUnit(request: APIRequestContext, tokens: Tokens, unit: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.post('/admin/api/v1/tasks/search', {
          headers: {
            authorization: `Bearer ${tokens.accessToken}`,
            'x-sage-profile-rid': tokens.staffMemberId,
          },
          data: { statuses: ['OPEN_UNCLAIMED'], pageSize: 200 },
        });
        const { tasks } = (await res.json()) as {
          tasks: { id: string; unit: { displayName: string } | null }[];
        };
        id = tasks.find((task) => task.unit?.displayName === unit)?.id;
        return id ?? null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return id as string;
}

test.describe('[PICKERS]', () => {
  // Notification permission settled, so that the 'Allow notifications' drawer does not come between the steps.
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['notifications']);
  });

  test('[PICKERS][LOG-CARE]: the caregiver logs care by unit: Log Care, Select Type of Care, unit, resident, Log Care', async ({
    caregiverPage: page,
  }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Log Care' }).click();

    // Select Type of Care: the care types of the community, full name and abbreviation.
    await expect(drawer(page).getByRole('heading', { name: 'Select Type of Care' })).toBeVisible();
    const continueButton = drawer(page).getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    for (const [name, abbreviation] of [
      ['Assisted Living', 'AL'],
      ['Independent Living', 'IL'],
      ['Memory Care', 'MC'],
      ['Long Term Care', 'LTC'],
      ['Short Term Rehab', 'STR'],
    ]) {
      await expect(drawer(page).getByRole('radio', { name: `${name} ${abbreviation}` })).toBeVisible();
    }
    await expect(drawer(page).getByRole('button', { name: 'Search by Name' })).toBeVisible();
    await shot(page, 'pickers-1-select-type-of-care');
    await drawer(page)
      .getByRole('radio', { name: /Assisted Living/ })
      .check();
    await continueButton.click();

    // Select Unit: units of that care type with residents; case-insensitive substring search on the name.
    await expect(drawer(page).getByRole('heading', { name: /Select Unit/ })).toBeVisible();
    await expect(drawer(page).getByText('Assisted Living', { exact: true })).toBeVisible();
    await expect(drawer(page).getByRole('radio', { name: /^MC / })).toHaveCount(0);
    const search = drawer(page).getByRole('textbox', { name: 'Search' });
    await search.fill('zz');
    await expect(drawer(page).getByText('No units found')).toBeVisible();
    await search.fill('al 10');
    await expect(drawer(page).getByRole('radio', { name: /AL 112/ })).toHaveCount(0);
    await expect(drawer(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await drawer(page)
      .getByRole('radio', { name: new RegExp(`${DEMO.coupleUnit}.*Eleanor Rose Martinez, Ricardo Martinez`) })
      .check();
    await shot(page, 'pickers-2-select-unit');
    // A selection filtered out by the search no longer counts.
    await search.fill('al 102');
    await expect(drawer(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await search.fill('');
    await expect(drawer(page).getByRole('button', { name: 'Continue' })).toBeEnabled();
    await drawer(page).getByRole('button', { name: 'Continue' }).click();

    // Two residents: choose one (select-options).
    await expect(drawer(page).getByRole('heading', { name: 'Select Resident' })).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await drawer(page).getByRole('radio', { name: 'Eleanor Rose Martinez' }).check();
    await shot(page, 'pickers-3-select-resident');
    await drawer(page).getByRole('button', { name: 'Continue' }).click();

    // The resident details drawer, where Log Care works.
    await expect(drawer(page).getByText('Eleanor Rose Martinez')).toBeVisible();
    await expect(drawer(page).getByText(`${DEMO.coupleUnit} · Assisted Living`)).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Log Care', exact: true }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Select all care provided' })).toBeVisible();
    await drawer(page).getByRole('checkbox', { name: 'Dressing' }).check();
    await drawer(page).getByRole('button', { name: 'Select (1)' }).click();
    await drawer(page).getByRole('button', { name: 'Skip' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Additional Notes' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Care logged for Eleanor Rose Martinez')).toBeVisible();

    // A unit with one resident opens that resident's details directly.
    await expect(drawer(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Log Care' }).click();
    await drawer(page)
      .getByRole('radio', { name: /Assisted Living/ })
      .check();
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await drawer(page).getByRole('textbox', { name: 'Search' }).fill(DEMO.singleUnit);
    await drawer(page)
      .getByRole('radio', { name: new RegExp(DEMO.singleUnit) })
      .check();
    await drawer(page).getByRole('button', { name: 'Continue' }).click();
    await expect(drawer(page).getByText(`${DEMO.singleUnit} · Assisted Living`)).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Log Care', exact: true })).toBeVisible();
  });

  test('[PICKERS][UNIT-DETAIL]: the unit of an alert opens its detail; its resident opens the resident drawer', async ({
    caregiverPage: page,
    request,
  }) => {
    await pressButton(request, DEMO.unitDetailPendant);
    await page.goto('/dashboard');
    const card = page
      .getByRole('list', { name: 'Open alerts in my care zones' })
      .getByRole('link')
      .filter({ hasText: DEMO.unitDetailUnit });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await card.click();
    await expect(page).toHaveURL(/\/alerts\/alert\//);
    // A responder does not reassign.
    await expect(page.getByRole('button', { name: 'Claim' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Reassign|Assign)$/ })).toHaveCount(0);

    await page.getByRole('button', { name: `Unit ${DEMO.unitDetailUnit}` }).click();
    await expect(drawer(page).getByRole('heading', { name: DEMO.unitDetailUnit })).toBeVisible();
    await expect(drawer(page).getByText('Assisted Living', { exact: true })).toBeVisible();
    await expect(drawer(page).getByText('Main Building')).toBeVisible();
    await expect(drawer(page).getByText('South')).toBeVisible();
    const devices = drawer(page).getByRole('region', { name: 'Devices' });
    await expect(devices.getByText('Sage Button').first()).toBeVisible();
    await expect(devices.getByLabel('Battery').first()).toBeVisible();
    const residents = drawer(page).getByRole('region', { name: 'Residents' });
    await expect(residents.getByRole('button')).toHaveCount(1);
    await shot(page, 'pickers-4-unit-detail');

    // The resident's name, without the button's decorative chevron.
    const name = (await residents.getByRole('button').locator('.mantine-Button-label').textContent())?.trim();
    expect(name, 'the resident button names the resident').toMatch(/^\S+( \S+)+$/);
    await residents.getByRole('button').click();
    // Only the Resident drawer: the unit drawer may still be closing underneath it.
    const residentDrawer = drawer(page).filter({ has: page.getByRole('heading', { name: 'Resident' }) });
    await expect(residentDrawer).toBeVisible();
    await expect(residentDrawer.getByText(name as string).first()).toBeVisible();
    // And back to the unit from the resident drawer.
    await residentDrawer.getByRole('button', { name: `Unit ${DEMO.unitDetailUnit}` }).click();
    await expect(drawer(page).getByRole('heading', { name: DEMO.unitDetailUnit })).toBeVisible();
  });

  test('[PICKERS][REASSIGN]: the manager gives a claimed alert to a colleague with the person picker', async ({
    browser,
    request,
    caregiver,
    manager,
  }) => {
    await pressButton(request, DEMO.reassignPendant);
    const taskId = await openTaskOfUnit(request, manager, DEMO.reassignUnit);
    // The demo caregiver (Marcus Bell) claims it.
    const claim = await request.put(`/admin/api/v1/tasks/${taskId}`, {
      headers: {
        authorization: `Bearer ${caregiver.accessToken}`,
        'x-sage-profile-rid': caregiver.staffMemberId,
      },
      data: { status: 'OPEN_CLAIMED' },
    });
    expect(claim.ok()).toBe(true);

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    await useSession(page, manager);
    await page.goto(`/alerts/alert/${taskId}`);
    await expect(page.getByText(`· claimed by ${DEMO.caregiver}`)).toBeVisible();

    await page.getByRole('button', { name: 'Reassign' }).click();
    await expect(drawer(page).getByRole('heading', { name: 'Reassign Alert' })).toBeVisible();
    const confirm = drawer(page).getByRole('button', { name: 'Reassign' });
    await expect(confirm).toBeDisabled();
    // Care staff and nurses, not who holds it now, not the housekeeper, not the chef.
    await expect(drawer(page).getByRole('radio', { name: /Priya Raman/ })).toBeVisible();
    await expect(drawer(page).getByRole('radio', { name: new RegExp(DEMO.caregiver) })).toHaveCount(0);
    await expect(drawer(page).getByRole('radio', { name: /Rosa Delgado/ })).toHaveCount(0);
    await expect(drawer(page).getByRole('radio', { name: /Samuel Price/ })).toHaveCount(0);
    const search = drawer(page).getByRole('textbox', { name: 'Search' });
    await search.fill('EMILY');
    await expect(drawer(page).getByRole('radio')).toHaveCount(1);
    await drawer(page)
      .getByRole('radio', { name: new RegExp(DEMO.colleague) })
      .check();
    await expect(confirm).toBeEnabled();
    await shot(page, 'pickers-5-reassign');
    await confirm.click();

    await expect(page.getByText(`Alert reassigned to ${DEMO.colleague}`)).toBeVisible();
    await expect(page.getByTestId('task-status')).toHaveText('Open - claimed');
    await expect(page.getByText(`· claimed by ${DEMO.colleague}`)).toBeVisible();
    await expect(
      page.getByText(`Reassigned from ${DEMO.caregiver} to ${DEMO.colleague} by ${DEMO.manager}`),
    ).toBeVisible();
    await context.close();
  });
});
