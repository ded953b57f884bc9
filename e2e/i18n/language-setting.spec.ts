import type { APIRequestContext } from '@playwright/test';
import { authHeaders, expect, signInThroughApi, type Tokens, test, useSession } from '../alerts/fixtures';
import { inviteCaregiver } from './invite-caregiver';

/**
 * Issue #33 (decision 0554): the language is chosen on the person's own profile (Working In) and on a manager's
 * staff form, saved through PUT /staff/{id}, and the person's screen follows at once. A caregiver invited for the
 * test, so the demo caregiver the other specs share stays in English.
 */
async function languageOf(request: APIRequestContext, tokens: Tokens, id: string): Promise<string> {
  const res = await request.get(`/admin/api/v1/staff/${id}`, { headers: authHeaders(tokens) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { language: string }).language;
}

test('[I18N][LANGUAGE]: a caregiver switches to Spanish on Working In at once, and a manager sets it back on the staff form', async ({
  managerPage,
  manager,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const person = await inviteCaregiver(request, manager);
  const tokens = await signInThroughApi(request, person.phoneNumber);
  expect(tokens.staffMemberId).toBe(person.id);

  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await context.newPage();
  await useSession(page, tokens);
  await page.goto('/profile/shift');

  // English by default; the choice is on the person's own profile.
  const choice = page.getByRole('combobox', { name: 'Language' });
  await expect(choice).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await choice.selectOption('es');

  // At once: the label, the page's language, then the saved profile.
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
  await expect(page.getByText('Idioma guardado')).toBeVisible();
  await expect.poll(() => languageOf(request, tokens, person.id)).toBe('es');

  // Kept: a reload shows it from the profile.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');

  // The manager sees it on the staff form and sets English, saved with the form.
  await managerPage.goto(`/admin/staff/${person.id}`);
  const field = managerPage.getByRole('combobox', { name: 'Language' });
  await expect(field).toHaveValue('es');
  await field.selectOption('en');
  await managerPage.getByRole('button', { name: 'Save' }).click();
  await expect(managerPage.getByText(`${person.name} was saved`)).toBeVisible();
  await expect.poll(() => languageOf(request, manager, person.id)).toBe('en');
  // The manager's own screen is unchanged (it was someone else's language).
  await expect(managerPage.locator('html')).toHaveAttribute('lang', 'en-US');

  // The caregiver's next visit to their profile follows it.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await context.close();
});
