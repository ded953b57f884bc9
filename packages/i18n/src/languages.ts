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

/** The first of the browser's preferred languages that we have ('es-MX' is Spanish), else English. */
export function languageFromTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
