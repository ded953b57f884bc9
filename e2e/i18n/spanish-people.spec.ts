import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { STAFF_PROFILE_PATHS } from '@sage/contract';
import type { Namespace } from '@sage/i18n/catalogue';
import { expectAccessibleScreen } from '../a11y/scan';
import { authHeaders, ingestUrl, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { SPANISH_PEOPLE_COMMUNITY as C } from '../stack/facts';
import { englishIn, englishPhrases, screenTextBesideTimeline } from './english-phrases';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

/**
 * The English of the areas decision 0750 puts in Spanish (the staff member actions, the High Five drawers, the
 * resident's Pendants, the device trouble titles) and of those the screens show from the others: each message's
 * fixed words, none of which may be on the screen as a whole word or phrase (as e2e/i18n/spanish-pages.spec.ts).
 */
const OWN_AREAS = ['staffActions', 'highFive', 'pendants', 'troubleTitles'] as const;
const phrasesOf = (...others: Namespace[]) => englishPhrases([...OWN_AREAS, 'dashboard', ...others]);
/** Working In: its care zones are names as stored ('Assisted Living'), so the care types' labels are not read. */
const SHIFT_PHRASES = phrasesOf('shift', 'entries', 'profile');
/** The team pages: group names are data ('Housekeeping' is also a resolution's name), read without `resolution`. */
const TEAM_PHRASES = phrasesOf('team');
const DASHBOARD_PHRASES = phrasesOf('devices', 'entries', 'severity', 'status');
const RESIDENT_PHRASES = phrasesOf('residents');
const LOG_CARE_PHRASES = phrasesOf('residents', 'resolve', 'resolution', 'observation');
const ALERT_PHRASES = phrasesOf('alert', 'severity', 'status');

async function expectSpanishScreen(page: Page, name: string, phrases: readonly string[]) {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  let text = await screenTextBesideTimeline(page);
  // The dashboard's Working In entry names the community's care zones, names as stored (decision 0710).
  const workingIn = page.getByRole('button', { name: /^Trabajando en / });
  // biome-ignore lint/performance/useDomNodeTextContent: the same reading as the page's.
  if ((await workingIn.count()) > 0) text = text.replace(await workingIn.innerText(), '');
  expect(englishIn(text, phrases), `English on ${name}`).toEqual([]);
  await expectAccessibleScreen(page, name);
  // Nothing wider than the 360 px screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows`).toBeLessThanOrEqual(0);
}

const drawer = (page: Page) => page.getByRole('dialog');
/** The newest toast's text and its close button's spoken name. */
async function expectToast(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Cerrar mensaje' })).toBeVisible();
}

/** A phone of a staff member signed in through the API, on Working In, where the profile's language is taken. */
async function spanishPhone(browser: Browser, tokens: Tokens): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await context.newPage();
  await useSession(page, tokens);
  await page.goto('/profile/shift');
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  await expect(page.getByRole('heading', { name: 'Trabajando en' })).toBeVisible();
  return page;
}

/** The resident drawer of the community's resident, from the dashboard's resident search. */
async function openResident(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Buscar residente' }).click();
  await drawer(page).getByRole('textbox', { name: 'Buscar' }).fill(C.resident.split(' ')[0]!);
  await drawer(page)
    .getByRole('radio', { name: new RegExp(C.resident) })
    .check();
  await drawer(page).getByRole('button', { name: 'Continuar' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Residente' })).toBeVisible();
}

async function facilityOf(request: APIRequestContext, tokens: Tokens): Promise<string> {
  const res = await request.get(`/admin/api/v1${STAFF_PROFILE_PATHS.profiles}`, {
    headers: authHeaders(tokens),
  });
  expect(res.ok()).toBe(true);
  const [profile] = (await res.json()) as { facilities: { id: string }[] }[];
  return profile!.facilities[0]!.id;
}

test('[I18N][SPANISH-PEOPLE]: staff member actions, high fives, pendants, Working In and device trouble titles in Spanish', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // The check knows the English of these areas (a namespace name typed wrong would check nothing).
  expect(phrasesOf()).toEqual(
    expect.arrayContaining([
      'Make Group Admin',
      'Take Off Shift',
      'Remove from Group',
      'Send High Five',
      'Congratulations!',
      'Battery low',
      'Never pressed',
      'Low battery',
      "'s pendant",
      'Dismiss message',
    ]),
  );

  const manager = await signInThroughApi(request, C.managerPhone);
  const caregiver = await signInThroughApi(request, C.caregiverPhone);
  const facilityId = await facilityOf(request, caregiver);
  // The caregiver on shift (so Take Off Shift is offered), and her resident's pendant low on battery: a device
  // trouble task the worker titles in English ("Low battery: Margaret Hale-olmob's pendant").
  const onCall = await request.post(
    `/admin/api/v1${STAFF_PROFILE_PATHS.onCall(caregiver.staffMemberId, facilityId)}`,
    {
      headers: authHeaders(caregiver),
      data: { isOnCall: true, deviceType: 'COMPUTER' },
    },
  );
  expect(onCall.ok(), await onCall.text()).toBe(true);
  const heartbeat = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': C.gatewayKey },
    data: {
      eventId: randomUUID(),
      timestamp: new Date().toISOString(),
      hardwareId: C.pendant,
      type: 'HEARTBEAT',
      batteryLevel: 12,
    },
  });
  expect(heartbeat.status()).toBe(202);
  const troubleTitle = `Batería baja: Colgante de ${C.resident}`;

  // The manager: Working In, with its entries.
  const page = await spanishPhone(browser, manager);
  await expect(page.getByRole('button', { name: 'Alertas por mensaje de texto' })).toBeVisible();
  await expect(page.getByLabel('Idioma')).toBeVisible();
  await expectSpanishScreen(page, 'Working In', SHIFT_PHRASES);

  // The dashboard's Device trouble, the trouble task's title in Spanish, names as written.
  await page.goto('/dashboard');
  const trouble = page.getByRole('region', { name: 'Problemas de dispositivos' });
  await expect(trouble.getByText(troubleTitle, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expectSpanishScreen(page, 'dashboard with device trouble', DASHBOARD_PHRASES);

  // Its alert page.
  const found = await request.post('/admin/api/v1/tasks/search', {
    headers: authHeaders(manager),
    data: { statuses: ['OPEN_UNCLAIMED'], kinds: ['DEVICE_TROUBLE'], pageSize: 20 },
  });
  expect(found.ok()).toBe(true);
  const task = ((await found.json()) as { tasks: { id: string; title: string }[] }).tasks.find(
    (t) => t.title === `Low battery: ${C.resident}'s pendant`,
  );
  expect(task, 'the trouble task as the worker wrote it').toBeDefined();
  await page.goto(`/alerts/alert/${task!.id}`);
  await expect(page.getByRole('heading', { name: troubleTitle })).toBeVisible();
  // Every page's back arrow is named in Spanish.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Atrás' })).toBeVisible();
  await expectSpanishScreen(page, 'device trouble alert page', ALERT_PHRASES);

  // The caregiver's team page: Send a High Five.
  await page.goto('/team');
  await page.getByRole('link').filter({ hasText: C.caregiver }).click();
  await expect(page).toHaveURL(/\/team\/member\//);
  await page.getByRole('main').getByRole('button', { name: 'Enviar ¡choque esos cinco!' }).click();
  await expect(
    drawer(page).getByRole('heading', { name: `Enviar ¡choque esos cinco! a ${C.caregiver}` }),
  ).toBeVisible();
  await expect(drawer(page).getByText('Dé las gracias por un buen trabajo.')).toBeVisible();
  await expectSpanishScreen(page, 'send a high five', TEAM_PHRASES);
  await drawer(page).getByRole('button', { name: 'Enviar ¡choque esos cinco!' }).click();
  await expectToast(page, 'Se envió su ¡choque esos cinco!');
  await expect(drawer(page)).toHaveCount(0);

  // The staff member actions for her group.
  const actions = page.getByRole('button', { name: /^Acciones: / });
  await actions.first().click();
  await expect(drawer(page).getByRole('button', { name: 'Hacer administrador del grupo' })).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Sacar del turno' })).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Asignar tarea' })).toBeVisible();
  // Her only group: Remove from Group is offered but cannot be used, and says why.
  await expect(drawer(page).getByRole('button', { name: 'Quitar del grupo' })).toBeDisabled();
  await expect(
    drawer(page).getByText('Cada miembro del equipo debe estar en al menos un grupo.'),
  ).toBeVisible();
  await expectSpanishScreen(page, 'staff member actions', TEAM_PHRASES);
  await drawer(page).getByRole('button', { name: 'Hacer administrador del grupo' }).click();
  await expectToast(page, `${C.caregiver} ahora es administrador de`);
  await expect(drawer(page)).toHaveCount(0);
  await expectSpanishScreen(page, 'team member after a toast', TEAM_PHRASES);
  await actions.first().click();
  await drawer(page).getByRole('button', { name: 'Sacar del turno' }).click();
  await expectToast(page, `${C.caregiver} ya no está en turno`);
  await expect(drawer(page)).toHaveCount(0);

  // A second group, so Remove from Group asks first, in Spanish.
  await page.getByRole('main').getByRole('button', { name: 'Agregar al grupo' }).click();
  await drawer(page).getByRole('radio', { name: 'Culinary' }).check();
  await drawer(page).getByRole('button', { name: 'Agregar al grupo' }).click();
  await expect(page.getByRole('button', { name: 'Acciones: Culinary' })).toBeVisible();
  await page.getByRole('button', { name: 'Acciones: Culinary' }).click();
  await drawer(page).getByRole('button', { name: 'Quitar del grupo' }).click();
  await expect(
    drawer(page).getByRole('heading', { name: `¿Quitar a ${C.caregiver} de Culinary?` }),
  ).toBeVisible();
  await expect(drawer(page).getByText(/deja de recibir las alertas y tareas de Culinary/)).toBeVisible();
  await expectSpanishScreen(page, 'remove from group', TEAM_PHRASES);
  await drawer(page).getByRole('button', { name: 'Quitar del grupo' }).click();
  await expectToast(page, `${C.caregiver} fue quitado de Culinary`);
  await expect(page.getByRole('button', { name: 'Acciones: Culinary' })).toHaveCount(0);
  await page.context().close();

  // The caregiver: the high five received, opened over the app.
  const phone = await spanishPhone(browser, caregiver);
  await expect(drawer(phone).getByRole('heading', { name: '¡Felicidades!' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(drawer(phone).getByText('Un compañero le felicita: ¡choque esos cinco!')).toBeVisible();
  await expect(drawer(phone).getByRole('button', { name: 'Ver reconocimientos' })).toBeVisible();
  await expectSpanishScreen(phone, 'high five received', phrasesOf());
  // Seen (Later would show it again on the next load).
  const seen = phone.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/recognitions\//.test(response.url()),
  );
  await drawer(phone).getByRole('button', { name: 'Ver reconocimientos' }).click();
  expect((await seen).ok()).toBe(true);

  // The resident's pendants, from the resident drawer.
  await openResident(phone);
  await drawer(phone).getByRole('button', { name: 'Colgantes' }).click();
  await expect(drawer(phone).getByRole('heading', { name: `Colgantes · ${C.resident}` })).toBeVisible();
  const pendants = drawer(phone).getByRole('list', { name: 'Colgantes' });
  await expect(pendants.getByText('Batería baja · Batería 12 %')).toBeVisible();
  await expect(pendants.getByText(/^(Nunca presionado|Presionado por última vez hace .+)$/)).toBeVisible();
  await expectSpanishScreen(phone, 'pendants', RESIDENT_PHRASES);
  await drawer(phone).getByRole('button', { name: 'Volver' }).click();

  // Log Refusal and Log Care from the resident drawer: their flows' drawers.
  await drawer(phone).getByRole('button', { name: 'Registrar rechazo' }).click();
  await expect(drawer(phone).getByRole('heading')).toBeVisible();
  await expectSpanishScreen(phone, 'log refusal', LOG_CARE_PHRASES);
  await openResident(phone);
  await drawer(phone).getByRole('button', { name: 'Registrar cuidado' }).click();
  await expect(drawer(phone).getByRole('heading').first()).toBeVisible();
  await expectSpanishScreen(phone, 'log care', LOG_CARE_PHRASES);
  await phone.context().close();
});
