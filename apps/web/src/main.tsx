import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installErrorReporting } from './shared/report-error';

installErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
