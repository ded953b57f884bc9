import { expect, type Page, test } from '@playwright/test';
import { CATALOGUES } from '@sage/i18n/catalogue';
import { expectAccessibleScreen } from '../a11y/scan';
import { signInThroughApi, type Tokens, useSession } from '../alerts/fixtures';
import { SPANISH_MANAGER_COMMUNITY as C } from '../stack/facts';

/**
 * The manager's staff screens in Spanish (decision 0680): a manager whose language is Spanish (seeded, in a
 * community of their own) walks the staff list, the invite form and the edit form at 360 x 740 with touch. No fixed
 * phrase of the English `manageStaff` namespace is shown, nothing is wider than the screen, and the axe scan passes
 * with `lang` set.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const ENGLISH_PHRASES = [
  ...new Set(
    Object.values(CATALOGUES.en.manageStaff as Record<string, string>).flatMap((message) =>
      message
        .split(/\{\w+\}/)
        .map((part) => part.replace(/^[\s,.:·…?()-]+|[\s,.:·…?()-]+$/g, ''))
        .filter((part) => part.length >= 3),
    ),
  ),
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function expectSpanishScreen(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, what display: none hides left out.
  const text = await page.locator('body').innerText();
  const english = ENGLISH_PHRASES.filter((phrase) =>
    new RegExp(`(^|[^\\p{L}])${escapeRegExp(phrase)}($|[^\\p{L}])`, 'u').test(text),
  );
  expect(english, `English on ${name}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} wider than the screen`).toBeLessThanOrEqual(0);
  await expectAccessibleScreen(page, name);
}

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
  expect(ENGLISH_PHRASES).toEqual(expect.arrayContaining(['Invite Staff Member', 'Show archived staff']));
  await useSession(page, manager);
  // Every sign-in lands on Working In, which takes the language from the profile (decision 0551).
  await page.goto('/profile/shift');
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/, { timeout: 15_000 });

  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Personal' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Buscar personal')).toBeVisible();
  const list = page.getByRole('list', { name: 'Personal' });
  await expect(list.getByRole('listitem', { name: 'Casey Nguyen' })).toBeVisible();
  await expectSpanishScreen(page, 'staff list');

  await page.getByRole('link', { name: 'Invitar a un miembro del personal' }).tap();
  await expect(page.getByRole('heading', { name: 'Invitar a un miembro del personal' })).toBeVisible();
  await expect(page.getByLabel('Número de teléfono celular')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar invitación' })).toBeVisible();
  await expectSpanishScreen(page, 'invite staff form');

  await page.goto('/admin/staff');
  await page.getByRole('link', { name: 'Editar a Casey Nguyen' }).tap();
  await expect(page.getByRole('heading', { name: 'Editar miembro del personal' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Permisos aquí' })).toContainText('Ve las alertas');
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
  await expectSpanishScreen(page, 'edit staff form');

  // Saving says so in Spanish.
  await page.getByLabel('Puesto (opcional)').fill('Cuidadora');
  await page.getByRole('button', { name: 'Guardar' }).tap();
  await expect(page.getByText('Se guardó a Casey Nguyen')).toBeVisible();
});
