import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { codeSentTo } from '../a11y/fixtures';
import { expectAccessibleScreen } from '../a11y/scan';
import { authHeaders, ingestUrl, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { PINO_COMMUNITY } from '../stack/facts';
import { englishIn, englishPhrases, screenTextBesideTimeline } from './english-phrases';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

/**
 * The English of the areas decision 0700 puts in Spanish: each message of those namespaces of the English
 * catalogue, its fixed words (the parts between placeholders). None may be on the screen as a whole word or
 * phrase (as e2e/i18n/spanish-walk.spec.ts checks the dashboard's and the alert page's own).
 */
const SPANISH_AREAS = ['entries', 'devices', 'optIn', 'reassign', 'dashboard'] as const;
const ENGLISH_PHRASES = englishPhrases(SPANISH_AREAS);

/**
 * The English phrases of those areas on the page (its text as read), leaving out what the server wrote in English
 * and keeps as a record: the alert page's timeline, and the titles of device trouble (decision 0700).
 */
async function englishOnScreen(page: Page): Promise<string[]> {
  let text = await screenTextBesideTimeline(page);
  text = text.replace(/^(Low battery|Not heard from|Gateway offline): .*$/gm, '');
  return englishIn(text, ENGLISH_PHRASES);
}

async function expectSpanishScreen(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  expect(await englishOnScreen(page), `English on ${name}`).toEqual([]);
  await expectAccessibleScreen(page, name);
}

const drawer = (page: Page) => page.getByRole('dialog');
const BANNER =
  'Prueba de dispositivos en curso: los dispositivos en prueba no envían alertas al presionarlos';

async function fromGateway(request: APIRequestContext, data: Record<string, unknown>) {
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': PINO_COMMUNITY.gatewayKey },
    data: { eventId: randomUUID(), timestamp: new Date().toISOString(), ...data },
  });
  expect(response.status()).toBe(202);
}

async function facilityOf(request: APIRequestContext, tokens: Tokens): Promise<string> {
  const res = await request.get('/admin/api/v1/staff/profiles', { headers: authHeaders(tokens) });
  expect(res.ok()).toBe(true);
  const [profile] = (await res.json()) as { facilities: { id: string }[] }[];
  return profile!.facilities[0]!.id;
}

/** A phone of a staff member signed in through the API, its app in Spanish from the first paint. */
async function spanishPhone(browser: Browser, tokens: Tokens): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('sage.language', 'es'));
  await useSession(page, tokens);
  return page;
}

test('[I18N][SPANISH-DASHBOARD]: the dashboard entries, device notices, text alerts drawer and Reassign in Spanish', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  // The check itself knows the English of the areas (a typo in a namespace name would check nothing).
  expect(ENGLISH_PHRASES).toEqual(
    expect.arrayContaining([
      'Daily Check-in',
      'Text message alerts',
      'Device test in progress: presses of tested devices are not alerted',
      'Device trouble',
      'Not receiving messages',
      'Reassign Alert',
      'Alert assigned to',
      'Manage',
    ]),
  );

  // A device walk in progress and a door alarm's low battery: the dashboard's two device notices.
  const manager = await signInThroughApi(request, PINO_COMMUNITY.managerPhone);
  const facilityRid = await facilityOf(request, manager);
  const walk = await request.post('/deviceaudit/api/v1/deviceQaSessions', {
    headers: authHeaders(manager),
    data: { facilityRid },
  });
  expect(walk.status()).toBe(201);
  await fromGateway(request, { hardwareId: PINO_COMMUNITY.doorAlarm, type: 'HEARTBEAT', batteryLevel: 12 });

  // The caregiver signs in in Spanish: Working In, the device, then the text alerts drawer.
  await page.goto('/authenticate');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  const startedAt = new Date(Date.now() - 1_000).toISOString();
  await page.getByLabel('Número de teléfono').fill(PINO_COMMUNITY.caregiverPhone.slice(2));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const code = await codeSentTo(request, PINO_COMMUNITY.caregiverPhone, startedAt);
  await page.getByLabel('Dígito 1 de 6').fill(code);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/profile\/shift\?fromLogin=true$/);
  await expect(page.getByRole('heading', { name: 'Trabajando en' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar selección' }).click();
  await drawer(page).getByRole('radio', { name: 'Computadora' }).check();
  await drawer(page).getByRole('button', { name: 'Elegir', exact: true }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Alertas por mensaje de texto' })).toBeVisible();
  await expect(drawer(page).getByText('No recibe mensajes')).toHaveCount(2);
  await expect(drawer(page).getByRole('link', { name: 'Suscribirse' })).toHaveCount(2);
  await expectSpanishScreen(page, 'text alerts drawer after sign-in');
  await drawer(page).getByRole('button', { name: 'Omitir' }).click();

  // The dashboard: the device test banner, device trouble, Daily Check-in, Text message alerts.
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('status').filter({ hasText: BANNER });
  await expect(banner).toBeVisible();
  await expect(banner.getByText(/^La empezó .+ · termina a las \d{1,2}:\d{2}/)).toBeVisible();
  const trouble = page.getByRole('region', { name: 'Problemas de dispositivos' });
  await expect(trouble.getByText('Batería baja', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(trouble.getByText(/^Cambie o cargue la batería\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Revisión diaria' })).toBeVisible();
  await expectSpanishScreen(page, 'caregiver dashboard with device notices');
  await page.getByRole('button', { name: 'Alertas por mensaje de texto' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Alertas por mensaje de texto' })).toBeVisible();
  await expectSpanishScreen(page, 'text alerts drawer from its entry');
  await drawer(page).getByRole('button', { name: 'Omitir' }).click();

  // The manager: the entries of management, End test, then Assign and Reassign with their toasts.
  const managerPage = await spanishPhone(browser, manager);
  await managerPage.goto('/dashboard');
  await expect(managerPage.getByRole('heading', { name: 'Alertas abiertas' })).toBeVisible();
  const entries = managerPage.getByRole('navigation', { name: 'Administración' });
  await expect(entries.getByRole('link', { name: 'Teléfonos de la empresa' })).toBeVisible();
  await expect(entries.getByRole('link', { name: 'Funciones' })).toBeVisible();
  await expect(entries.getByRole('link', { name: 'Comunidades' })).toBeVisible();
  await expect(managerPage.getByRole('link', { name: 'Ajustes de notificaciones' })).toBeVisible();
  await expect(managerPage.getByRole('link', { name: 'Gestionar' })).toBeVisible();
  await expect(managerPage.getByRole('button', { name: 'Terminar la prueba' })).toBeVisible();
  await expectSpanishScreen(managerPage, 'manager dashboard');

  await fromGateway(request, { hardwareId: PINO_COMMUNITY.pendant, type: 'BUTTON_PRESS' });
  let taskId = '';
  await expect
    .poll(async () => {
      const res = await request.post('/admin/api/v1/tasks/search', {
        headers: authHeaders(manager),
        data: { statuses: ['OPEN_UNCLAIMED'], pageSize: 200 },
      });
      const { tasks } = (await res.json()) as {
        tasks: { id: string; unit: { displayName: string } | null }[];
      };
      taskId = tasks.find((t) => t.unit?.displayName === PINO_COMMUNITY.unit)?.id ?? '';
      return taskId;
    })
    .not.toBe('');
  await managerPage.goto(`/alerts/alert/${taskId}`);
  await expect(managerPage.getByTestId('task-status')).toHaveText('Abierta - sin tomar');
  await managerPage.getByRole('button', { name: 'Asignar', exact: true }).click();
  await expect(drawer(managerPage).getByRole('heading', { name: 'Asignar alerta' })).toBeVisible();
  await drawer(managerPage).getByRole('textbox', { name: 'Buscar' }).fill('casey');
  await drawer(managerPage)
    .getByRole('radio', { name: /Casey Nguyen/ })
    .check();
  await expectSpanishScreen(managerPage, 'Assign drawer');
  await drawer(managerPage).getByRole('button', { name: 'Asignar', exact: true }).click();
  await expect(managerPage.getByText('Alerta asignada a Casey Nguyen')).toBeVisible();
  await expectSpanishScreen(managerPage, 'alert page with the Assign toast');

  await managerPage.getByRole('button', { name: 'Reasignar', exact: true }).click();
  await expect(drawer(managerPage).getByRole('heading', { name: 'Reasignar alerta' })).toBeVisible();
  await drawer(managerPage).getByRole('textbox', { name: 'Buscar' }).fill('zzz');
  await expect(drawer(managerPage).getByText('No se encontró a nadie')).toBeVisible();
  await drawer(managerPage).getByRole('textbox', { name: 'Buscar' }).fill('nora');
  await drawer(managerPage)
    .getByRole('radio', { name: /Nora Patel/ })
    .check();
  await expectSpanishScreen(managerPage, 'Reassign drawer');
  await drawer(managerPage).getByRole('button', { name: 'Reasignar', exact: true }).click();
  await expect(managerPage.getByText('Alerta reasignada a Nora Patel')).toBeVisible();
  await expectSpanishScreen(managerPage, 'alert page with the Reassign toast');

  // The walk ends from the banner, in Spanish, on the manager's dashboard.
  await managerPage.goto('/dashboard');
  await managerPage.getByRole('button', { name: 'Terminar la prueba' }).click();
  await expect(managerPage.getByText(BANNER)).toHaveCount(0);
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await managerPage.context().close();
});
