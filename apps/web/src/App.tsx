import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { theme } from './app/theme';
import { AppErrorBoundary } from './features/shell/app-error-boundary';
import { CookieBlockedScreen } from './features/shell/cookie-blocked-screen';
import { setAppNavigator } from './shared/navigation';
import { TOAST_CONTAINER_CLASS_NAMES } from './shared/toast';

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
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);

  useEffect(() => {
    setAppNavigator((to, options) => {
      void router.navigate(to, options);
    });
    return () => setAppNavigator(null);
  }, [router]);

  return (
    <QueryClientProvider client={queryClient}>
      <Notifications
        position="top-center"
        containerWidth="min(440px, calc(100vw - 16px))"
        classNames={TOAST_CONTAINER_CLASS_NAMES}
      />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
