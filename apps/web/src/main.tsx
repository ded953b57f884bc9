import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { firstRoutesLoaded } from './app/router';
import { currentLanguage, loadMessages } from './shared/i18n';
import { installErrorReporting } from './shared/report-error';

installErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
const render = () => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
};

/**
 * The sign-in page painted from the HTML (authenticate.<language>.html, decision 0900) stays until the app can draw
 * the same page at once: its route module and messages are awaited first, so the first render neither suspends
 * into the loading screen over the form nor shows an empty page. Anything failing here fails in the render too,
 * where the error screens handle it.
 */
if (container.querySelector('[data-prerendered="sign-in"]')) {
  void Promise.all([firstRoutesLoaded(), loadMessages(currentLanguage(), 'signIn')])
    .catch(() => {})
    .then(render);
} else render();
