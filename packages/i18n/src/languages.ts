import { DEFAULT_STAFF_LANGUAGE, STAFF_LANGUAGES, type StaffLanguage } from '@sage/contract';

export type Language = StaffLanguage;
export const LANGUAGES = STAFF_LANGUAGES;
export const DEFAULT_LANGUAGE = DEFAULT_STAFF_LANGUAGE;

/** Each language by its own name: the choice must be readable by someone who does not read the current one. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The BCP 47 tag for Intl formatting and `<html lang>`: US English, US Spanish (the product's market). */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en-US', es: 'es-US' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The cookie that mirrors a language chosen on the sign-in screen (the web app keeps the choice in its storage,
 * which the server cannot read), so the API serves the prerendered sign-in page in that language (decision 0900).
 */
export const LANGUAGE_COOKIE = 'sage_language';

/**
 * The languages of an Accept-Language header, most preferred first ('es-MX,es;q=0.9,en;q=0.8'); those with q=0
 * are refused, not preferred.
 */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((t) => t.tag);
}

/** The first of the browser's preferred languages that we have ('es-MX' is Spanish), else English. */
export function languageFromTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
