import { expect, type Page } from '@playwright/test';
import { expectAccessibleScreen } from '../a11y/scan';
import { type Tokens, useSession } from '../alerts/fixtures';
import { englishIn } from './english-phrases';

/**
 * The check every Spanish walk makes of a screen (decision 0556): `<html lang>` is Spanish, none of `phrases` (the
 * English of the screen's namespaces, `englishPhrases`) is on it, it fits 360 px, and the axe scan passes.
 * `typedNames`: what the community typed that reads as English (care zones called 'Assisted Living', groups called
 * 'Management'), taken out of the screen's text where it is shown as a name, before the check.
 */
export async function expectSpanishScreen(
  page: Page,
  name: string,
  phrases: readonly string[],
  typedNames: readonly string[] = [],
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, what display: none hides left out.
  let text = await page.locator('body').innerText();
  for (const typed of typedNames) text = text.replaceAll(typed, '');
  expect(englishIn(text, phrases), `English on ${name}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} wider than the screen`).toBeLessThanOrEqual(0);
  await expectAccessibleScreen(page, name);
}

/** A Spanish reader's session opened in `page`: every sign-in lands on Working In, which takes the language from the profile (decision 0551). */
export async function signInInSpanish(page: Page, tokens: Tokens): Promise<void> {
  await useSession(page, tokens);
  await page.goto('/profile/shift');
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/, { timeout: 15_000 });
}
