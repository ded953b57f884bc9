import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { codeSentTo } from '../a11y/fixtures';
import { expectAccessibleScreen } from '../a11y/scan';
import { ingestUrl } from '../alerts/fixtures';
import { SPANISH_COMMUNITY } from '../stack/facts';
import { englishIn, englishPhrases, screenTextBesideTimeline } from './english-phrases';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

/**
 * The English texts of the areas shown in Spanish (decisions 0555-0556, 0630): each message of those namespaces of the
 * English catalogue, its fixed words (the parts between placeholders; 'Task from {name}, no unit or resident'
 * gives 'Task from' and ', no unit or resident'). None may be on the screen as a whole word or phrase.
 */
const SPANISH_AREAS = [
  'dashboard',
  'alert',
  'care',
  'severity',
  'status',
  'titles',
  'observation',
  'resolve',
  'resolution',
  'shift',
  'sound',
] as const;
const ENGLISH_PHRASES = englishPhrases(SPANISH_AREAS);

/**
 * The English phrases of those areas visible on the page (its text as read, hidden spoken parts included), the
 * alert's timeline aside.
 */
async function englishOnScreen(page: Page): Promise<string[]> {
  const text = await screenTextBesideTimeline(page);
  return englishIn(text, ENGLISH_PHRASES);
}

async function expectSpanishScreen(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  expect(await englishOnScreen(page), `English on ${name}`).toEqual([]);
  await expectAccessibleScreen(page, name);
}

const drawer = (page: Page) => page.getByRole('dialog');
const openAlerts = (page: Page) =>
  page.getByRole('list', { name: 'Alertas abiertas en mis zonas de cuidado' });

async function press(page: Page) {
  const response = await page.request.post(ingestUrl(), {
    headers: { 'x-gateway-key': SPANISH_COMMUNITY.gatewayKey },
    data: {
      eventId: randomUUID(),
      hardwareId: SPANISH_COMMUNITY.pendant,
      type: 'BUTTON_PRESS',
      timestamp: new Date().toISOString(),
    },
  });
  expect(response.status()).toBe(202);
}

test('[I18N][SPANISH-WALK]: a caregiver who reads Spanish signs in, and claims, confirms and resolves an alert in Spanish', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The check itself: it knows the English of the areas (a typo in a namespace name would check nothing).
  expect(ENGLISH_PHRASES).toEqual(
    expect.arrayContaining([
      'Dashboard',
      'Open Alerts',
      'Claim',
      'Open - claimed',
      'Select all care provided',
      'Bathing',
      'Confirm Selection',
      'Tap to enable alert sound',
    ]),
  );

  // Sign-in, in Spanish (the choice is saved to the profile at sign-in).
  await page.goto('/authenticate');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  const startedAt = new Date(Date.now() - 1_000).toISOString();
  await page.getByLabel('Número de teléfono').fill(SPANISH_COMMUNITY.caregiverPhone.slice(2));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const code = await codeSentTo(request, SPANISH_COMMUNITY.caregiverPhone, startedAt);
  await page.getByLabel('Dígito 1 de 6').fill(code);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Shift start: Working In's care-zone choice and the device drawer in Spanish (decision 0630), then the text
  // alerts drawer (decision 0700, checked by spanish-dashboard.spec.ts).
  await expect(page).toHaveURL(/\/profile\/shift\?fromLogin=true$/);
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await expect(page.getByRole('heading', { name: 'Trabajando en' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Trabajando en' }).getByRole('checkbox')).not.toHaveCount(0);
  await expectSpanishScreen(page, 'Working In');
  await page.getByRole('button', { name: 'Confirmar selección' }).click();
  await expect(drawer(page).getByRole('heading', { name: '¿Qué dispositivo es este?' })).toBeVisible();
  await drawer(page).getByRole('radio', { name: 'Computadora' }).check();
  await expectSpanishScreen(page, 'device choice');
  await drawer(page).getByRole('button', { name: 'Elegir', exact: true }).click();
  await drawer(page).getByRole('button', { name: 'Omitir' }).click();

  // The dashboard, then the alert on it.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Alertas abiertas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buscar residente' })).toBeVisible();
  await expect(openAlerts(page).getByText('No hay alertas abiertas')).toBeVisible();
  await expectSpanishScreen(page, 'dashboard');
  await press(page);
  const card = openAlerts(page).getByRole('link').filter({ hasText: SPANISH_COMMUNITY.unit });
  await expect(card).toBeVisible({ timeout: 15_000 });
  // The title the product wrote, in Spanish; the resident's name as it is.
  await expect(card).toContainText('Margaret Hale-olmo necesita ayuda');
  await expect(card).toContainText('Abierta - sin tomar');
  await expectSpanishScreen(page, 'dashboard with an open alert');

  // The alert page, unclaimed, then claimed.
  await card.click();
  await expect(page).toHaveURL(/\/alerts\/alert\//);
  await expect(page.getByRole('heading', { name: 'Margaret Hale-olmo necesita ayuda' })).toBeVisible();
  await expect(page.getByTestId('task-status')).toHaveText('Abierta - sin tomar');
  await expectSpanishScreen(page, 'alert page, unclaimed');
  await page.getByRole('button', { name: 'Tomar', exact: true }).click();
  await expect(page.getByTestId('task-status')).toHaveText('Abierta - tomada');
  await expectSpanishScreen(page, 'alert page, claimed');

  // Confirm care at the bedside.
  await page.getByRole('button', { name: 'Confirmar cuidado' }).click();
  await expect(drawer(page).getByText('Presione el colgante del residente para continuar')).toBeVisible();
  await expect(page.getByTestId('task-status')).toHaveText('Abierta - confirmando cuidado');
  await expectSpanishScreen(page, 'care confirmation');
  await press(page);
  await expect(drawer(page).getByText('¡Confirmado!')).toBeVisible({ timeout: 15_000 });

  // Resolve: the care provided, an observation, notes, in Spanish (decision 0630).
  await expect(drawer(page).getByRole('heading', { name: 'Marque todo el cuidado que dio' })).toBeVisible();
  await expect(drawer(page).getByRole('group', { name: 'Ayuda diaria' })).toBeVisible();
  await drawer(page).getByRole('checkbox', { name: 'Bañarse' }).check();
  await expectSpanishScreen(page, 'care provided');
  await drawer(page).getByRole('button', { name: 'Elegir (1)' }).click();
  await expect(
    drawer(page).getByRole('heading', { name: '¿Algún cambio nuevo para avisar a enfermería?' }),
  ).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Omitir' })).toBeVisible();
  await expectSpanishScreen(page, 'observations');
  await drawer(page).getByRole('checkbox', { name: 'Piel' }).check();
  await expect(
    drawer(page).getByPlaceholder('Agregue detalles para el seguimiento de enfermería'),
  ).toBeVisible();
  await expectSpanishScreen(page, 'observations, one chosen');
  await drawer(page).getByRole('button', { name: 'Elegir (1)' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Notas adicionales' })).toBeVisible();
  await drawer(page).getByLabel('Escriba notas aquí (opcional)').fill('Le ayudé con el baño.');
  await expect(drawer(page).getByText('Quedan 234 caracteres')).toBeVisible();
  await expectSpanishScreen(page, 'additional notes');
  await drawer(page).getByRole('button', { name: 'Enviar' }).click();

  // Back on the dashboard, told in Spanish: the alert is no longer open.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Tarea resuelta' }),
  ).toBeVisible();
  await expect(
    openAlerts(page).getByRole('link').filter({ hasText: 'Margaret Hale-olmo necesita ayuda' }),
  ).toHaveCount(0);
  await expect(drawer(page)).toHaveCount(0);
  await expectSpanishScreen(page, 'dashboard after resolving');
});
