import { expect, type Page, test } from '@playwright/test';
import type { Namespace } from '@sage/i18n/catalogue';
import { expectAccessibleScreen } from '../a11y/scan';
import { authHeaders, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { SPANISH_ROUTINES_COMMUNITY as C } from '../stack/facts';
import { englishIn, englishPhrases } from './english-phrases';

/**
 * The routine screens in Spanish (decision 0760): a manager whose language is Spanish (seeded, in a community of
 * their own, Olmo Ridge) adds a task, edits the task schedules, checks a unit in on the daily check-in list, opens
 * the independent-living resident's unit check-in card and the unit detail drawer, logs care by unit through the
 * care type and unit pickers, and edits the notification settings, at 360 x 740 with touch. On each screen (field
 * checks of an invalid save included): `<html lang>` Spanish, no fixed phrase of the screen's English namespaces,
 * nothing wider than the screen, and the axe scan passes. Names (units, residents, care zones, groups, people, the
 * schedule's title) are never translated.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const ROUTINES: Namespace[] = ['taskForm', 'checkIns', 'units', 'pickers', 'policies'];
/** Those of the areas the screens show from the others (priorities, care types, the dashboard, the resident drawer). */
const SHOWN: Namespace[] = [...ROUTINES, 'severity', 'careType', 'dashboard', 'residents'];

/**
 * The screen's text, the community's care zone names taken out: the dashboard's Working In entry and the policy's
 * care zone chips name them as stored ('Assisted Living', 'Memory Care'), which the care types' labels share.
 */
async function screenText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, what display: none hides left out.
  let text = await page.locator('body').innerText();
  for (const zone of [
    'Assisted Living',
    'Memory Care',
    'Independent Living',
    'Long Term Care',
    'Short Term Rehab',
  ])
    text = text.replaceAll(zone, '');
  return text;
}

async function expectSpanishScreen(page: Page, name: string, namespaces: Namespace[] = SHOWN) {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  expect(englishIn(await screenText(page), englishPhrases(namespaces)), `English on ${name}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} wider than the screen`).toBeLessThanOrEqual(0);
  await expectAccessibleScreen(page, name);
}

const drawer = (page: Page) => page.getByRole('dialog');

let manager: Tokens;
let facilityId: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  manager = await signInThroughApi(request, C.managerPhone);
  const headers = authHeaders(manager);
  const profiles = await request.get('/admin/api/v1/staff/profiles', { headers });
  expect(profiles.ok()).toBe(true);
  const [profile] = (await profiles.json()) as { facilities: { id: string }[] }[];
  facilityId = profile!.facilities[0]!.id;
  // A schedule for the list: every day, from tomorrow.
  const schedule = await request.post('/admin/api/v1/schedules/tasks', {
    headers,
    data: {
      facilityId,
      title: C.schedule,
      severity: 'LOW_PRIORITY',
      startAt: new Date(Date.now() + 86_400_000).toISOString(),
      recurringIntervalInMin: 1440,
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  await request.dispose();
});

/** Every sign-in lands on Working In, which takes the language from the profile (decision 0551). */
async function signInInSpanish(page: Page) {
  await useSession(page, manager);
  await page.goto('/profile/shift');
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Trabajando en' })).toBeVisible();
}

test('[I18N][SPANISH-ROUTINES]: a Spanish-speaking manager adds a task and edits the task schedules in Spanish', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // The check knows these screens' English (a namespace name typed wrong would check nothing).
  expect(englishPhrases(ROUTINES)).toEqual(
    expect.arrayContaining([
      'What needs doing',
      'Add Schedule',
      'Every day',
      'Not Checked-In',
      'Seen in-person',
      'No devices in this unit',
      'Select Type of Care',
      'Select Unit',
      'Who is notified',
      'Claimed but not confirmed',
      'only when on shift',
    ]),
  );
  await signInInSpanish(page);

  // /tasks/add: an invalid save's field check, then the task added.
  await page.goto('/tasks/add');
  await expect(page.getByRole('heading', { name: 'Agregar tarea' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Agregar tarea' }).tap();
  await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Tarea' })).toBeVisible();
  await expectSpanishScreen(page, 'add task, field check');
  await page.getByRole('textbox', { name: 'Tarea' }).fill('Llevar toallas al 301');
  await page.getByRole('button', { name: 'Agregar tarea' }).tap();
  await expect(page.getByText('Tarea agregada')).toBeVisible();
  await expectSpanishScreen(page, 'add task, added');

  // /tasks/schedules: the list, the new schedule form with a field check, the edit form, the saved toast.
  await page.goto('/tasks/schedules');
  await expect(page.getByRole('heading', { name: 'Horarios de tareas' })).toBeVisible({ timeout: 15_000 });
  const list = page.getByRole('list', { name: 'Horarios de tareas' });
  const item = list.getByRole('listitem').filter({ hasText: C.schedule });
  await expect(item.getByText('Cada día')).toBeVisible();
  await expect(item.getByText(/^Próxima vez: /)).toBeVisible();
  await expectSpanishScreen(page, 'task schedules');
  await page.getByRole('button', { name: 'Agregar horario' }).tap();
  await expect(page.getByRole('heading', { name: 'Agregar horario' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Tarea' }).fill('Regar las plantas');
  // Longer than a week (the box clamps only under its minimum of 1).
  await page.getByRole('textbox', { name: 'Duración en minutos (opcional)' }).fill('10081');
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('La duración es de 10080 minutos o menos')).toBeVisible();
  await expect(page.getByText('Este campo es obligatorio')).toBeVisible();
  await expectSpanishScreen(page, 'new schedule, field checks');
  await page.getByRole('button', { name: 'Cancelar' }).tap();
  await item.getByRole('button', { name: `Editar ${C.schedule}` }).tap();
  await expect(page.getByRole('heading', { name: 'Editar horario' })).toBeVisible();
  await expectSpanishScreen(page, 'edit schedule');
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText(`Horario ${C.schedule} guardado`)).toBeVisible();
  await expectSpanishScreen(page, 'schedule saved');
});

test('[I18N][SPANISH-ROUTINES]: the daily check-in, the unit check-in card, the unit drawer and the pickers in Spanish', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInInSpanish(page);

  // The daily check-in list, its drawer, a check-in with its reason and toast.
  await page.goto('/check-ins');
  await expect(page.getByRole('heading', { name: 'Revisión diaria' })).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('region', { name: C.ilUnit });
  await expect(row.getByLabel('Estado de la revisión')).toHaveText('Sin revisar');
  await expectSpanishScreen(page, 'daily check-in list');
  await row.getByRole('button', { name: 'Detalles' }).tap();
  const card = drawer(page).getByRole('region', { name: 'Revisión de la unidad' });
  await expect(card.getByRole('button', { name: 'Revisar unidad' })).toBeVisible();
  await expectSpanishScreen(page, 'unit check-in drawer');
  await card.getByRole('button', { name: 'Revisar unidad' }).tap();
  await expect(card.getByRole('button', { name: 'Visto en persona' })).toBeVisible();
  await expectSpanishScreen(page, 'unit check-in reasons');
  await card.getByRole('button', { name: 'Visto en persona' }).tap();
  await expect(page.getByText(`Revisión actualizada para la unidad ${C.ilUnit}`)).toBeVisible();
  await expect(card.getByLabel('Estado de la revisión')).toHaveText('Revisada');
  await expect(card.getByRole('button', { name: 'Quitar la revisión de la unidad' })).toBeVisible();
  await expectSpanishScreen(page, 'unit checked in');
  await card.getByRole('button', { name: 'Cancelar' }).tap();
  await expect(row.getByLabel('Estado de la revisión')).toHaveText('Revisada');

  // Log Care by unit: the care type and unit pickers, then the resident's drawer with the unit check-in card.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Registrar cuidado' }).tap();
  await expect(drawer(page).getByRole('heading', { name: 'Elegir tipo de cuidado' })).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Buscar por nombre' })).toBeVisible();
  await expectSpanishScreen(page, 'care type picker');
  await drawer(page)
    .getByRole('radio', { name: /Vida independiente/ })
    .check();
  await drawer(page).getByRole('button', { name: 'Continuar' }).tap();
  await expect(drawer(page).getByRole('heading', { name: /Elegir unidad/ })).toBeVisible();
  await expect(drawer(page).getByRole('textbox', { name: 'Buscar' })).toBeVisible();
  await expectSpanishScreen(page, 'unit picker');
  await drawer(page).getByRole('textbox', { name: 'Buscar' }).fill('zzz');
  await expect(drawer(page).getByText('No se encontraron unidades')).toBeVisible();
  await expectSpanishScreen(page, 'unit picker, none found');
  await drawer(page).getByRole('textbox', { name: 'Buscar' }).fill(C.ilUnit);
  await drawer(page)
    .getByRole('radio', { name: new RegExp(C.ilUnit) })
    .check();
  await drawer(page).getByRole('button', { name: 'Continuar' }).tap();
  await expect(drawer(page).getByRole('heading', { name: 'Residente' })).toBeVisible();
  const residentCard = drawer(page).getByRole('region', { name: 'Revisión de la unidad' });
  await expect(residentCard.getByLabel('Estado de la revisión')).toHaveText('Revisada');
  await expectSpanishScreen(page, 'resident drawer, unit check-in card');

  // The unit detail drawer, from the resident's unit.
  await drawer(page)
    .getByRole('button', { name: `Unidad ${C.ilUnit}` })
    .tap();
  await expect(drawer(page).getByRole('heading', { name: C.ilUnit })).toBeVisible();
  await expect(drawer(page).getByText('Vida independiente')).toBeVisible();
  await expect(drawer(page).getByRole('heading', { name: 'Dispositivos' })).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: C.ilResident })).toBeVisible();
  await expectSpanishScreen(page, 'unit detail drawer');
});

test('[I18N][SPANISH-ROUTINES]: a Spanish-speaking manager edits the notification settings in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInInSpanish(page);
  await page.goto('/settings/notifications');
  await expect(page.getByRole('heading', { name: 'Ajustes de notificaciones' })).toBeVisible({
    timeout: 15_000,
  });
  const create = page.getByRole('button', { name: 'Crear reglas de aviso' });
  const step = page.getByRole('group', { name: 'Paso 1' });
  await expect(create.or(step)).toBeVisible();
  if (await create.isVisible()) {
    await expectSpanishScreen(page, 'notification settings, no policy');
    await create.tap();
  }
  await expect(step).toBeVisible();
  await expect(step.getByText('A quién se avisa')).toBeVisible();
  await expect(step.getByRole('group', { name: 'Filtro 1' })).toBeVisible();
  await expectSpanishScreen(page, 'notification settings');

  // An invalid save's field check (a repeat under a second; the boxes clamp what is over their maximum), then
  // the save.
  const repeat = step.getByRole('textbox', { name: 'Repetir cada (minutos)' });
  await repeat.fill('0.01');
  await page.getByRole('button', { name: 'Guardar', exact: true }).tap();
  await expect(
    step.getByText('Escriba 0 (no se repite) o por lo menos 1 segundo (0.02 minutos)'),
  ).toBeVisible();
  await expectSpanishScreen(page, 'notification settings, field check');
  await repeat.fill('1');
  await page.getByRole('button', { name: 'Agregar paso' }).tap();
  await expect(page.getByRole('group', { name: 'Paso 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Guardar', exact: true }).tap();
  await expect(page.getByText('Ajustes de notificaciones guardados')).toBeVisible();
  await expectSpanishScreen(page, 'notification settings saved');

  // The claimed-but-not-confirmed reminder: out of range, then saved.
  const reminder = page.getByRole('group', { name: 'Tomada pero sin confirmar' });
  const minutes = reminder.getByRole('textbox', { name: 'Recordar después de (minutos)' });
  await expect(minutes).toBeEnabled();
  await minutes.fill('99');
  await expect(reminder.getByText('Escriba un número entero de minutos de 1 a 30')).toBeVisible();
  await expectSpanishScreen(page, 'claim reminder, out of range');
  await minutes.fill('7');
  await reminder.getByRole('button', { name: 'Actualizar recordatorio' }).tap();
  await expect(page.getByText('Recordatorio actualizado')).toBeVisible();
  await expectSpanishScreen(page, 'claim reminder saved');
});
