import {
  AUTH_PATHS,
  EMAIL_LOGIN_CALLBACK_ROUTE,
  EMAIL_SIGNIN_RESPONSE_TYPE,
  EMAIL_SIGNIN_STATE_STORAGE_KEY,
  type TAuthCallbackHash,
  ZAuthCallbackHashSchema,
} from '@sage/contract';

/** The hosted email sign-in page, returning to this app's /auth_confirmed (docs/decisions/0022). */
export function emailSignInUrl(origin: string, state: string): string {
  const params = new URLSearchParams({
    response_type: EMAIL_SIGNIN_RESPONSE_TYPE,
    redirect_uri: `${origin}${EMAIL_LOGIN_CALLBACK_ROUTE}`,
    state,
  });
  return `${AUTH_PATHS.authorize}?${params.toString()}`;
}

/** 'Log In Using Email': remembers a random state for the callback and leaves for the hosted page. */
export function startEmailSignIn(): void {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const state = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(EMAIL_SIGNIN_STATE_STORAGE_KEY, state);
  window.location.assign(emailSignInUrl(window.location.origin, state));
}

/** Reads the callback hash; null when it is malformed or its state is not the one this tab sent. */
export function parseEmailCallback(hash: string, expectedState: string | null): TAuthCallbackHash | null {
  const parsed = ZAuthCallbackHashSchema.safeParse(
    Object.fromEntries(new URLSearchParams(hash.replace(/^#/, ''))),
  );
  if (!parsed.success || !expectedState || parsed.data.state !== expectedState) return null;
  return parsed.data;
}
