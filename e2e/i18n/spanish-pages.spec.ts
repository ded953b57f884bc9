import { expect, type Page, test } from '@playwright/test';
import { CATALOGUES } from '@sage/i18n/catalogue';
import { expectAccessibleScreen } from '../a11y/scan';
import { authHeaders, signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { SPANISH_PAGES_COMMUNITY as C } from '../stack/facts';
import { englishIn, englishPhrases, screenTextBesideTimeline } from './english-phrases';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

/**
 * The English texts of the caregiver's and nurse's other pages (decision 0710) and of what they show from the
 * areas already in Spanish (the alert cards, the care provided, observations, the follow-up): each message's fixed
 * words (the parts between placeholders), none of which may be on the screen as a whole word or phrase. The same
 * reading as e2e/i18n/spanish-walk.spec.ts.
 */
const SPANISH_AREAS = [
  'tasks',
  'residents',
  'team',
  'dashboard',
  'alert',
  'severity',
  'status',
  'titles',
  'observation',
  'resolution',
] as const;
type Area = (typeof SPANISH_AREAS)[number];
const phrasesOf = (areas: readonly Area[]) => englishPhrases(areas);
const ENGLISH_PHRASES = phrasesOf(SPANISH_AREAS);
/**
 * The team pages show no care provided, but their group names (data, never translated) include 'Housekeeping' and
 * 'Maintenance', which are also resolution names: those screens are read without the `resolution` namespace.
 */
const TEAM_PHRASES = phrasesOf(SPANISH_AREAS.filter((area) => area !== 'resolution'));

async function englishOnScreen(page: Page, phrases: readonly string[]): Promise<string[]> {
  let text = await screenTextBesideTimeline(page);
  // The dashboard's Working In entry names the community's care zones, names as stored ('Assisted Living', 'Memory
  // Care' here), which the care types' labels share: data, never translated, as unit names are.
  const workingIn = page.getByRole('button', { name: /^Trabajando en / });
  // biome-ignore lint/performance/useDomNodeTextContent: the same reading as the page's above.
  if ((await workingIn.count()) > 0) text = text.replace(await workingIn.innerText(), '');
  return englishIn(text, phrases);
}

async function expectSpanishScreen(page: Page, name: string, phrases: readonly string[] = ENGLISH_PHRASES) {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  expect(await englishOnScreen(page, phrases), `English on ${name}`).toEqual([]);
  await expectAccessibleScreen(page, name);
}

const drawer = (page: Page) => page.getByRole('dialog');

/**
 * Signed in as `tokens`, on Working In, where every sign-in lands and the profile's language is taken (decision
 * 0551); the browser keeps it for the pages after.
 */
async function signedInInSpanish(page: Page, tokens: Tokens) {
  await useSession(page, tokens);
  await page.goto('/profile/shift');
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  await expect(page.getByRole('heading', { name: 'Trabajando en' })).toBeVisible();
}

async function facilityOf(page: Page, tokens: Tokens): Promise<string> {
  const res = await page.request.get('/admin/api/v1/staff/profiles', { headers: authHeaders(tokens) });
  expect(res.ok()).toBe(true);
  const [profile] = (await res.json()) as { facilities: { id: string }[] }[];
  return profile!.facilities[0]!.id;
}

test('[I18N][SPANISH-PAGES]: a caregiver and a nurse who read Spanish see /tasks, the resident search and drawers, the resident page and the team in Spanish', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The check knows the English of these pages (a namespace name typed wrong would check nothing).
  expect(ENGLISH_PHRASES).toEqual(
    expect.arrayContaining([
      'Add Task',
      'No observations to follow up',
      'Search for Resident',
      'View Profile',
      'Care assignment',
      'Routine check due in',
      'Search team',
      'Off shift',
      'Skin',
      'Dressing',
    ]),
  );

  const caregiver = await signInThroughApi(request, C.caregiverPhone);
  const nurse = await signInThroughApi(request, C.nursePhone);
  const facilityId = await facilityOf(page, caregiver);

  // A care log with an observation, for the resident page and the nurse's follow-up.
  const headers = authHeaders(caregiver);
  const residents = (await (
    await request.get(`/admin/api/v1/residents?facilityId=${facilityId}`, { headers })
  ).json()) as { id: string; firstName: string; lastName: string }[];
  const resident = residents.find((r) => `${r.firstName} ${r.lastName}` === C.resident)!;
  expect(resident).toBeDefined();
  const note = `Moretón en el brazo ${Date.now()}`;
  const logged = await request.post('/care/api/v1/loggedCare', {
    headers,
    data: {
      residentId: resident.id,
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_DRESSING' }],
      observations: ['SKIN'],
      resolutionNote: note,
    },
  });
  expect(logged.status()).toBe(201);

  // The caregiver: /tasks, both tabs.
  await signedInInSpanish(page, caregiver);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tareas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Agregar tarea' })).toBeVisible();
  await expect(page.getByText(/^Observaciones/).first()).toBeVisible();
  await expectSpanishScreen(page, '/tasks, observations');
  await page.getByText('Mis tareas', { exact: true }).click();
  await expect(page.getByText('No hay tareas abiertas')).toBeVisible();
  await expectSpanishScreen(page, '/tasks, my tasks');

  // The resident search from the dashboard, the resident drawer, the resident page.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Buscar residente' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Buscar residente' })).toBeVisible();
  await drawer(page).getByRole('textbox', { name: 'Buscar' }).fill('zzz');
  await expect(drawer(page).getByText('No se encontraron residentes')).toBeVisible();
  await expectSpanishScreen(page, 'resident search, none found');
  await drawer(page).getByRole('textbox', { name: 'Buscar' }).fill(C.resident.split(' ')[0]!);
  await drawer(page)
    .getByRole('radio', { name: new RegExp(C.resident) })
    .check();
  await expectSpanishScreen(page, 'resident search');
  await drawer(page).getByRole('button', { name: 'Continuar' }).click();
  await expect(drawer(page).getByRole('heading', { name: 'Residente' })).toBeVisible();
  await expect(drawer(page).getByText(/^Edad \d+/)).toBeVisible();
  await expect(drawer(page).getByText('Cuidado a largo plazo', { exact: false })).toBeVisible();
  await expect(drawer(page).getByRole('switch', { name: 'Asignación de cuidado' })).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Registrar cuidado' })).toBeVisible();
  await expectSpanishScreen(page, 'resident drawer');
  await drawer(page).getByRole('button', { name: 'Ver perfil' }).click();
  await expect(page).toHaveURL(/\/residents\/resident\//);
  await expect(page.getByRole('heading', { name: 'Registro de cuidado' })).toBeVisible();
  // The care log as it was written (never translated), its care and observation named in Spanish.
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByText('Vestirse', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Observaciones: Piel')).toBeVisible();
  await expectSpanishScreen(page, 'resident page');

  // The team, then a team member's page.
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Equipo' })).toBeVisible();
  await expect(page.getByLabel('Buscar en el equipo')).toBeVisible();
  const members = page.getByRole('list', { name: 'Miembros del equipo' });
  await expect(members.getByRole('link').filter({ hasText: C.nurse })).toBeVisible();
  await expectSpanishScreen(page, 'team', TEAM_PHRASES);
  await members.getByRole('link').filter({ hasText: C.nurse }).click();
  await expect(page).toHaveURL(/\/team\/member\//);
  await expect(page.getByRole('heading', { name: 'Grupos' })).toBeVisible();
  await expect(page.getByText(/^(En turno|Fuera de turno)$/)).toBeVisible();
  await expectSpanishScreen(page, 'team member', TEAM_PHRASES);

  // The nurse: the observation to follow up on /tasks, and its follow-up.
  const nurseContext = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const nursePage = await nurseContext.newPage();
  await signedInInSpanish(nursePage, nurse);
  await nursePage.goto('/tasks');
  const list = nursePage.getByRole('list', { name: 'Observaciones' });
  const item = list.getByRole('listitem').filter({ hasText: note });
  await expect(item).toBeVisible();
  await expect(item.getByText(/^Observación: Piel - /)).toBeVisible();
  await expectSpanishScreen(nursePage, "nurse's /tasks");
  await item.getByTestId('task-card').click();
  await expect(nursePage).toHaveURL(/\/alerts\/alert\//);
  await nursePage.getByRole('button', { name: CATALOGUES.es.alert.followUpClose }).click();
  await expect(
    drawer(nursePage).getByRole('heading', { name: CATALOGUES.es.alert.followUpTitle }),
  ).toBeVisible();
  await expectSpanishScreen(nursePage, 'follow-up');
  await nurseContext.close();
});
