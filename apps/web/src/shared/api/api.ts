import { currentLanguage, loadMessages } from '../i18n';
import { authenticatePath, navigateTo, setLogoutReason } from '../navigation';
import { sessionStore } from '../session';
import { createApiClient } from './client';

/** The app's API client: same-origin, session from localStorage; a 401 signs the user out. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getSession: () => sessionStore.get(),
  onUnauthorized: (error) => {
    // An access token past its `exp`: the session timed out; anything else: sign in again.
    const reason = error.code === 'token_expired' ? 'session-expired' : 'login-required';
    setLogoutReason(reason);
    sessionStore.clear();
    navigateTo(authenticatePath(reason), { replace: true });
  },
  // In English the server's message is shown as it is; the translation loads only for a reader of another
  // language, when a request fails (decision 0730).
  localizeError: (error) => {
    const language = currentLanguage();
    if (language === 'en') return error;
    const status = loadMessages(language, 'status');
    return import('./localize-error').then((m) => m.localizeApiError(error, language, status));
  },
});
