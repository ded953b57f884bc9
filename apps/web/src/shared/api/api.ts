import { authenticatePath, navigateTo } from '../navigation';
import { sessionStore } from '../session';
import { createApiClient } from './client';

/** The app's API client: same-origin, session from localStorage; a 401 signs the user out. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getSession: () => sessionStore.get(),
  onUnauthorized: () => {
    sessionStore.clear();
    navigateTo(authenticatePath('login-required'), { replace: true });
  },
});
