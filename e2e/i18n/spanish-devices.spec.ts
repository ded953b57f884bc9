import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { Namespace } from '@sage/i18n/catalogue';
import { ingestUrl, signInThroughApi, type Tokens } from '../alerts/fixtures';
import { SPANISH_DEVICES_COMMUNITY as C } from '../stack/facts';
import { englishPhrases } from './english-phrases';
import {
  expectSpanishScreen as expectSpanishScreenOf,
  signInInSpanish as signInInSpanishAs,
} from './spanish-screen';

/**
 * The manager's device screens and the device QA walk in Spanish (decision 0790): a manager whose language is
 * Spanish (seeded, in a community of their own) walks the registry (its registration form and field checks), a
 * device's page, the device allocation page, the Select Resident, Where in the unit?, Select Door and door alert
 * hours drawers, the doors and the device QA walk at 360 x 740 with touch. On each: `<html lang>` Spanish, no fixed
 * phrase of the English namespaces shown there, nothing wider than the screen, and the axe scan passes. Hardware ids
 * and the names of residents, units, rooms and doors are shown as stored.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const TAG = C.tag;
const drawer = (page: Page) => page.getByRole('dialog');
/** The open drawer with this heading (another may still be leaving). */
const drawerTitled = (page: Page, heading: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: heading }) });

const expectSpanishScreen = (page: Page, name: string, namespaces: Namespace[]) =>
  expectSpanishScreenOf(page, name, englishPhrases(namespaces));

const signInInSpanish = (page: Page) => signInInSpanishAs(page, manager);

/** Registers a device of a kind (its radio's Spanish name); ends on its page. */
async function register(page: Page, kind: string, hardwareId: string) {
  await page.goto('/manage/devices');
  await page.getByRole('radio', { name: kind, exact: true }).check();
  await page.getByRole('textbox', { name: 'ID del dispositivo' }).fill(hardwareId);
  await page.getByRole('button', { name: 'Registrar', exact: true }).tap();
  await expect(page).toHaveURL(/\/manage\/devices\/[^/]+$/);
}

// The battery and last press line is the pendants namespace's (decision 0750), shown on these pages too.
const REGISTRY: Namespace[] = ['deviceRegistry', 'deviceAllocation', 'deviceType', 'pendants'];
const ALLOCATION: Namespace[] = ['deviceAllocation', 'deviceType', 'pendants'];

let manager: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  manager = await signInThroughApi(request, C.managerPhone);
  await request.dispose();
});

test('[I18N][SPANISH-DEVICES]: the registry, its form and field checks, a device page, Select Resident, Where in the unit? and the allocation page in Spanish', async ({
  page,
}) => {
  test.setTimeout(150_000);
  expect(englishPhrases(REGISTRY)).toEqual(
    expect.arrayContaining(['Register device', 'Sage Button', 'Door Alarm', 'Never pressed', 'Not assigned']),
  );
  await signInInSpanish(page);

  await page.goto('/manage/devices');
  await expect(page.getByRole('heading', { name: 'Registrar dispositivo' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('radio', { name: 'Botón Sage (colgante)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Botón Sage (botón de pared)' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Dispositivos' });
  const door = list.getByRole('link', { name: new RegExp(`DOOR-${TAG}-FRONT`) });
  await expect(door).toContainText('Alarma de puerta');
  await expect(door).toContainText(`Front Entrance ${TAG}`);
  await expect(door).toContainText('Batería 90 %');
  await expect(door).toContainText('Nunca presionado');
  await expectSpanishScreen(page, 'device registry', REGISTRY);

  // The field checks, in Spanish: an empty hardware id, then one already registered (the server's 409).
  await page.getByRole('button', { name: 'Registrar', exact: true }).tap();
  await expect(page.getByText('Escriba el ID del dispositivo')).toBeVisible();
  await page.getByRole('textbox', { name: 'ID del dispositivo' }).fill(`PENDANT-${TAG}-AL`);
  await page.getByRole('button', { name: 'Registrar', exact: true }).tap();
  await expect(page.getByText(`Ya hay un dispositivo registrado con el ID PENDANT-${TAG}-AL`)).toBeVisible();
  await expectSpanishScreen(page, 'registration field checks', REGISTRY);

  // A new pendant: its toast and page.
  const pendant = `ES-PEND-${Date.now().toString(36).toUpperCase()}`;
  await register(page, 'Botón Sage (colgante)', pendant);
  await expect(page.getByText(`Botón Sage ${pendant} registrado`)).toBeVisible();
  await expect(page.getByTestId('device-assigned-to')).toHaveText('Sin asignar');
  await expect(page.getByRole('button', { name: 'Asignar a un residente' })).toBeVisible();
  await expectSpanishScreen(page, 'device page', REGISTRY);

  // Select Resident: the residents with their count of buttons.
  await page.getByRole('button', { name: 'Asignar a un residente' }).tap();
  await expect(drawer(page).getByRole('heading', { name: 'Elegir residente' })).toBeVisible();
  await expect(
    drawer(page).getByRole('radio', { name: new RegExp(`Margaret Hale-${TAG}.*1 botón`) }),
  ).toBeVisible();
  await expectSpanishScreen(page, 'Select Resident', ['deviceAllocation']);
  await drawer(page).getByRole('button', { name: 'Cancelar' }).tap();
  await expect(drawer(page)).toHaveCount(0);

  // Assigned to a unit as a wall button: Where in the unit? (the unit picker between is not this work's).
  await page.getByRole('button', { name: 'Asignar a una unidad' }).tap();
  await drawer(page)
    .getByRole('radio', { name: /^AL 101/ })
    .check();
  await drawer(page)
    .getByRole('button', { name: /^(Continue|Continuar)$/ })
    .tap();
  const rooms = drawerTitled(page, '¿Dónde en AL 101?');
  await expect(rooms).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(rooms.getByRole('radio', { name: 'Botón de revisión' })).toBeVisible();
  await rooms.getByRole('radio', { name: 'Botón de pared' }).check();
  await rooms.getByRole('textbox', { name: 'Cuarto (opcional)' }).fill('Baño');
  await expectSpanishScreen(page, 'Where in the unit?', ['deviceAllocation']);
  await rooms.getByRole('button', { name: 'Continuar' }).tap();
  await expect(page.getByText(`${pendant} asignado a AL 101 · Baño`)).toBeVisible();
  await expect(page.getByTestId('device-assigned-to')).toHaveText('AL 101 · Baño');
  await expectSpanishScreen(page, 'device page, assigned', REGISTRY);

  // The device allocation page, and Unassign with its confirmation.
  await page.getByRole('link', { name: 'Asignación del dispositivo' }).tap();
  await expect(page.getByRole('heading', { name: 'Asignación del dispositivo' })).toBeVisible();
  await expect(page.getByTestId('assigned-to')).toHaveText('AL 101 · Baño');
  await expect(page.getByText('Botón Sage', { exact: true })).toBeVisible();
  await expectSpanishScreen(page, 'device allocation page', ALLOCATION);
  await page.getByRole('button', { name: 'Quitar asignación' }).tap();
  await expect(drawer(page).getByText('¿Quitar la asignación del dispositivo?')).toBeVisible();
  await expectSpanishScreen(page, 'unassign confirmation', ALLOCATION);
  await drawer(page).getByRole('button', { name: 'Quitar asignación' }).tap();
  await expect(page.getByText(`Se quitó la asignación del dispositivo ${pendant}`)).toBeVisible();
  await expect(page.getByTestId('assigned-to')).toHaveText('Este dispositivo no está asignado.');
});

test('[I18N][SPANISH-DEVICES]: the doors, door alert hours, Select Door and a door alarm assigned in Spanish', async ({
  page,
}) => {
  test.setTimeout(150_000);
  expect(englishPhrases(['doors'])).toEqual(
    expect.arrayContaining(['Add door', 'Always Alert', 'Custom Time', 'Select Door', 'Door Alert Hours']),
  );
  await signInInSpanish(page);

  await page.goto('/manage/doors');
  await expect(page.getByRole('heading', { name: 'Puertas' })).toBeVisible({ timeout: 15_000 });
  const front = page.getByRole('group', { name: `Front Entrance ${TAG}` });
  await expect(front).toContainText(`Alarma de puerta DOOR-${TAG}-FRONT`);
  await expect(front.getByTestId('door-hours')).toHaveText('Horario de alerta: 7 p.m. - 7 a.m.');
  await expect(front).toContainText(
    'Quite la asignación de la alarma de puerta antes de eliminar la puerta.',
  );
  await expectSpanishScreen(page, 'doors', ['doors', 'deviceType']);

  // A new door follows the community's hours; a second of the same name is refused, in Spanish.
  const doorName = `Jardín ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Nombre de la puerta' }).fill(doorName);
  await page.getByRole('button', { name: 'Agregar puerta' }).tap();
  await expect(page.getByText(`Puerta ${doorName} agregada`)).toBeVisible();
  const row = page.getByRole('group', { name: doorName });
  await expect(row).toContainText('Sin alarma de puerta');
  await expect(row.getByTestId('door-hours')).toHaveText(
    'Horario de alerta: Alertar siempre (el de la comunidad)',
  );
  await page.getByRole('textbox', { name: 'Nombre de la puerta' }).fill(doorName);
  await page.getByRole('button', { name: 'Agregar puerta' }).tap();
  await expect(page.getByText(`Ya hay una puerta llamada ${doorName} en esta comunidad`)).toBeVisible();
  await expectSpanishScreen(page, 'doors, name taken', ['doors', 'deviceType']);

  // Its alert hours: the presets, the overnight note and the custom time's check.
  await row.getByRole('button', { name: 'Cambiar horario de alerta' }).tap();
  await expect(drawer(page).getByRole('heading', { name: 'Horario de alerta de la puerta' })).toBeVisible();
  await expect(drawer(page).getByRole('radio', { name: 'Alertar siempre' })).toBeChecked();
  await drawer(page).getByRole('radio', { name: 'Otro horario' }).check();
  await drawer(page).getByLabel('Hora de inicio').fill('22:00');
  await drawer(page).getByLabel('Hora de fin').fill('06:00');
  await expect(drawer(page).getByTestId('overnight-note')).toHaveText(
    'Este horario pasa la noche: desde las 22:00 hasta las 06:00 del día siguiente.',
  );
  await expectSpanishScreen(page, 'door alert hours', ['doors']);
  await drawer(page).getByLabel('Hora de fin').fill('22:00');
  await expect(drawer(page).getByText('La hora de inicio y la de fin deben ser distintas')).toBeVisible();
  await expectSpanishScreen(page, 'door alert hours, refused', ['doors']);
  await drawer(page).getByLabel('Hora de fin').fill('06:00');
  await drawer(page).getByRole('button', { name: 'Continuar' }).tap();
  await expect(page.getByText(`Horario de alerta guardado para ${doorName}`)).toBeVisible();
  await expect(row.getByTestId('door-hours')).toHaveText('Horario de alerta: Otro horario · 22:00 - 06:00');

  // A door alarm registered and given to the door through Select Door.
  const alarm = `ES-DOOR-${Date.now().toString(36).toUpperCase()}`;
  await register(page, 'Alarma de puerta', alarm);
  await expect(page.getByText(`Alarma de puerta ${alarm} registrado`)).toBeVisible();
  await page.getByRole('button', { name: 'Asignar a una puerta' }).tap();
  await expect(drawer(page).getByRole('heading', { name: 'Elegir puerta' })).toBeVisible();
  await expect(drawer(page).getByText('Esta puerta ya tiene un dispositivo asignado')).toBeVisible();
  await expectSpanishScreen(page, 'Select Door', ['doors']);
  await drawer(page).getByRole('textbox', { name: 'Buscar puertas' }).fill('ninguna puerta así');
  await expect(drawer(page).getByText('No se encontraron puertas')).toBeVisible();
  await drawer(page).getByRole('textbox', { name: 'Buscar puertas' }).fill(doorName);
  await drawer(page).getByRole('radio', { name: doorName }).check();
  await drawer(page).getByRole('button', { name: 'Continuar' }).tap();
  await expect(page.getByText(`${alarm} asignado a ${doorName}`)).toBeVisible();
  // Its alert hours next, then the device page names the door.
  const hours = drawerTitled(page, 'Horario de alerta de la puerta');
  await expect(hours.getByRole('radio', { name: 'Otro horario' })).toBeChecked();
  await hours.getByRole('button', { name: 'Cancelar' }).tap();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('device-assigned-to')).toHaveText(doorName);
  await expectSpanishScreen(page, 'door alarm page', REGISTRY);
});

test('[I18N][SPANISH-DEVICES]: the device QA walk in Spanish, from its start to its summary', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  expect(englishPhrases(['deviceQa'])).toEqual(
    expect.arrayContaining(['Start Walk', 'Finish Walk', 'Not heard', 'Put on test', '1 press', 'presses']),
  );
  await signInInSpanish(page);

  await page.goto('/manage/device-qa');
  await expect(page.getByRole('heading', { name: 'Prueba de dispositivos' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    page.getByText('Las alertas siguen activas durante la prueba.', { exact: false }).first(),
  ).toBeVisible();
  await expectSpanishScreen(page, 'device QA walk, before', ['deviceQa', 'deviceType']);

  await page.getByRole('button', { name: 'Empezar la prueba' }).tap();
  await expect(page.getByText(/^0 de \d+ dispositivos probados$/).first()).toBeVisible();
  const notHeard = page.getByRole('region', { name: 'Sin señal' });
  await expect(notHeard).toContainText(`Botón Sage · PENDANT-${TAG}-AL`);
  await expect(notHeard).toContainText(`Alarma de puerta · DOOR-${TAG}-FRONT`);
  await expect(notHeard).toContainText(`Detector de caídas · FALL-${TAG}-MC`);
  await expectSpanishScreen(page, 'device QA walk, started', ['deviceQa', 'deviceType']);

  // A device put on test, then pressed: tested and heard, with its presses and battery.
  await page.getByRole('button', { name: new RegExp(`^Probar .*PENDANT-${TAG}-AL`) }).tap();
  await expect(page.getByText(/^A prueba: presiónelo una vez antes de las /).first()).toBeVisible();
  const response = await request.post(ingestUrl(), {
    headers: { 'x-gateway-key': C.gatewayKey },
    data: {
      eventId: randomUUID(),
      hardwareId: `PENDANT-${TAG}-AL`,
      type: 'BUTTON_PRESS',
      timestamp: new Date().toISOString(),
      batteryLevel: 15,
    },
  });
  expect(response.status()).toBe(202);
  const heard = page.getByRole('region', { name: 'Con señal' });
  await expect(heard).toContainText(`PENDANT-${TAG}-AL`, { timeout: 20_000 });
  await expect(heard).toContainText(/Probado a las /);
  await expect(heard).toContainText('1 presión');
  await expect(heard).toContainText('Batería baja · Batería 15 %');
  await expectSpanishScreen(page, 'device QA walk, one heard', ['deviceQa', 'deviceType']);

  await page.getByRole('button', { name: 'Terminar la prueba' }).tap();
  await expect(page.getByRole('heading', { name: 'Resumen de la prueba' })).toBeVisible();
  await expect(page.getByText(/^\d+ dispositivos no dieron señal\.$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Empezar otra prueba' })).toBeVisible();
  await expectSpanishScreen(page, 'device QA walk summary', ['deviceQa', 'deviceType']);
});
