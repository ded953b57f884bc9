import { expect, type Page, test } from '@playwright/test';
import type { Namespace } from '@sage/i18n/catalogue';
import { CATALOGUES } from '@sage/i18n/catalogue';
import { signInThroughApi, type Tokens } from '../alerts/fixtures';
import { SPANISH_MANAGE_RESIDENTS_COMMUNITY as C } from '../stack/facts';
import { englishPhrases as englishPhrasesOf } from './english-phrases';
import {
  expectSpanishScreen as expectSpanishScreenOf,
  signInInSpanish as signInInSpanishAs,
} from './spanish-screen';

/**
 * The manager's residents screens, station displays and reports in Spanish, with the forms' field checks
 * (decision 0780): a manager whose language is Spanish (seeded, in a community of their own) walks them at
 * 360 x 740 with touch. No fixed phrase of the screen's English namespaces is shown, nothing is wider than the
 * screen, and the axe scan passes with `lang` set. Names the community typed (residents, contacts, care zones,
 * reports and their results) are never translated.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

type ScreenNamespace = 'residentsAdmin' | 'stationsAdmin' | 'reportsPage' | 'fieldChecks' | 'careType';

/** The English phrases of `namespaces`, but those Spanish writes the same ('Hospital'). */
const englishPhrases = (...namespaces: ScreenNamespace[]) => {
  const spanish = new Set(
    namespaces.flatMap((namespace: Namespace) =>
      Object.values(CATALOGUES.es[namespace] as Record<string, string>),
    ),
  );
  return englishPhrasesOf(namespaces).filter((phrase) => !spanish.has(phrase));
};

/** The seeded care zones' names, as the community typed them: they read as the English care types. */
const ZONE_NAMES = [
  'Assisted Living',
  'Memory Care',
  'Independent Living',
  'Long Term Care',
  'Short Term Rehab',
];

/** `namespaces`' English is not on the screen (spanish-screen.ts); `typedNames`: what the community typed. */
const expectSpanishScreen = (
  page: Page,
  name: string,
  namespaces: ScreenNamespace[],
  typedNames: readonly string[] = [],
) => expectSpanishScreenOf(page, name, englishPhrases(...namespaces), typedNames);

const signInInSpanish = (page: Page) => signInInSpanishAs(page, manager);

let manager: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  manager = await signInThroughApi(request, C.managerPhone);
  await request.dispose();
});

test('[I18N][SPANISH-MANAGE-RESIDENTS]: a Spanish-speaking manager sees the residents list, the admit form and its field checks in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(englishPhrases('residentsAdmin', 'fieldChecks')).toEqual(
    expect.arrayContaining(['Admit resident', 'Search residents', 'Routine checks', 'Invalid email address']),
  );
  await signInInSpanish(page);

  await page.goto('/manage/residents');
  await expect(page.getByRole('heading', { name: 'Residentes' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Buscar residentes')).toBeVisible();
  const list = page.getByRole('list', { name: 'Residentes' });
  await expect(list.getByRole('link', { name: new RegExp(C.resident) })).toBeVisible();
  await expectSpanishScreen(page, 'residents list', ['residentsAdmin']);
  await page.getByRole('switch', { name: 'Mostrar archivados' }).tap();
  await expect(page.getByText('No se encontraron residentes')).toBeVisible();
  await expectSpanishScreen(page, 'archived residents list (none)', ['residentsAdmin']);
  await page.getByRole('switch', { name: 'Mostrar archivados' }).tap();

  await page.getByRole('link', { name: 'Admitir residente' }).tap();
  await expect(page.getByRole('heading', { name: 'Nuevo residente' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Datos de salud' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Orden de reanimación' })).toHaveValue('Sin definir');
  // An invalid save: each field check says what is wrong in Spanish.
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('no-es-correo');
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Apellido', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByText('Escriba este dato.')).toHaveCount(2);
  await expect(page.getByText('Escriba un correo electrónico válido.')).toBeVisible();
  await expectSpanishScreen(page, 'admit resident form, invalid', [
    'residentsAdmin',
    'fieldChecks',
    'careType',
  ]);
});

test('[I18N][SPANISH-MANAGE-RESIDENTS]: a Spanish-speaking manager sees a resident, their contacts and the archive confirmation in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInInSpanish(page);
  const typed = [C.resident, C.contact.relationship, C.pcp.name];

  await page.goto('/manage/residents');
  await page
    .getByRole('list', { name: 'Residentes' })
    .getByRole('link', { name: new RegExp(C.resident) })
    .tap();
  await expect(page.getByRole('heading', { name: C.resident })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Tiene colgante')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Orden de reanimación' })).toHaveValue('Requiere RCP');
  await expect(page.getByRole('combobox', { name: 'Unidad' })).toHaveValue('AL 101 · Vida asistida');
  const contacts = page.getByRole('region', { name: 'Contactos' });
  await expect(contacts).toContainText(`${C.contact.firstName} ${C.contact.lastName}`);
  await expect(page.getByRole('region', { name: 'Médico de cabecera' })).toContainText(C.pcp.name);
  await expectSpanishScreen(page, 'resident form', ['residentsAdmin', 'careType'], typed);

  // A contact with no name: the field check in Spanish.
  await contacts.getByRole('button', { name: 'Agregar' }).tap();
  await expect(
    contacts.getByText('Un contacto necesita un nombre, un apellido o el nombre del lugar.'),
  ).toBeVisible();
  await expectSpanishScreen(page, 'contact without a name', ['residentsAdmin', 'fieldChecks'], typed);

  // Archive asks first, in Spanish; archived, the resident is in the archived list; restored, back as before.
  await page.getByRole('button', { name: 'Archivar' }).tap();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: `¿Archivar a ${C.resident}?` })).toBeVisible();
  await expect(confirm).toContainText('Su colgante queda libre');
  await expect(confirm).toContainText('No tiene alertas abiertas.');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expectSpanishScreen(page, 'archive confirmation', ['residentsAdmin'], typed);
  await confirm.getByRole('button', { name: 'Archivar' }).tap();
  await expect(page.getByText(`Se archivó a ${C.resident}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Residentes' })).toBeVisible();
  await page.getByRole('switch', { name: 'Mostrar archivados' }).tap();
  const archived = page
    .getByRole('list', { name: 'Residentes' })
    .getByRole('link', { name: new RegExp(C.resident) });
  await expect(archived).toContainText('Archivado');
  await expectSpanishScreen(page, 'archived residents list', ['residentsAdmin'], typed);
  await archived.tap();
  await page.getByRole('button', { name: 'Restaurar' }).tap();
  await expect(page.getByText(`Se restauró a ${C.resident}`)).toBeVisible();
});

test('[I18N][SPANISH-MANAGE-RESIDENTS]: a Spanish-speaking manager pairs and unpairs a station display in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(englishPhrases('stationsAdmin')).toEqual(
    expect.arrayContaining(['Pair a display', 'Show resident names']),
  );
  await signInInSpanish(page);
  const display = 'Olmo Meadow hall';

  await page.goto('/manage/station-displays');
  await expect(page.getByRole('heading', { name: 'Pantallas de la estación' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Todavía no hay pantallas de la estación')).toBeVisible();
  await expectSpanishScreen(page, 'station displays', ['stationsAdmin'], ZONE_NAMES);

  await page.getByRole('textbox', { name: 'Nombre de la pantalla' }).fill(display);
  await page.getByRole('button', { name: 'Vincular una pantalla' }).tap();
  await expect(page.getByText(`Pantalla vinculada: ${display}`)).toBeVisible();
  const paired = page.getByRole('list', { name: 'Pantallas vinculadas' });
  await expect(paired).toContainText('Todas las zonas de cuidado');
  await expectSpanishScreen(page, 'station display paired', ['stationsAdmin'], [...ZONE_NAMES, display]);

  await paired.getByRole('button', { name: `Desvincular ${display}` }).tap();
  await expect(page.getByText('Todavía no hay pantallas de la estación')).toBeVisible();
});

test('[I18N][SPANISH-MANAGE-RESIDENTS]: a Spanish-speaking manager runs a report in Spanish; its name and results as stored', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(englishPhrases('reportsPage')).toEqual(
    expect.arrayContaining(['Run report', 'Previous runs', 'rows']),
  );
  await signInInSpanish(page);

  await page.goto('/manage/reports');
  await expect(page.getByRole('heading', { name: 'Reportes' })).toBeVisible({ timeout: 15_000 });
  const pick = page.getByRole('combobox', { name: 'Reporte' });
  await expect(pick).toHaveAttribute('placeholder', 'Elija un reporte');
  await expectSpanishScreen(page, 'reports', ['reportsPage']);

  await pick.tap();
  await page.getByRole('option', { name: C.report }).tap();
  await expect(page.getByText('Todavía no hay ejecuciones')).toBeVisible();
  await page.getByRole('button', { name: 'Ejecutar reporte' }).tap();
  const result = page.getByRole('region', { name: 'Resultado del reporte' });
  await expect(result.getByText('Listo')).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText(/\d+ filas?/);
  await expect(page.getByRole('list', { name: 'Ejecuciones anteriores' }).getByText('Listo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar CSV' })).toBeVisible();
  // The report's name, description, parameters and columns are the community's, as stored.
  await expectSpanishScreen(page, 'report run', ['reportsPage'], [C.report]);
});

test('[I18N][SPANISH-MANAGE-RESIDENTS]: the staff, unit and care zone forms say their field checks in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInInSpanish(page);

  await page.goto('/admin/staff/new');
  await expect(page.getByRole('heading', { name: 'Invitar a un miembro del personal' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Enviar invitación' }).tap();
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Escriba este dato.')).toHaveCount(3);
  await expect(page.getByText('Los miembros del equipo deben estar en al menos un grupo.')).toBeVisible();
  await expectSpanishScreen(page, 'invite staff form, invalid', ['fieldChecks']);
  // The sign-in's phone rule, in the words the sign-in screen uses.
  await page.getByRole('textbox', { name: 'Número de teléfono celular' }).fill('555');
  await page.getByRole('button', { name: 'Enviar invitación' }).tap();
  await expect(page.getByText('El número de teléfono no es válido')).toBeVisible();

  await page.goto('/manage/units/new');
  await expect(page.getByRole('heading', { name: 'Nueva unidad' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Escriba este dato.').first()).toBeVisible();
  await expectSpanishScreen(page, 'new unit form, invalid', ['fieldChecks', 'careType']);

  await page.goto('/manage/care-zones/new');
  await expect(page.getByRole('heading', { name: 'Nueva zona de cuidado' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Escriba este dato.').first()).toBeVisible();
  await expectSpanishScreen(page, 'new care zone form, invalid', ['fieldChecks', 'careType']);
});
