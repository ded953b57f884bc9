import { TOKEN_REFRESH_INTERVAL_MS, type TTokenReply } from '@sage/contract';
import { areClaimsExpired, tokenRefreshOutcome } from '@sage/domain';
import { isApiError } from '../../shared/api';
import { authenticatePath, type LogoutReason, navigateTo, setLogoutReason } from '../../shared/navigation';
import { reportError } from '../../shared/report-error';
import { type SessionStore, sessionStore } from '../../shared/session';
import { activityTracker, watchInactivity } from './inactivity';
import { signinApi } from './signin-api';

/** Stores the tokens of a sign-in (they survive a reload: localStorage). */
export function storeTokens(tokens: TTokenReply, store: SessionStore = sessionStore): void {
  setLogoutReason(undefined);
  // A sign-in is use of the app; a refresh is not (the clock stays where the person left it).
  if (!store.get()) activityTracker.markActive(true);
  activityTracker.setLimitSeconds(tokens.inactivityLogoffSeconds);
  store.set({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    staffMemberId: tokens.staffMemberId,
  });
}

/** Longest wait for the sign-out steps before the session is forgotten anyway. */
export const SIGN_OUT_STEPS_TIMEOUT_MS = 2_000;

const signOutSteps = new Set<() => Promise<void>>();

/**
 * A step to run while the person is still signed in, when they sign out themselves (e.g. forgetting this
 * phone's push subscription on the server). Returns the unregister function.
 */
export function beforeSignOut(step: () => Promise<void>): () => void {
  signOutSteps.add(step);
  return () => signOutSteps.delete(step);
}

/** Runs the sign-out steps, each best effort, for at most SIGN_OUT_STEPS_TIMEOUT_MS. */
async function runSignOutSteps(): Promise<void> {
  const steps = [...signOutSteps].map((step) =>
    step().catch((error: unknown) => reportError(error, { where: 'sign-out step' })),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SIGN_OUT_STEPS_TIMEOUT_MS);
  });
  await Promise.race([Promise.all(steps), timeout]);
  clearTimeout(timer);
}

/**
 * Signs out: ends the session on the server (best effort), forgets the tokens and goes to the login page,
 * with the reason when the app (not the user) ended the session. When the person signs out themselves the
 * sign-out steps run first, while the token still works (an app-ended session's token may not).
 */
export async function signOut(reason?: LogoutReason): Promise<void> {
  if (reason === undefined && sessionStore.get()) await runSignOutSteps();
  const refreshToken = sessionStore.get()?.refreshToken;
  setLogoutReason(reason);
  sessionStore.clear();
  activityTracker.clear();
  navigateTo(authenticatePath(reason), { replace: true });
  if (refreshToken) await signinApi.logout(refreshToken).catch(() => {});
}

/** Retry delay after a failed refresh (the spec allows 2 retries before logging out). */
export const TOKEN_REFRESH_RETRY_MS = 5_000;

type RefreshResult = { ok: true } | { ok: false; logout: LogoutReason | null };

/** Runs `fn` alone across the tabs of this browser (they share the refresh token), where Web Locks exist. */
async function exclusively<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  return locks.request('sage.token-refresh', fn) as Promise<T>;
}

/**
 * One silent token fetch. Refresh tokens rotate, so tabs refresh one at a time and a tab that finds a token
 * newer than the one it meant to use (another tab refreshed) takes that one instead of refreshing again.
 */
export async function refreshOnce(failures: number, now: () => number = Date.now): Promise<RefreshResult> {
  const before = sessionStore.get();
  if (!before) return { ok: false, logout: null };
  return exclusively(async () => {
    const current = sessionStore.get();
    if (!current) return { ok: false, logout: null };
    if (current.refreshToken !== before.refreshToken && !areClaimsExpired(current.accessToken, now())) {
      return { ok: true };
    }
    if (!current.refreshToken) {
      return areClaimsExpired(current.accessToken, now())
        ? { ok: false, logout: 'session-expired' }
        : { ok: true };
    }
    try {
      const tokens = await signinApi.refresh(current.refreshToken, activityTracker.idleSeconds());
      // Signed out (inactivity, Log Out) while the refresh was on its way: its tokens must not bring the session
      // back. Logout ends the whole session on the server, these tokens with it.
      if (sessionStore.get()?.refreshToken !== current.refreshToken) return { ok: false, logout: null };
      storeTokens(tokens);
      return { ok: true };
    } catch (error) {
      reportError(error, { where: 'token refresh' });
      const outcome = tokenRefreshOutcome(
        { code: isApiError(error) ? error.code : undefined },
        failures + 1,
        { claimsExpired: areClaimsExpired(current.accessToken, now()) },
      );
      return { ok: false, logout: outcome.action === 'logout' ? outcome.reason : null };
    }
  });
}

/**
 * Keeps the session's access token current: a silent fetch every 60 s (at once when the held token has
 * expired, e.g. after the phone slept), up to 2 retries on failure, then logout with the reason (section 4).
 * Also signs out with reason session-expired once the person has not used the app for their facility's
 * limit (decision 0142). Returns a stop function.
 */
export function startSilentTokenRefresh(): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(tick, ms);
  };
  const tick = async () => {
    if (stopped || !sessionStore.get()) return;
    const result = await refreshOnce(failures);
    if (stopped) return;
    if (result.ok) {
      failures = 0;
      schedule(TOKEN_REFRESH_INTERVAL_MS);
      return;
    }
    if (result.logout) {
      stopped = true;
      await signOut(result.logout);
      return;
    }
    failures += 1;
    schedule(TOKEN_REFRESH_RETRY_MS);
  };

  const stopWatching = watchInactivity(() => {
    stopped = true;
    if (timer) clearTimeout(timer);
    void signOut('session-expired');
  });
  const session = sessionStore.get();
  schedule(session && areClaimsExpired(session.accessToken, Date.now()) ? 0 : TOKEN_REFRESH_INTERVAL_MS);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stopWatching();
  };
}
