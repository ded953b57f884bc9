import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi, type Tokens } from '../alerts/fixtures';
import { SPANISH_ADMIN_COMMUNITY as C } from '../stack/facts';
import { englishIn, englishPhrases } from './english-phrases';
import {
  expectSpanishScreen as expectSpanishScreenOf,
  signInInSpanish as signInInSpanishAs,
} from './spanish-screen';

/**
 * /insights, the response times and the administration pages in Spanish (decision 0770): a manager whose language is
 * Spanish (a Management group admin, in a community of their own with insights waiting and alerts two days ago)
 * walks them at 360 x 740 with touch. On each screen `<html lang>` is Spanish, no fixed phrase of the screen's
 * English namespaces is shown, nothing is wider than the screen and the axe scan passes. Names the community typed
 * (people, care zones, groups, phones, the community) are never translated.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

type AdminNamespace = 'insightsPage' | 'responseTimes' | 'adminOrg' | 'adminPages' | 'resolve';

/** `namespaces`' English is not on the screen (spanish-screen.ts); 'min' (minutes) is written the same in Spanish. */
const expectSpanishScreen = (
  page: Page,
  name: string,
  namespaces: AdminNamespace[],
  typedNames: string[] = [],
) =>
  expectSpanishScreenOf(
    page,
    name,
    englishPhrases(namespaces).filter((phrase) => phrase !== 'min'),
    typedNames,
  );

const signInInSpanish = (page: Page) => signInInSpanishAs(page, manager);

let manager: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  manager = await signInThroughApi(request, C.managerPhone);
  await request.dispose();
});

test('[I18N][SPANISH-ADMIN]: a Spanish-speaking manager reads /insights, Add Notes and its toast in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(englishPhrases(['insightsPage'])).toEqual(
    expect.arrayContaining(['Top Performance', 'Needs Improvement', 'Recognitions', 'Dismiss', 'Week of']),
  );
  await signInInSpanish(page);

  await page.goto('/insights');
  await expect(page.getByRole('heading', { name: 'Informes', level: 1 })).toBeVisible({ timeout: 15_000 });
  const needs = page.getByRole('region', { name: 'Necesita mejorar' });
  const top = page.getByRole('region', { name: 'Mejor desempeño' });
  // What the insight says, written from its figures in Spanish; the person's name as stored.
  await expect(needs).toContainText('Necesita mejorar: Tiempo para tomar alertas');
  await expect(needs).toContainText(`${C.nurse} tuvo un promedio de 7.5 min en los últimos 7 días`);
  await expect(top).toContainText(`${C.caregiver} tuvo un promedio de 0.6 min`);
  await expect(needs).toContainText('Semana del');
  await expect(needs.getByRole('button', { name: 'Descartar' })).toBeVisible();
  await expectSpanishScreen(page, 'insights', ['insightsPage']);

  await needs.getByRole('button', { name: 'Completar' }).tap();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: 'Agregar notas' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Enviar' })).toBeVisible();
  await expectSpanishScreen(page, 'add notes drawer', ['insightsPage', 'resolve']);
  await drawer.getByRole('button', { name: 'Enviar' }).tap();
  await expect(page.getByText('Informe completado')).toBeVisible();
  await expect(needs).toContainText('Completado');
  await expect(needs).toContainText('Cerrado por');

  await page.getByText('Reconocimientos').tap();
  await expect(page.getByText('Todavía no recibió ningún ¡choque esos cinco!')).toBeVisible();
  await expectSpanishScreen(page, 'recognitions', ['insightsPage']);
});

test('[I18N][SPANISH-ADMIN]: a Spanish-speaking manager reads the response times, charts and CSV button in Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(englishPhrases(['responseTimes'])).toEqual(
    expect.arrayContaining(['Export CSV', 'At bedside', 'Pendant', 'Needs improvement']),
  );
  await signInInSpanish(page);

  await page.goto('/manage/response-times');
  await expect(page.getByRole('heading', { name: 'Tiempos de respuesta', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Descargar CSV' })).toBeEnabled({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Al lado del residente: total' })).toContainText('Mediana');
  await expect(page.getByRole('heading', { name: 'Mediana por turno (minutos)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mediana por tipo de alerta (minutos)' })).toBeVisible();
  // The charts' axis names the alert kind in Spanish; the tables the people as stored.
  await expect(page.getByText('Colgante').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Por miembro del personal' })).toContainText(C.caregiver);
  await expectSpanishScreen(page, 'response times', ['responseTimes'], ['Assisted Living']);

  // The CSV is the records' (English headings, as before); its button only is the reader's.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).tap();
  expect((await download).suggestedFilename()).toMatch(/^response-times-.*\.csv$/);
});

test('[I18N][SPANISH-ADMIN]: a Spanish-speaking manager reads /manage, routine checks, EHR locked fields and groups in Spanish', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInInSpanish(page);

  await page.goto('/manage');
  await expect(page.getByRole('heading', { name: 'Gestionar la comunidad' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('link', { name: 'Rondas de control' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tiempos de respuesta' })).toBeVisible();
  await expectSpanishScreen(page, 'manage', ['adminPages']);

  await page.getByRole('link', { name: 'Rondas de control' }).tap();
  await expect(page.getByRole('heading', { name: 'Rondas de control', level: 1 })).toBeVisible();
  await expect(page.getByText('Ronda de control cada 120 minutos')).toBeVisible();
  const residents = page.getByRole('list', { name: 'Residentes' });
  await expect(residents.getByRole('switch', { name: /^Rondas de control de / }).first()).toBeChecked();
  await expectSpanishScreen(page, 'routine checks', ['adminPages']);
  await page.getByRole('button', { name: 'Activar todas', exact: true }).tap();
  await expect(page.getByText(/^Rondas de control activadas para \d+ residentes$/)).toBeVisible();

  await page.goto('/manage/ehr-locked-fields');
  await expect(page.getByRole('heading', { name: 'Campos bloqueados por el EHR', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bloquear campo' })).toBeVisible();
  await expectSpanishScreen(page, 'EHR locked fields', ['adminPages']);
  await page.getByLabel('Proveedor del EHR', { exact: true }).fill('PointClickCare');
  await page.getByRole('combobox', { name: 'Campo', exact: true }).tap();
  await page.getByRole('option', { name: 'Correo electrónico' }).tap();
  await page.getByRole('button', { name: 'Bloquear campo' }).tap();
  await expect(page.getByText('Correo electrónico: bloqueado')).toBeVisible();

  await page.goto('/admin/groups');
  await expect(page.getByRole('heading', { name: 'Grupos', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Crear grupo' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Grupos' })).toContainText(/Gerencia · \d+ miembros?/);
  // The seeded groups' names are English words (data): taken out before the check.
  const groupNames = await page
    .getByRole('list', { name: 'Grupos' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  await expectSpanishScreen(page, 'groups', ['adminPages'], groupNames);
  await page.getByLabel('Nombre del grupo', { exact: true }).fill('Turno de noche');
  await page.getByRole('button', { name: 'Crear grupo' }).tap();
  await expect(page.getByText('Se creó Turno de noche')).toBeVisible();
});

test("[I18N][SPANISH-ADMIN]: a Spanish-speaking manager reads company phones, features, communities and 'Select a company' in Spanish", async ({
  page,
}) => {
  test.setTimeout(150_000);
  expect(englishPhrases(['adminOrg'])).toEqual(
    expect.arrayContaining(['Add Company Phone', 'Search for companies', 'community', 'communities']),
  );
  await signInInSpanish(page);

  await page.goto('/admin/company-phones');
  await expect(page.getByRole('heading', { name: 'Teléfonos de la empresa', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  const phones = page.getByRole('list', { name: 'Teléfonos de la empresa' });
  await expect(phones).toContainText('Disponible');
  const phoneNames = await phones
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
  await expectSpanishScreen(page, 'company phones', ['adminOrg'], phoneNames);
  // An invalid save: the field checks in Spanish.
  await page.getByRole('button', { name: 'Agregar', exact: true }).tap();
  await expect(page.getByRole('heading', { name: 'Agregar teléfono de la empresa' })).toBeVisible();
  await expectSpanishScreen(page, 'company phone form', ['adminOrg'], phoneNames);
  await page.getByLabel('Nombre', { exact: true }).fill('Recepción');
  await page.getByLabel('Número de teléfono', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Guardar' }).tap();
  // The field check in Spanish (the theme's error red is not scanned here: shared by every form, see decision 0770).
  await expect(page.getByText('El número de teléfono no es válido')).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, as the screens' check reads it.
  expect(englishIn(await page.locator('form').innerText(), englishPhrases(['adminOrg']))).toEqual([]);

  await page.goto('/admin/features');
  await expect(page.getByRole('heading', { name: 'Funciones', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Agregar función' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar función' }).tap();
  await expect(page.getByLabel('Configuración (JSON, opcional)')).toBeVisible();
  await expectSpanishScreen(page, 'features', ['adminOrg']);

  await page.goto('/admin/facilities');
  await expect(page.getByRole('heading', { name: 'Comunidades', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('1 comunidad')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(C.facilityName)).toBeVisible();
  await expectSpanishScreen(page, 'communities', ['adminOrg']);

  await page.getByRole('button', { name: 'Cambiar' }).tap();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: 'Elegir una empresa' })).toBeVisible();
  await expect(drawer.getByLabel('Buscar empresas')).toBeVisible();
  await expect(drawer.getByText('1 comunidad')).toBeVisible();
  await expectSpanishScreen(page, 'select a company', ['adminOrg']);
});
