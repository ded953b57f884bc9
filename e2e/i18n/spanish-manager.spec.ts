import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi, type Tokens } from '../alerts/fixtures';
import { SPANISH_MANAGER_COMMUNITY as C } from '../stack/facts';
import { englishPhrases as englishPhrasesOf } from './english-phrases';
import {
  expectSpanishScreen as expectSpanishScreenOf,
  signInInSpanish as signInInSpanishAs,
} from './spanish-screen';

/**
 * The manager's screens in Spanish (decision 0680): a manager whose language is Spanish (seeded, in a community of
 * their own) walks the staff list and forms, the units list and form and the care zones list and form at 360 x 740
 * with touch. No fixed phrase of the screen's English namespaces is shown, nothing is wider than the screen, and the
 * axe scan passes with `lang` set. Names the community typed (units, care zones, people) are never translated.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

type ManagerNamespace = 'manageStaff' | 'manageUnits' | 'manageCareZones' | 'careType';

const englishPhrases = (...namespaces: ManagerNamespace[]) => englishPhrasesOf(namespaces);

/** `namespaces`' English is not on the screen (spanish-screen.ts); `typedNames`: the names the community typed. */
const expectSpanishScreen = (
  page: Page,
  name: string,
  namespaces: ManagerNamespace[],
  typedNames: string[] = [],
) => expectSpanishScreenOf(page, name, englishPhrases(...namespaces), typedNames);

const signInInSpanish = (page: Page) => signInInSpanishAs(page, manager);

let manager: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  manager = await signInThroughApi(request, C.managerPhone);
  await request.dispose();
});

test('[I18N][SPANISH-MANAGER]: a Spanish-speaking manager sees the staff list, invite and edit forms in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(englishPhrases('manageStaff')).toEqual(
    expect.arrayContaining(['Invite Staff Member', 'Show archived staff']),
  );
  await signInInSpanish(page);

  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Personal' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Buscar personal')).toBeVisible();
  const list = page.getByRole('list', { name: 'Personal' });
  await expect(list.getByRole('listitem', { name: 'Casey Nguyen' })).toBeVisible();
  await expectSpanishScreen(page, 'staff list', ['manageStaff']);

  await page.getByRole('link', { name: 'Invitar a un miembro del personal' }).tap();
  await expect(page.getByRole('heading', { name: 'Invitar a un miembro del personal' })).toBeVisible();
  await expect(page.getByLabel('Número de teléfono celular')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar invitación' })).toBeVisible();
  await expectSpanishScreen(page, 'invite staff form', ['manageStaff']);

  await page.goto('/admin/staff');
  await page.getByRole('link', { name: 'Editar a Casey Nguyen' }).tap();
  await expect(page.getByRole('heading', { name: 'Editar miembro del personal' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Permisos aquí' })).toContainText('Ve las alertas');
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
  await expectSpanishScreen(page, 'edit staff form', ['manageStaff']);

  // Saving says so in Spanish.
  await page.getByLabel('Puesto (opcional)').fill('Cuidadora');
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Se guardó a Casey Nguyen')).toBeVisible();
});

test('[I18N][SPANISH-MANAGER]: a Spanish-speaking manager sees the units list and the unit form in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(englishPhrases('manageUnits', 'careType')).toEqual(
    expect.arrayContaining(['Search units', 'Room number', 'resident', 'residents', 'Assisted Living']),
  );
  await signInInSpanish(page);

  await page.goto('/manage/units');
  await expect(page.getByRole('heading', { name: 'Unidades' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Buscar unidades')).toBeVisible();
  const list = page.getByRole('list', { name: 'Unidades' });
  const unit = list.getByRole('listitem').filter({ hasText: 'AL 101' });
  // The unit's name as typed; its care type, floor and residents in Spanish.
  await expect(unit).toContainText('Vida asistida · Piso 1');
  await expect(unit).toContainText('1 residente');
  await expectSpanishScreen(page, 'units list', ['manageUnits', 'careType']);
  await page.getByRole('switch', { name: 'Mostrar archivadas' }).tap();
  await expect(page.getByText('No hay unidades archivadas')).toBeVisible();
  await page.getByRole('switch', { name: 'Mostrar archivadas' }).tap();

  await page.getByRole('link', { name: 'Agregar unidad' }).tap();
  await expect(page.getByRole('heading', { name: 'Nueva unidad' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tipo de cuidado' })).toHaveValue('Ninguno');
  await expect(page.getByLabel('Número de cuarto')).toBeVisible();
  await expectSpanishScreen(page, 'new unit form', ['manageUnits', 'careType']);

  await page.goto('/manage/units');
  await list.getByRole('link', { name: /AL 101/ }).tap();
  await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('AL 101');
  await expect(page.getByRole('combobox', { name: 'Tipo de cuidado' })).toHaveValue('Vida asistida');
  // It has a resident: why it cannot be archived nor deleted, in Spanish.
  await expect(page.getByRole('button', { name: 'Archivar' })).toBeDisabled();
  await expect(page.getByText('Antes de archivarla, mude a sus residentes')).toBeVisible();
  await expectSpanishScreen(page, 'unit form', ['manageUnits', 'careType']);

  // Saving says so in Spanish.
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Se guardó la unidad AL 101')).toBeVisible();
});

test('[I18N][SPANISH-MANAGER]: a Spanish-speaking manager sees the care zones list and the care zone form in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(englishPhrases('manageCareZones')).toEqual(
    expect.arrayContaining(['Search care zones', 'Every unit of these care types', 'unit', 'units']),
  );
  await signInInSpanish(page);
  // The seeded zones' names, as the community typed them: they read as the English care types.
  const zoneNames = [
    'Assisted Living',
    'Memory Care',
    'Independent Living',
    'Long Term Care',
    'Short Term Rehab',
  ];

  await page.goto('/manage/care-zones');
  await expect(page.getByRole('heading', { name: 'Zonas de cuidado' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Buscar zonas de cuidado')).toBeVisible();
  const list = page.getByRole('list', { name: 'Zonas de cuidado' });
  const zone = list.getByRole('listitem').filter({ hasText: 'Memory Care' });
  // The zone's name as typed, its care type in Spanish.
  await expect(zone).toContainText('Cuidado de la memoria');
  await expectSpanishScreen(page, 'care zones list', ['manageCareZones', 'careType'], zoneNames);

  await page.getByRole('link', { name: 'Agregar zona de cuidado' }).tap();
  await expect(page.getByRole('heading', { name: 'Nueva zona de cuidado' })).toBeVisible();
  const careTypes = page.getByRole('group', { name: 'Todas las unidades de estos tipos de cuidado' });
  await expect(careTypes.getByRole('checkbox', { name: 'Vida asistida' })).toBeVisible();
  const units = page.getByRole('region', { name: 'Unidades de esta zona' });
  await expect(units.getByRole('checkbox', { name: 'MC 201 · Cuidado de la memoria' })).toBeVisible();
  await expectSpanishScreen(page, 'new care zone form', ['manageCareZones', 'careType']);

  await page.goto('/manage/care-zones');
  await zone.getByRole('link').tap();
  await expect(page.getByRole('heading', { name: 'Memory Care' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Memory Care');
  await expect(page.getByRole('checkbox', { name: 'Cuidado de la memoria', exact: true })).toBeChecked();
  await expect(page.getByText('Ahora: MC 201')).toBeVisible();
  await expectSpanishScreen(page, 'care zone form', ['manageCareZones', 'careType'], ['Memory Care']);

  // Saving says so in Spanish.
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Se guardó la zona de cuidado Memory Care')).toBeVisible();
});
