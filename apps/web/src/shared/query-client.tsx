import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from './api/client';

/** Client errors (4xx) are answers, not glitches: they are not retried. Others are retried twice. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: true, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | null = null;
/** The app's one query client (its cache lives as long as the page), made on first use. */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}

/**
 * The app's query client for what is below. Not at the app's root: the sign-in page fetches no data with it, so
 * TanStack Query is not part of its first load (issue 18; docs/decisions/0385). The signed-in layout, the
 * station display, the drawer host and the toast container (all loaded lazily) each put it around their content;
 * they share the one client.
 */
export function AppQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
