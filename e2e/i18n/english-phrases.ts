import type { Page } from '@playwright/test';
import type { Namespace } from '@sage/i18n/catalogue';
import { CATALOGUES } from '@sage/i18n/catalogue';

/**
 * The fixed words of namespaces' English messages, for the Spanish walks' check that no English is on a screen
 * (decision 0556): the parts between placeholders ('Task from {name}, no unit or resident' gives 'Task from' and
 * ', no unit or resident'), and of a plural each case's words ('{count, plural, one {# unit} other {# units}}' gives
 * 'unit', 'units'); a fragment of a letter or two ('in', a dash) is no sentence of English.
 */
export function englishPhrases(namespaces: readonly Namespace[]): string[] {
  const parts = (message: string) =>
    message.includes(', plural,')
      ? [...message.matchAll(/\{#?([^{}]*)\}/g)].map((match) => match[1] ?? '')
      : message.split(/\{\w+\}/);
  return [
    ...new Set(
      namespaces.flatMap((namespace) =>
        Object.values(CATALOGUES.en[namespace] as Record<string, string>).flatMap((message) =>
          parts(message)
            .map((part) => part.replace(/^[\s,.:·…?()-]+|[\s,.:·…?()-]+$/g, ''))
            .filter((part) => part.length >= 3),
        ),
      ),
    ),
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Those of `phrases` that `text` holds as a whole word or phrase (not inside a longer word). */
export const englishIn = (text: string, phrases: readonly string[]): string[] =>
  phrases.filter((phrase) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(phrase)}($|[^\\p{L}])`, 'u').test(text));

/**
 * The page's text as read (what display: none hides left out), the alert page's timeline aside: the server's record
 * of what happened, written in English (decision 0556).
 */
export async function screenTextBesideTimeline(page: Page): Promise<string> {
  const updates = page.getByRole('region', { name: 'Novedades' });
  const region = (await updates.count()) > 0 ? await updates.elementHandle() : null;
  // Both texts read in one task of the page: an update arriving between two reads (the claim's, by the live
  // channel) would make the region's text differ from the page's, and the timeline's English be counted.
  return page.evaluate((element) => {
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, what display: none hides left out.
    const text = document.body.innerText;
    // biome-ignore lint/performance/useDomNodeTextContent: the same reading as the page's above.
    return element instanceof HTMLElement ? text.replace(element.innerText, '') : text;
  }, region);
}
