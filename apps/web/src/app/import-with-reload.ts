/**
 * Page load (signin-staff-admin.md section 7): the main app loads as a lazy module; when that fails
 * (typically a new deployment removed the old chunk), the page reloads once with a time-stamp query value.
 * A second failure is thrown to the router's error screen instead of reloading in a loop.
 */

export const CHUNK_RELOAD_KEY = 'sage.chunkReloadAt';
export const RELOAD_QUERY_KEY = 't';

export interface ReloadEnvironment {
  /** Remembers the reload across it (sessionStorage); null when storage is not available. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  href: () => string;
  replace: (url: string) => void;
  now: () => number;
}

function browserEnvironment(): ReloadEnvironment {
  let storage: ReloadEnvironment['storage'] = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }
  return {
    storage,
    href: () => window.location.href,
    replace: (url) => window.location.replace(url),
    now: () => Date.now(),
  };
}

/** The current address with the time-stamp query value set (other query values and the hash are kept). */
export function withReloadTimestamp(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set(RELOAD_QUERY_KEY, String(now));
  return url.toString();
}

export async function importWithReload<T>(
  load: () => Promise<T>,
  env: ReloadEnvironment = browserEnvironment(),
): Promise<T> {
  try {
    const module = await load();
    env.storage?.removeItem(CHUNK_RELOAD_KEY);
    return module;
  } catch (error) {
    if (!env.storage || env.storage.getItem(CHUNK_RELOAD_KEY) !== null) throw error;
    const now = env.now();
    env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
    env.replace(withReloadTimestamp(env.href(), now));
    // The page is going away; never settle so the error screen does not flash first.
    return new Promise<T>(() => {});
  }
}
