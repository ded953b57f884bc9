import { DEFAULT_INACTIVITY_LOGOFF_MINUTES } from '@sage/contract';
import type { KeyValueStorage } from '../../shared/session';

/**
 * Automatic logoff after inactivity (HIPAA 164.312(a)(2)(iii); decision 0142). The person's last use of the
 * app (a touch, a key, a scroll) and their limit (sent by the server with the tokens) are kept in localStorage,
 * so every tab of the browser shares them and a page opened again after the limit signs out at once.
 */
export const ACTIVITY_STORAGE_KEYS = {
  lastActivityAt: 'sage.lastActivityAt',
  inactivityLogoffSeconds: 'sage.inactivityLogoffSeconds',
} as const;

/**
 * What counts as use of the app: a touch, a press, a key, a wheel. Not focus, visibility, network or scroll
 * events (the app scrolls by itself; a phone on a table gets the others too).
 */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** Storage is written at most this often while the person keeps using the app. */
const WRITE_THROTTLE_MS = 5_000;
/** How often the limit is checked (a deadline timer would drift while the phone sleeps; this re-checks on wake). */
export const INACTIVITY_CHECK_INTERVAL_MS = 5_000;

/** Where use of the app is heard (the window). */
export interface ActivityTarget {
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options?: EventListenerOptions): void;
}

export interface ActivityTracker {
  /** Records use now (storage written at most every 5 s, unless `force`: a sign-in). */
  markActive(force?: boolean): void;
  /** Ms since the epoch of the last use; null when never recorded. */
  lastActivityAt(): number | null;
  /** Whole seconds since the last use (0 when unknown), as the token refresh reports them. */
  idleSeconds(): number;
  limitSeconds(): number;
  setLimitSeconds(seconds: number | undefined): void;
  isPastLimit(): boolean;
  clear(): void;
}

export function createActivityTracker(
  storage: KeyValueStorage,
  now: () => number = Date.now,
): ActivityTracker {
  let lastWrite = 0;
  const read = (): number | null => {
    const value = Number(storage.getItem(ACTIVITY_STORAGE_KEYS.lastActivityAt));
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  const tracker: ActivityTracker = {
    markActive(force = false) {
      const at = now();
      if (!force && at - lastWrite < WRITE_THROTTLE_MS && read() !== null) return;
      lastWrite = at;
      storage.setItem(ACTIVITY_STORAGE_KEYS.lastActivityAt, String(at));
    },
    lastActivityAt: read,
    idleSeconds() {
      const last = read();
      return last === null ? 0 : Math.max(0, Math.floor((now() - last) / 1000));
    },
    limitSeconds() {
      const value = Number(storage.getItem(ACTIVITY_STORAGE_KEYS.inactivityLogoffSeconds));
      return Number.isInteger(value) && value > 0 ? value : DEFAULT_INACTIVITY_LOGOFF_MINUTES * 60;
    },
    setLimitSeconds(seconds) {
      if (seconds !== undefined)
        storage.setItem(ACTIVITY_STORAGE_KEYS.inactivityLogoffSeconds, String(seconds));
    },
    isPastLimit() {
      const last = read();
      return last !== null && now() - last > tracker.limitSeconds() * 1000;
    },
    clear() {
      lastWrite = 0;
      for (const key of Object.values(ACTIVITY_STORAGE_KEYS)) storage.removeItem(key);
    },
  };
  return tracker;
}

function browserStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage blocked: this tab alone.
  }
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** The app's tracker (localStorage, the browser's clock). */
export const activityTracker = createActivityTracker(browserStorage());

/**
 * Watches the person's use of the app while signed in and calls `onTimeout` once the limit has passed without
 * any (at once if it already has, e.g. a page opened again the next morning). Returns the stop function.
 */
export function watchInactivity(
  onTimeout: () => void,
  tracker: ActivityTracker = activityTracker,
  target: ActivityTarget = window,
): () => void {
  let done = false;
  const check = () => {
    if (done || !tracker.isPastLimit()) return;
    done = true;
    stop();
    onTimeout();
  };
  const onActivity = () => {
    // Use after the limit does not bring the session back: the check decides first.
    check();
    if (!done) tracker.markActive();
  };
  if (tracker.lastActivityAt() === null) tracker.markActive();
  const options = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, options);
  const timer = setInterval(check, INACTIVITY_CHECK_INTERVAL_MS);
  const stop = () => {
    clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, options);
  };
  check();
  return () => {
    done = true;
    stop();
  };
}
