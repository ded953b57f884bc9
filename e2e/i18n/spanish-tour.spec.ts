import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleScreen } from '../a11y/scan';
import { signInThroughApi, useSession } from '../alerts/fixtures';
import { SPANISH_TOUR_COMMUNITY as C } from '../stack/facts';
import { englishIn, englishPhrases, screenTextBesideTimeline } from './english-phrases';

/**
 * The guided tour in Spanish (issue #33, decision 0670): a caregiver who reads Spanish, in a community of their
 * own (the tour's progress is theirs alone), is offered the tour after Working In, walks its seven steps at
 * 360 x 740 with touch, and sees no fixed phrase of the English `training` namespace (nor of the dashboard's,
 * the alert's or the drawers' ones) on any of its screens; the tour card never overflows the screen.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, locale: 'es-US' });

const AREAS = [
  'training',
  'alertList',
  'dashboard',
  'alert',
  'care',
  'severity',
  'status',
  'titles',
  'resolve',
] as const;
const ENGLISH_PHRASES = englishPhrases(AREAS);

const card = (page: Page) => page.getByTestId('tour-card');
const sheet = (page: Page) => page.locator('[data-sage-drawer] [role="dialog"]');

/** The English phrases of those areas on the page, the alert page's timeline (the server's English record) aside. */
async function englishOnScreen(page: Page): Promise<string[]> {
  const text = await screenTextBesideTimeline(page);
  return englishIn(text, ENGLISH_PHRASES);
}

/** In Spanish, and nothing wider than the screen: neither the page nor the tour card. */
async function expectSpanishScreen(page: Page, name: string, { scan = true } = {}) {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  expect(await englishOnScreen(page), `English on ${name}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the page is wider than the screen`).toBeLessThanOrEqual(0);
  if ((await card(page).count()) > 0) {
    const box = await card(page).boundingBox();
    expect(box?.x ?? -1, `${name}: the tour card's left edge`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${name}: the tour card's right edge`).toBeLessThanOrEqual(360);
    const clipped = await card(page)
      .locator('button, h2, p')
      .evaluateAll((elements) =>
        elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
      );
    expect(clipped, `${name}: cut texts in the tour card`).toEqual([]);
  }
  if (scan) await expectAccessibleScreen(page, name);
}

async function expectStep(page: Page, step: string, n: number) {
  await expect(card(page)).toHaveAttribute('data-tour-step', step, { timeout: 15_000 });
  await expect(card(page)).toContainText(`Paso ${n} de 7`);
  await page.waitForTimeout(400); // the card and any drawer at rest
}

test('[I18N][SPANISH-TOUR]: a caregiver who reads Spanish is offered the tour and walks it in Spanish at 360 px', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The check knows the English it looks for (a namespace name typo would check nothing).
  expect(ENGLISH_PHRASES).toEqual(
    expect.arrayContaining([
      'Take a quick tour',
      'Start Tour',
      'Your training alert',
      'Claim the alert',
      'Congratulations!',
      'Are you sure you want to end the tour',
      'Continue Tour',
      "To resolve an alert, confirm you're with the resident by pressing their pendant or unit button",
      'Take the Tour',
    ]),
  );
  const caregiver = await signInThroughApi(page.request, C.caregiverPhone);
  await useSession(page, caregiver);

  // After sign-in: Working In, the device, Text Message Alerts (in Spanish since decision 0700), then the tour's offer.
  await page.goto('/profile/shift?fromLogin=true');
  const zones = page.getByRole('group', { name: 'Trabajando en' }).getByRole('checkbox');
  await expect(zones.first()).toBeVisible({ timeout: 15_000 });
  if (!(await zones.first().isChecked())) await zones.first().check();
  await page.getByRole('button', { name: 'Confirmar selección' }).click();
  await sheet(page).getByRole('radio', { name: 'Computadora' }).check();
  await sheet(page).getByRole('button', { name: 'Elegir' }).click();
  await sheet(page).getByRole('button', { name: 'Omitir' }).click();
  await expect(sheet(page).getByRole('heading', { name: '¿Quiere ver un recorrido corto?' })).toBeVisible();
  await expect(sheet(page).getByRole('button', { name: 'Ahora no' })).toBeVisible();
  await expectSpanishScreen(page, 'the tour offer', { scan: false });
  await sheet(page).getByRole('button', { name: 'Empezar recorrido' }).click();

  // Step 1, the alert list.
  await expect(page).toHaveURL(/\/alerts$/);
  await expectStep(page, 'alert-page', 1);
  await expect(card(page)).toContainText('Su alerta de práctica');
  await expectSpanishScreen(page, 'tour step 1, the alert list');

  // Step 2, claim.
  await page.getByTestId('task-card').first().click();
  await expect(page).toHaveURL(/\/alerts\/alert\/training-/);
  await expectStep(page, 'claim', 2);
  await expectSpanishScreen(page, 'tour step 2, the training alert');
  await page.getByRole('button', { name: 'Tomar' }).click();

  // Step 3, the alert; Confirm Care and the training dialog.
  await expectStep(page, 'alert-detail', 3);
  await expectSpanishScreen(page, 'tour step 3, the claimed training alert');
  await page.getByRole('button', { name: 'Confirmar cuidado' }).click();
  const dialog = page.getByTestId('training-confirmation-dialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('confirme que está al lado del residente');
  await expectSpanishScreen(page, 'the training care-confirmation dialog', { scan: false });
  await dialog.getByRole('button', { name: 'Confirmar cuidado' }).click();

  // Step 4, the care provided.
  await expectStep(page, 'multi-outcome', 4);
  await expectSpanishScreen(page, 'tour step 4, the care provided', { scan: false });
  await sheet(page).getByRole('checkbox', { name: 'Bañarse' }).check();
  await sheet(page).getByRole('checkbox', { name: 'Ir al baño' }).check();
  await sheet(page).getByRole('button', { name: 'Elegir (2)' }).click();

  // Steps 5 and 6, observations and the note.
  await expectStep(page, 'observations', 5);
  await expectSpanishScreen(page, 'tour step 5, observations', { scan: false });
  await sheet(page).getByRole('button', { name: 'Omitir' }).click();
  await expectStep(page, 'add-note', 6);
  await expectSpanishScreen(page, 'tour step 6, the note', { scan: false });
  await sheet(page).getByRole('button', { name: 'Enviar' }).click();

  // Step 7, congratulations: its three controls stacked, none cut.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectStep(page, 'congratulations', 7);
  await expect(card(page)).toContainText('¡Felicidades!');
  await expect(card(page).getByRole('button', { name: 'Terminar' })).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Otra vez' })).toBeVisible();
  await expectSpanishScreen(page, 'tour step 7, congratulations');

  // Retry, then the end question, then the dashboard's entry to take the tour again.
  await card(page).getByRole('button', { name: 'Otra vez' }).click();
  await expectStep(page, 'alert-page', 1);
  await card(page).getByRole('button', { name: 'Salir del recorrido' }).click();
  await expect(card(page)).toContainText('¿Seguro que quiere salir del recorrido?');
  await expectSpanishScreen(page, 'the end-of-tour question');
  await card(page).getByRole('button', { name: 'Salir', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ver el recorrido' })).toBeVisible();
  await expectSpanishScreen(page, 'the dashboard after the tour');
});
