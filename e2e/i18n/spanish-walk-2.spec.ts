import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleScreen } from '../a11y/scan';
import { sharedSession, type Tokens, useSession } from '../alerts/fixtures';
import { STATION_COMMUNITY } from '../stack/facts';
import { englishIn, englishPhrases } from './english-phrases';

/**
 * The station display in Spanish (decision 0632): a screen whose browser reads Spanish shows the station's texts
 * in Spanish, at 360 x 740 with touch, with no fixed phrase of the English `station`, `severity` or `sound`
 * namespaces on it and the axe scan passing with `lang` set. The screen is paired through the managers' screen
 * (English: manager screens are not translated) in the station community, where this test raises no alert.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const AREAS = ['station', 'severity', 'sound'] as const;
const ENGLISH_PHRASES = englishPhrases(AREAS);

async function expectSpanishScreen(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, what display: none hides left out.
  const text = await page.locator('body').innerText();
  const english = englishIn(text, ENGLISH_PHRASES);
  expect(english, `English on ${name}`).toEqual([]);
  await expectAccessibleScreen(page, name);
}

let manager: Tokens;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(150_000);
  const { baseURL } = testInfo.project.use;
  const request = await playwright.request.newContext({ baseURL });
  // The station specs' manager session, shared (codes are rate-limited per number).
  manager = await sharedSession(request, baseURL, 'station-manager', STATION_COMMUNITY.managerPhone);
  await request.dispose();
});

test('[I18N][SPANISH-STATION]: a station display whose browser reads Spanish asks to be paired and shows its board in Spanish', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  expect(ENGLISH_PHRASES).toEqual(
    expect.arrayContaining(['This screen is not paired', 'No open alerts', 'High Priority']),
  );
  const viewport = { width: 360, height: 740 };

  // Not paired, then a key refused: in Spanish.
  const context = await browser.newContext({ viewport, hasTouch: true, locale: 'es-US' });
  const page = await context.newPage();
  await page.goto('/station#key=not-a-display-key-not-a-display-key-0000000');
  await expect(page.getByRole('heading', { name: 'Esta pantalla no está vinculada' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('alert')).toContainText('Esta clave de pantalla no existe');
  await expect(page.getByLabel('Clave de pantalla')).toBeVisible();
  await expectSpanishScreen(page, 'station display, key refused');

  // Paired by a manager (an English screen), then the board in Spanish.
  const adminContext = await browser.newContext({ viewport });
  const admin = await adminContext.newPage();
  await useSession(admin, manager);
  await admin.goto('/manage/station-displays');
  const name = `Pasillo ${Date.now()}`;
  await admin.getByLabel('Display name').fill(name);
  await admin.getByRole('checkbox', { name: 'Assisted Living' }).check();
  await admin.getByRole('button', { name: 'Pair a display' }).click();
  const link = (await admin.getByTestId('station-link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/station#key=[A-Za-z0-9_-]{43}$/);
  await adminContext.close();

  // A page of its own: on the same page the pairing link is only a change of hash (the screen read its key once).
  await page.close();
  const board = await context.newPage();
  await board.goto(link);
  await expect(board).toHaveURL(/\/station$/);
  await expect(board.getByText(`${STATION_COMMUNITY.facilityName} · ${name}`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(board.getByText(/^(Pantalla siempre encendida|La pantalla puede apagarse)$/)).toBeVisible();
  await expect(
    board.getByText('No hay alertas abiertas').or(board.getByRole('list', { name: 'Alertas abiertas' })),
  ).toBeVisible();
  await expectSpanishScreen(board, 'station display board');
  await context.close();
});
