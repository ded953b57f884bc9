import { useSyncExternalStore } from 'react';

/** The signed-in staff member's tokens. Refreshing them is the sign-in feature's job. */
export interface Session {
  accessToken: string;
  refreshToken: string | null;
  staffMemberId: string;
}

/** The subset of the Web Storage API the store needs (localStorage in the browser). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SESSION_STORAGE_KEYS = {
  accessToken: 'sage.accessToken',
  refreshToken: 'sage.refreshToken',
  staffMemberId: 'sage.staffMemberId',
} as const;

export interface SessionStore {
  /** The current session, or null when signed out (an access token and a staff member id are both needed). */
  get(): Session | null;
  set(session: Session): void;
  /** Replaces the access token only (used by the token refresh). */
  setAccessToken(accessToken: string): void;
  clear(): void;
  /** Calls the listener after every change, including changes made in another tab. */
  subscribe(listener: () => void): () => void;
}

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access to localStorage throws when storage is blocked; fall through to memory.
  }
  return memoryStorage();
}

export function createSessionStore(storage: KeyValueStorage = browserStorage()): SessionStore {
  const listeners = new Set<() => void>();
  let cached: { raw: string; session: Session | null } | null = null;

  const read = (): Session | null => {
    const accessToken = storage.getItem(SESSION_STORAGE_KEYS.accessToken);
    const refreshToken = storage.getItem(SESSION_STORAGE_KEYS.refreshToken);
    const staffMemberId = storage.getItem(SESSION_STORAGE_KEYS.staffMemberId);
    // Keep the returned object stable while nothing changed (useSyncExternalStore compares by identity).
    const raw = JSON.stringify([accessToken, refreshToken, staffMemberId]);
    if (cached?.raw === raw) return cached.session;
    const session = accessToken && staffMemberId ? { accessToken, refreshToken, staffMemberId } : null;
    cached = { raw, session };
    return session;
  };

  const emit = () => {
    for (const listener of listeners) listener();
  };

  return {
    get: read,
    set(session) {
      storage.setItem(SESSION_STORAGE_KEYS.accessToken, session.accessToken);
      if (session.refreshToken) storage.setItem(SESSION_STORAGE_KEYS.refreshToken, session.refreshToken);
      else storage.removeItem(SESSION_STORAGE_KEYS.refreshToken);
      storage.setItem(SESSION_STORAGE_KEYS.staffMemberId, session.staffMemberId);
      emit();
    },
    setAccessToken(accessToken) {
      storage.setItem(SESSION_STORAGE_KEYS.accessToken, accessToken);
      emit();
    },
    clear() {
      for (const key of Object.values(SESSION_STORAGE_KEYS)) storage.removeItem(key);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || Object.values<string>(SESSION_STORAGE_KEYS).includes(event.key)) listener();
      };
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** The app's session store, backed by localStorage. */
export const sessionStore = createSessionStore();

/** The current session; re-renders when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
}
