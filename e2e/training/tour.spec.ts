import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleScreen } from '../a11y/scan';
import { authHeaders, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { TOUR_COMMUNITY as C } from '../stack/facts';

/**
 * The guided tour and training mode (issue #15; alerts doc sections 2, 4, 9; sign-in doc sections 2, 4;
 * docs/decisions/0360-0364) on the 360 x 740 phone, in a community of its own (Tamarack Lane).
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
test.describe.configure({ mode: 'serial' });

const TITLE = 'Training Unit has reported an emergency';
const ALL_STATUSES = [
  'OPEN_UNCLAIMED',
  'OPEN_CLAIMED',
  'OPEN_CONFIRMING',
  'OPEN_CONFIRMED',
  'CLOSED_RESOLVED',
  'CLOSED_CANCELED',
  'CLOSED_UNRESOLVED',
];

const card = (page: Page) => page.getByTestId('tour-card');
const sheet = (page: Page) => page.locator('[data-sage-drawer] [role="dialog"]');

async function expectStep(page: Page, step: string, n: number) {
  await expect(card(page)).toHaveAttribute('data-tour-step', step, { timeout: 15_000 });
  await expect(card(page)).toContainText(`Step ${n} of 7`);
}

/** Every task the server holds for the caregiver's community (the API of the spec: POST /tasks/search). */
async function serverTaskCount(page: Page, tokens: Tokens): Promise<number> {
  const res = await page.request.post('/admin/api/v1/tasks/search', {
    headers: authHeaders(tokens),
    data: { statuses: ALL_STATUSES, pageSize: 200 },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { totalCount: number }).totalCount;
}

/**
 * The tour card alone: no axe violation at all inside it, and every control a 44 x 44 px touch target (the page
 * under it is scanned where it is known clean: expectAccessibleScreen).
 */
async function expectAccessibleTourCard(page: Page, screen: string) {
  await expect(card(page)).toBeVisible();
  await page.waitForTimeout(400); // the card and any drawer at rest
  const results = await new AxeBuilder({ page }).include('[data-testid="tour-card"]').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${screen}: axe violations in the tour card`,
  ).toEqual([]);
  for (const button of await card(page).getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box?.width, `${screen}: ${await button.textContent()}`).toBeGreaterThanOrEqual(44);
    expect(box?.height, `${screen}: ${await button.textContent()}`).toBeGreaterThanOrEqual(44);
  }
}

let caregiver: Tokens;

test('[TRAINING][TOUR]: the first sign-in offers the tour; the whole tour at 360 px, Retry once, End Tour; the server sees no task', async ({
  page,
}) => {
  test.setTimeout(240_000);
  caregiver = await signInThroughApi(page.request, C.caregiverPhone);
  await useSession(page, caregiver);
  const tasksBefore = await serverTaskCount(page, caregiver);

  // Every call to the task routes while the app runs.
  const taskCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/admin/api/v1/tasks')) taskCalls.push(`${request.method()} ${url.pathname}`);
  });
  // Each drawer heading in order, and any drawer seen on the dashboard during the sign-in sequence.
  await page.addInitScript(() => {
    const w = window as unknown as { drawerHeadings: string[] };
    w.drawerHeadings = [];
    new MutationObserver(() => {
      for (const heading of document.querySelectorAll('[data-sage-drawer] [role="dialog"] h2')) {
        const text = heading.textContent ?? '';
        if (text && w.drawerHeadings.at(-1) !== text) w.drawerHeadings.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });

  // The post-login landing: Working In, the device, Text Message Alerts, then the tour's offer, one at a time.
  await page.goto('/profile/shift?fromLogin=true');
  const zones = page.getByRole('group', { name: 'Working In' }).getByRole('checkbox');
  await expect(zones.first()).toBeVisible();
  if (!(await zones.first().isChecked())) await zones.first().check();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await sheet(page).getByRole('radio', { name: 'Computer' }).check();
  await sheet(page).getByRole('button', { name: 'Select' }).click();
  await expect(sheet(page).getByRole('heading', { name: 'Text Message Alerts' })).toBeVisible();
  await sheet(page).getByRole('button', { name: 'Skip' }).click();
  await expect(sheet(page).getByRole('heading', { name: 'Take a quick tour?' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/shift/);
  expect(
    await page.evaluate(() => (window as unknown as { drawerHeadings: string[] }).drawerHeadings),
  ).toEqual([expect.stringMatching(/device/i), 'Text Message Alerts', 'Take a quick tour?']);
  // Offered once: the server no longer has an offer due.
  const offered = await page.request.get(`/admin/api/v1/staff/${caregiver.staffMemberId}/tour`, {
    headers: authHeaders(caregiver),
  });
  expect(await offered.json()).toMatchObject({ offerDue: false, completionCount: 0 });
  await sheet(page).getByRole('button', { name: 'Start Tour' }).click();

  // Step 1, the alert page: the training alert, unclaimed and an emergency, announced by an error toast.
  await expect(page).toHaveURL(/\/alerts$/);
  const toastLink = page.locator('[data-toast-kind="error"]').getByRole('link', { name: TITLE });
  await expect(toastLink).toBeVisible();
  await expectStep(page, 'alert-page', 1);
  const box = await card(page).boundingBox();
  expect(box?.width).toBeLessThanOrEqual(500);
  const alertCard = page.getByTestId('task-card').filter({ hasText: TITLE });
  await expect(alertCard).toContainText('Emergency');
  await expect(alertCard).toContainText('Open - unclaimed');
  await expectAccessibleTourCard(page, 'tour card over the alert list');

  // Step 2, claim.
  await alertCard.click();
  await expect(page).toHaveURL(/\/alerts\/alert\/training-/);
  await expectStep(page, 'claim', 2);
  await expectAccessibleScreen(page, 'tour card over the training alert');
  await page.getByRole('button', { name: 'Claim' }).click();

  // Step 3, the alert detail; Confirm Care: the ring counts down, the training dialog at or below 90 %.
  await expectStep(page, 'alert-detail', 3);
  await expect(page.getByTestId('task-status')).toHaveText('Open - claimed');
  await page.getByRole('button', { name: 'Confirm Care' }).click();
  await expect(sheet(page).getByText('Press any wall button in Training Unit to continue')).toBeVisible();
  const dialog = page.getByTestId('training-confirmation-dialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const progress = Number(await dialog.getAttribute('data-progress'));
  expect(progress).toBeLessThanOrEqual(90);
  expect(progress).toBeGreaterThan(0);
  await expect(dialog).toContainText(
    "To resolve an alert, confirm you're with the resident by pressing their pendant or unit button.",
  );
  await dialog.getByRole('button', { name: 'Confirm Care' }).click();
  await expect(sheet(page).getByRole('heading', { name: 'Confirmed!' })).toBeVisible();

  // Step 4, the care provided: Bathing and Toileting.
  await expect(sheet(page).getByRole('heading', { name: 'Select all care provided' })).toBeVisible();
  await expectStep(page, 'multi-outcome', 4);
  await expectAccessibleTourCard(page, 'tour card over a drawer');
  await sheet(page).getByRole('checkbox', { name: 'Bathing' }).check();
  await sheet(page).getByRole('checkbox', { name: 'Toileting' }).check();
  await sheet(page).getByRole('button', { name: 'Select (2)' }).click();

  // Step 5, observations (after the tour's 500 ms), step 6 the note, then resolved locally.
  await expect(
    sheet(page).getByRole('heading', { name: 'Any new changes to escalate to Nurse?' }),
  ).toBeVisible();
  await expectStep(page, 'observations', 5);
  await sheet(page).getByRole('button', { name: 'Skip' }).click();
  await expectStep(page, 'add-note', 6);
  await sheet(page)
    .getByRole('textbox', { name: /Enter notes here/ })
    .fill('Practised the whole flow');
  await sheet(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Emergency Resolved')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Step 7, congratulations with Complete and Retry; the completion reaches the server.
  await expectStep(page, 'congratulations', 7);
  await expect(card(page).getByRole('button', { name: 'Complete' })).toBeVisible();
  await expectAccessibleTourCard(page, 'tour card: congratulations');
  await expect
    .poll(async () => {
      const res = await page.request.get(`/admin/api/v1/staff/${caregiver.staffMemberId}/tour`, {
        headers: authHeaders(caregiver),
      });
      return ((await res.json()) as { completionCount: number }).completionCount;
    })
    .toBe(1);

  // Retry: a new training alert and the alert list, the tour from its first step.
  await card(page).getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expectStep(page, 'alert-page', 1);
  await expect(page.getByTestId('task-card').filter({ hasText: TITLE })).toContainText('Open - unclaimed');
  await card(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 'claim', 2);

  // Closing asks first; Continue Tour keeps it, End Tour clears the training alert and goes to /dashboard.
  await card(page).getByRole('button', { name: 'End the tour' }).click();
  await expect(card(page)).toContainText('Are you sure you want to end the tour?');
  await expectAccessibleTourCard(page, 'tour card: end confirmation');
  await card(page).getByRole('button', { name: 'Continue Tour' }).click();
  await expectStep(page, 'claim', 2);
  await card(page).getByRole('button', { name: 'End the tour' }).click();
  await card(page).getByRole('button', { name: 'End Tour' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card(page)).toHaveCount(0);
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);

  // The server saw no task: none created, and the task routes were only read (the real lists).
  expect(await serverTaskCount(page, caregiver)).toBe(tasksBefore);
  expect(taskCalls.filter((call) => call.includes('training-'))).toEqual([]);
  expect(
    [...new Set(taskCalls)].filter((call) => !/^POST \/admin\/api\/v1\/tasks\/(search|mine)$/.test(call)),
  ).toEqual([]);
});

test('[TRAINING][TOUR]: a manager sees who has completed the tour on the staff list', async ({ page }) => {
  test.setTimeout(120_000);
  const manager = await signInThroughApi(page.request, C.managerPhone);
  await useSession(page, manager);
  await page.goto('/admin/staff');
  const staff = page.getByRole('list', { name: 'Staff' });
  await expect(staff.getByRole('listitem', { name: C.caregiverName })).toContainText(/Tour completed/);
  await expect(staff.getByRole('listitem', { name: C.housekeeperName })).toContainText('Tour not completed');
  // And on the person's detail screen.
  await staff.getByRole('link', { name: `Edit ${C.caregiverName}` }).click();
  await expect(page).toHaveURL(/\/admin\/staff\/[^/]+$/);
  // The address changes before the detail screen's code has loaded: the list stays on screen until it has.
  await expect(staff).toHaveCount(0);
  await expect(page.getByRole('main').getByTestId('tour-status')).toContainText(/Tour completed/);
});
