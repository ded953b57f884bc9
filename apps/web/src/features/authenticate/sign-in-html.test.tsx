import { describe, expect, it } from 'vitest';
import { signInHtml } from './sign-in-html';

/**
 * The sign-in page written into the HTML at build time (decision 0900): the page's own first render, in the
 * reader's language, that nothing can be typed into before the app replaces it.
 */
describe('[WEB][SIGN-IN]: the sign-in page as HTML', () => {
  it.each([
    ['en', 'Welcome to Sage Care', 'By continuing, you agree', 'Phone number'],
    ['es', 'Bienvenido a Sage Care', 'Al continuar', 'Número de teléfono'],
  ] as const)('in %s: the form with its messages, inert, the logo left to the app', (language, ...texts) => {
    const html = signInHtml(language);
    for (const text of texts) expect(html).toContain(text);
    expect(html.startsWith('<div inert data-prerendered="sign-in">')).toBe(true);
    // The theme's variables travel with it (the primary colour of the Continue button).
    expect(html).toContain('--mantine-color-sage-7');
    expect(html).toContain('type="tel"');
    // The logo's place is kept (64 px), its drawing left to the app: it depends on the address (a partner's).
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain('data-branding');
  });
});
