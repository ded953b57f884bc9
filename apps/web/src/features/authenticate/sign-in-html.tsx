import { MantineProvider } from '@mantine/core';
import { LANGUAGES, type Language, LOCALE_TAGS } from '@sage/i18n/languages';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { theme } from '../../app/theme';
import { AUTHENTICATE_ROUTE } from '../../shared/constants';
import { loadMessages, setLanguage } from '../../shared/i18n';
import { LogoPlaceholder } from '../signin/partner-logo';
import { AuthenticatePage } from './authenticate-page';

// The page's messages in every language, loaded while this module is evaluated (the build imports it through a
// module runner that is closed once the import returns), so the render below reads them without suspending.
await Promise.all(LANGUAGES.map((language) => loadMessages(language, 'signIn')));

/**
 * The sign-in page as HTML in `language`, written at build time into `authenticate.<language>.html` (vite.config.ts,
 * decision 0900): the API serves it at /authenticate, so the form is painted from the HTML and the stylesheet before
 * any script runs. It is the page's own first render (the same components, the same messages), inside an `inert`
 * wrapper: nothing in it can be focused or tapped until the app's first render replaces it, so nothing typed is lost.
 */
export function signInHtml(language: Language): string {
  setLanguage(language);
  const page = renderToStaticMarkup(
    <MantineProvider theme={theme} forceColorScheme="light">
      <LogoPlaceholder.Provider value={true}>
        <MemoryRouter initialEntries={[AUTHENTICATE_ROUTE]}>
          <AuthenticatePage />
        </MemoryRouter>
      </LogoPlaceholder.Provider>
    </MantineProvider>,
  );
  return `<div inert data-prerendered="sign-in">${page}</div>`;
}

/** The page in every language, as the build writes it: each with its `<html lang>` tag. */
export const signInPages = (): { language: Language; localeTag: string; html: string }[] =>
  LANGUAGES.map((language) => ({ language, localeTag: LOCALE_TAGS[language], html: signInHtml(language) }));
