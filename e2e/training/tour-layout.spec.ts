import { expect, type Locator, type Page, test } from '@playwright/test';
import { sharedSession, type Tokens, useSession } from '../alerts/fixtures';
import { TOUR_LAYOUT_COMMUNITY } from '../stack/facts';

/**
 * Issue #32, nurse and trainee point 1, at 360 x 740 with touch: the tour's card never covers the drawer it
 * explains (its title, its prompt, its controls: 'Skin' is tapped where it shows), and the last step's three
 * buttons show their whole labels. The tour is started from 'Take the Tour' by Linden Glen's caregiver (a community of its own: no other spec's high five or task opens over the dashboard) (training
 * is local: nothing reaches the server's tasks).
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const card = (page: Page) => page.getByTestId('tour-card');
const sheet = (page: Page) => page.locator('[data-sage-drawer] [role="dialog"]');

let caregiver: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(150_000);
  const { baseURL } = testInfo.project.use;
  const request = await playwright.request.newContext({ baseURL });
  caregiver = await sharedSession(request, baseURL, 'glen-caregiver', TOUR_LAYOUT_COMMUNITY.caregiverPhone);
  await request.dispose();
});

async function expectStep(page: Page, step: string) {
  await expect(card(page)).toHaveAttribute('data-tour-step', step, { timeout: 15_000 });
}

/**
 * The element is on screen and uncovered: wholly inside the viewport, clear of the tour card's box, and what is
 * at its centre is the element itself (or inside it): a tap there reaches it.
 */
async function expectUncovered(page: Page, target: Locator, what: string) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = (await target.boundingBox())!;
  const cardBox = (await card(page).boundingBox())!;
  const overlaps =
    box.x < cardBox.x + cardBox.width &&
    cardBox.x < box.x + box.width &&
    box.y < cardBox.y + cardBox.height &&
    cardBox.y < box.y + box.height;
  expect(overlaps, `${what} is under the tour card`).toBe(false);
  const hit = await target.evaluate(
    (element, point) => {
      const at = document.elementFromPoint(point.x, point.y);
      return (
        at !== null &&
        (element === at || element.contains(at) || (element as HTMLLabelElement).control === at)
      );
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit, `${what}: something else is at its centre`).toBe(true);
}

/** Nothing inside is clipped: no element's content is wider than its box (an ellipsis makes it wider). */
async function expectWhole(target: Locator, what: string) {
  await expect(target).toBeInViewport({ ratio: 1 });
  const clipped = await target.evaluate((element) =>
    [element, ...element.querySelectorAll('*')]
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 0.5)
      .map((el) => `'${el.textContent}' ${el.scrollWidth} > ${el.clientWidth}`),
  );
  expect(clipped, `${what} is cut`).toEqual([]);
}

test("[SCREENS][NURSE-1][TOUR]: the tour's card covers no drawer's title, prompt or controls ('Skin' is tapped); the last step's buttons are whole", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useSession(page, caregiver);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Take the Tour' }).tap();
  // The tap loads the tour's code and its messages first (decision 0384): as long as a step's wait.
  await expect(page).toHaveURL(/\/alerts$/, { timeout: 15_000 });
  await expectStep(page, 'alert-page');
  await page.getByTestId('task-card').filter({ hasText: 'Training Unit' }).first().tap();
  await expectStep(page, 'claim');
  await page.getByRole('button', { name: 'Claim' }).tap();
  await expectStep(page, 'alert-detail');
  await page.getByRole('button', { name: 'Confirm Care' }).tap();

  // The confirm step: the drawer's prompt (its title) is whole and uncovered; the dialog's Confirm Care tapped.
  const prompt = sheet(page).getByRole('heading', {
    name: 'Press any wall button in Training Unit to continue',
  });
  await expect(prompt).toBeVisible();
  await expect(card(page)).toBeVisible();
  await page.waitForTimeout(400); // the drawer at rest after its slide
  await expectUncovered(page, prompt, 'the confirm prompt');
  await expectWhole(prompt, 'the confirm prompt');
  const dialog = page.getByTestId('training-confirmation-dialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expectUncovered(page, dialog.getByText(/To resolve an alert/), "the training dialog's text");
  await dialog.getByRole('button', { name: 'Confirm Care' }).tap();

  // Care provided: title and choices uncovered.
  const careTitle = sheet(page).getByRole('heading', { name: 'Select all care provided' });
  await expect(careTitle).toBeVisible();
  await expectStep(page, 'multi-outcome');
  await page.waitForTimeout(400);
  await expectUncovered(page, careTitle, "the care drawer's title");
  await sheet(page).getByRole('checkbox', { name: 'Bathing' }).tap();
  await sheet(page).getByRole('checkbox', { name: 'Toileting' }).tap();
  await sheet(page).getByRole('button', { name: 'Select (2)' }).tap();

  // Observations: the title shows, 'Skin' is where a finger can reach it, and a tap there ticks it.
  const observationsTitle = sheet(page).getByRole('heading', {
    name: 'Any new changes to escalate to Nurse?',
  });
  await expect(observationsTitle).toBeVisible();
  await expectStep(page, 'observations');
  await page.waitForTimeout(400);
  await expectUncovered(page, observationsTitle, "the observations drawer's title");
  const skin = sheet(page).getByRole('checkbox', { name: 'Skin' });
  await expectUncovered(page, sheet(page).getByText('Skin', { exact: true }), "'Skin'");
  const skinBox = (await sheet(page).getByText('Skin', { exact: true }).boundingBox())!;
  await page.touchscreen.tap(skinBox.x + skinBox.width / 2, skinBox.y + skinBox.height / 2);
  await expect(skin).toBeChecked();
  await sheet(page).getByRole('button', { name: 'Clear All' }).tap();
  await expect(skin).not.toBeChecked();
  const skip = sheet(page).getByRole('button', { name: 'Skip' });
  await expectUncovered(page, skip, 'Skip');
  await skip.tap();

  // The note: title and Submit uncovered.
  await expectStep(page, 'add-note');
  await page.waitForTimeout(400);
  const noteTitle = sheet(page).getByRole('heading').first();
  await expectUncovered(page, noteTitle, "the note drawer's title");
  await sheet(page)
    .getByRole('textbox', { name: /Enter notes here/ })
    .fill('Practised at 360 px');
  const submit = sheet(page).getByRole('button', { name: 'Submit' });
  await expectUncovered(page, submit, 'Submit');
  await submit.tap();

  // The last step: Retry, Complete and Next, each whole, inside the screen.
  await expectStep(page, 'congratulations');
  for (const name of ['Retry', 'Complete', 'Next']) {
    const button = card(page).getByRole('button', { name, exact: true });
    await expect(button).toHaveText(name);
    await expectWhole(button, name);
  }
  await expect(card(page)).toBeInViewport({ ratio: 1 });
  await card(page).getByRole('button', { name: 'Complete' }).tap();
  await expect(card(page)).toHaveCount(0);
});
