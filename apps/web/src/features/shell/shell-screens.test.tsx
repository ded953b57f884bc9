import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../App';
import { theme } from '../../app/theme';
import { HELP_CENTER_URL } from '../../shared/constants';
import { setLanguage } from '../../shared/i18n';
import { CookieBlockedScreen } from './cookie-blocked-screen';
import { ErrorFallbackScreen, reloadUrl } from './error-fallback-screen';
import { LoadingScreen, LoadingScreenView } from './loading-screen';
import { loadShellMessages } from './shell-messages';

function render(node: ReactNode): string {
  return renderToString(<MantineProvider theme={theme}>{node}</MantineProvider>);
}

/** Visible text of the markup, entities decoded, whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36';

describe('loading screen', () => {
  it('says it is verifying and shows the app version, without the reload offer at first', () => {
    const screen = text(render(<LoadingScreen />));
    expect(screen).toContain('Verifying your information');
    expect(screen).toContain('v9.2.8');
    expect(screen).not.toContain('Stuck Loading?');
  });

  it('offers to refresh the page once shown for 5 seconds', () => {
    const screen = text(render(<LoadingScreenView showReloadOffer />));
    expect(screen).toContain('Verifying your information');
    expect(screen).toContain('Stuck Loading? Try refreshing the page');
    expect(screen).toContain('v9.2.8');
  });
});

describe('error fallback screen', () => {
  it('shows the headline, the advice and both buttons', () => {
    const html = render(<ErrorFallbackScreen />);
    const screen = text(html);
    expect(screen).toContain('Something went wrong');
    expect(screen).toContain(
      'Reloading the page usually fixes this. If it does not, please contact the help center.',
    );
    expect(screen).toContain('Reload');
    expect(screen).toContain('Get Help');
    expect(html).toContain(`href="${HELP_CENTER_URL}"`);
    expect(html).toContain('target="_blank"');
  });

  it('reloads to the root with a time-stamp query value', () => {
    expect(reloadUrl(1700000000000)).toBe('/?t=1700000000000');
  });
});

describe('cookie-blocked screen', () => {
  it('shows the headline, the explanation, the detected browser and four help links', () => {
    const html = render(<CookieBlockedScreen userAgent={ANDROID_CHROME} />);
    const screen = text(html);
    expect(screen).toContain('Enable Cookies to Use Sage Care');
    expect(screen).toContain('Cookies must be enabled in your browser to log in.');
    expect(screen).toContain('Chrome 124.0.6367.82');
    for (const browser of ['Chrome', 'Safari', 'Firefox', 'Microsoft Edge']) {
      expect(html).toMatch(new RegExp(`<a[^>]*>(<[^>]+>)*${browser}<`));
    }
    expect(html.match(/target="_blank"/g)).toHaveLength(4);
  });

  it('is shown instead of the whole app when cookies are disabled', () => {
    const screen = text(renderToString(<App cookieEnabled={false} userAgent={ANDROID_CHROME} />));
    expect(screen).toContain('Enable Cookies to Use Sage Care');
    expect(screen).not.toContain('Verifying your information');
  });
});

describe('the shell screens in Spanish (issue #33): in the reader language once its small chunk is in', () => {
  afterEach(() => setLanguage('en'));

  // First in this file to use Spanish: its chunk has not been asked for yet (a render runs no effect).
  it('shows no English while the Spanish chunk loads: the loading screen without text, the others a spinner', () => {
    setLanguage('es');
    for (const node of [
      <LoadingScreenView key="loading" showReloadOffer />,
      <ErrorFallbackScreen key="error" />,
      <CookieBlockedScreen key="cookies" userAgent={ANDROID_CHROME} />,
    ]) {
      const screen = text(render(node).replace(/<style[^>]*>.*?<\/style>/gs, ''));
      expect(screen).toBe(node.key === 'loading' ? 'v9.2.8' : '');
    }
  });

  it.each<[string, () => ReactNode, string[], string[]]>([
    [
      'loading screen',
      () => <LoadingScreenView showReloadOffer />,
      ['Verificando sus datos', '¿No carga? Pruebe a actualizar la página'],
      ['Verifying your information', 'Stuck Loading?'],
    ],
    [
      'error fallback',
      () => <ErrorFallbackScreen />,
      ['Algo salió mal', 'Volver a cargar', 'Pedir ayuda'],
      ['Something went wrong', 'Reload', 'Get Help'],
    ],
    [
      'cookie screen',
      () => <CookieBlockedScreen userAgent={ANDROID_CHROME} />,
      ['Active las cookies para usar Sage', 'Su navegador: Chrome 124', 'Cómo activar las cookies'],
      ['Enable Cookies', 'Your browser', 'How to enable cookies'],
    ],
  ])('%s', async (_name, node, spanish, english) => {
    setLanguage('es');
    await loadShellMessages('es');
    const screen = text(render(node()));
    for (const phrase of spanish) expect(screen).toContain(phrase);
    for (const phrase of english) expect(screen).not.toContain(phrase);
  });
});
