import { randomUUID } from 'node:crypto';
import { CATALOGUES } from '@sage/i18n/catalogue';
import { expectAccessibleScreen } from '../a11y/scan';
import { authHeaders, expect, signInThroughApi, test, useSession } from '../alerts/fixtures';
import { inviteCaregiver } from './invite-caregiver';

/**
 * Issue #33 (decision 0730): a reply's error message, written by the server in English, is shown to a reader of
 * Spanish in Spanish: the server's own text when it is known, else what its code or status says; never the
 * English. A caregiver invited in Spanish for the test opens an alert that does not exist.
 */
test('[I18N][API-ERRORS]: a Spanish reader is told in Spanish what the server refused, not in its English', async ({
  manager,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { phoneNumber } = await inviteCaregiver(request, manager, {
    firstName: 'Rosa',
    lastName: 'Errores',
    language: 'es',
  });
  const tokens = await signInThroughApi(request, phoneNumber);

  // What the server says of an alert that is not there, in its English.
  const missing = randomUUID();
  const reply = await request.get(`/admin/api/v1/tasks/${missing}`, { headers: authHeaders(tokens) });
  expect(reply.status()).toBe(404);
  const english = ((await reply.json()) as { message: string }).message;
  expect(english).toMatch(/not found/);

  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await context.newPage();
  await useSession(page, tokens);
  // Working In, where every sign-in lands, takes the language from the profile (decision 0551).
  await page.goto('/profile/shift');
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  await page.goto(`/alerts/alert/${missing}`);
  const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar esta alerta' });
  await expect(failure).toContainText('No se encontró. Puede que ya no exista.', { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown.
  const shown = await page.locator('body').innerText();
  expect(shown).not.toContain(english);
  for (const message of Object.values(CATALOGUES.en.apiErrors)) {
    for (const part of message.split(/\{\w+\}/).filter((p) => p.trim().length >= 8)) {
      expect(shown, 'no English error text').not.toContain(part.trim());
    }
  }
  await expectAccessibleScreen(page, 'alert page, not found, in Spanish');
  await context.close();
});
