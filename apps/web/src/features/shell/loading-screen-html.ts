import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { theme } from '../../app/theme';
import { LoadingScreenView } from './loading-screen';

/**
 * The loading screen as HTML, written into index.html's #root at build time (vite.config.ts): the first paint
 * needs no script, and the app's first render replaces it with the same screen (decision 0810).
 */
export function loadingScreenHtml(): string {
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      { theme, forceColorScheme: 'light' },
      createElement(LoadingScreenView, { showReloadOffer: false }),
    ),
  );
}
