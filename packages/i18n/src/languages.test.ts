import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, languageFromTags } from './languages';

/** The reader's language from the browser's Accept-Language (the prerendered sign-in page, decision 0900). */
describe('acceptLanguageTags', () => {
  it.each([
    [undefined, [], 'en'],
    ['', [], 'en'],
    ['es-MX,es;q=0.9,en;q=0.8', ['es-MX', 'es', 'en'], 'es'],
    ['en-US,en;q=0.9,es;q=0.8', ['en-US', 'en', 'es'], 'en'],
    // Weights order the list, not the header's order.
    ['fr;q=0.5, es;q=0.7, de', ['de', 'es', 'fr'], 'es'],
    // q=0 is "not this one".
    ['es;q=0, en;q=0.3', ['en'], 'en'],
    ['*', [], 'en'],
    ['pt-BR', ['pt-BR'], 'en'],
  ])('%j -> %j, the language %s', (header, tags, language) => {
    expect(acceptLanguageTags(header)).toEqual(tags);
    expect(languageFromTags(acceptLanguageTags(header))).toBe(language);
  });
});
