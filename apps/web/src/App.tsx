import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { AppRouter } from './app/router';
import { theme } from './app/theme';
import { AppErrorBoundary } from './features/shell/app-error-boundary';
import { CookieBlockedScreen } from './features/shell/cookie-blocked-screen';

/** The toast container (Mantine's Notifications, with its transitions) loads with the first toast, not the page. */
const ToastContainer = lazy(() =>
  import('./app/toast-container').then((m) => ({ default: m.ToastContainer })),
);

function hasToasts(): boolean {
  const state = notificationsStore.getState();
  return state.notifications.length > 0 || state.queue.length > 0;
}

/** Mounts the toast container once a toast is shown, and keeps it (toasts shown before it mounts appear then). */
function Toasts() {
  const shown = useSyncExternalStore(notificationsStore.subscribe, hasToasts, () => false);
  const [needed, setNeeded] = useState(shown);
  useEffect(() => {
    if (shown) setNeeded(true);
  }, [shown]);
  return needed || shown ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}

export interface AppProps {
  /** Whether the browser accepts cookies. @default navigator.cookieEnabled */
  cookieEnabled?: boolean;
  /** @default navigator.userAgent */
  userAgent?: string;
}

function browserCookieEnabled(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.cookieEnabled;
}

function browserUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** Cookies must be enabled or the app is not shown (signin-staff-admin.md section 5 'Push'). */
export function App({ cookieEnabled = browserCookieEnabled(), userAgent = browserUserAgent() }: AppProps) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
      {cookieEnabled ? (
        <AppErrorBoundary>
          <AppWithRouter />
        </AppErrorBoundary>
      ) : (
        <CookieBlockedScreen userAgent={userAgent} />
      )}
    </MantineProvider>
  );
}

function AppWithRouter() {
  return (
    // No query client here: the routes and the lazy containers that fetch data provide it (shared/query-client).
    <>
      <Toasts />
      <AppRouter />
    </>
  );
}
