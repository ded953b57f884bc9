import { AUTHENTICATE_ROUTE } from './constants';

/**
 * Lets code outside React (the API client's 401 handler) navigate inside the single-page app.
 * The router registers itself once it exists; before that, navigation falls back to a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let appNavigate: Navigate | null = null;

export function setAppNavigator(navigate: Navigate | null): void {
  appNavigate = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (appNavigate) {
    appNavigate(to, options);
    return;
  }
  if (typeof window === 'undefined') return;
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export type LogoutReason = 'login-required' | 'session-expired' | 'token-error';

let lastLogoutReason: LogoutReason | undefined;

/**
 * Remembers why the app signed the visitor out, so every redirect to the login page that the sign-out
 * causes (the API client's, the signed-in layout's) carries the same reason, whichever runs first.
 */
export function setLogoutReason(reason: LogoutReason | undefined): void {
  lastLogoutReason = reason;
}

export function pendingLogoutReason(): LogoutReason | undefined {
  return lastLogoutReason;
}

/** The login page with the reason the visitor was signed out (shown there in a dialog). */
export function authenticatePath(logoutReason?: LogoutReason): string {
  return logoutReason ? `${AUTHENTICATE_ROUTE}?logoutReason=${logoutReason}` : AUTHENTICATE_ROUTE;
}
