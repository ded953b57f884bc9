import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  importWithReload,
  type ReloadEnvironment,
  withReloadTimestamp,
} from './import-with-reload';

function environment(initial: Record<string, string> = {}, withStorage = true) {
  const values = new Map(Object.entries(initial));
  const replace = vi.fn<(url: string) => void>();
  const env: ReloadEnvironment = {
    storage: withStorage
      ? {
          getItem: (key) => values.get(key) ?? null,
          setItem: (key, value) => {
            values.set(key, value);
          },
          removeItem: (key) => {
            values.delete(key);
          },
        }
      : null,
    href: () => 'https://care.example/dashboard?tab=2#top',
    replace,
    now: () => 1_700_000_000_000,
  };
  return { env, values, replace };
}

const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('withReloadTimestamp', () => {
  it('sets the time-stamp query value and keeps the rest', () => {
    expect(withReloadTimestamp('https://a.example/x?tab=2#h', 42)).toBe('https://a.example/x?tab=2&t=42#h');
    expect(withReloadTimestamp('https://a.example/x?t=1', 42)).toBe('https://a.example/x?t=42');
  });
});

describe('importWithReload', () => {
  it('returns the module and forgets an earlier reload', async () => {
    const { env, values } = environment({ [CHUNK_RELOAD_KEY]: '1' });
    await expect(importWithReload(() => Promise.resolve({ ok: true }), env)).resolves.toEqual({ ok: true });
    expect(values.has(CHUNK_RELOAD_KEY)).toBe(false);
  });

  it('reloads once with a time-stamp query value when the module fails to load', async () => {
    const { env, values, replace } = environment();
    const result = importWithReload(failing, env);
    await vi.waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(replace).toHaveBeenCalledWith('https://care.example/dashboard?tab=2&t=1700000000000#top');
    expect(values.get(CHUNK_RELOAD_KEY)).toBe('1700000000000');
    const settled = await Promise.race([result.then(() => 'settled'), Promise.resolve('pending')]);
    expect(settled).toBe('pending');
  });

  it('throws instead of reloading a second time', async () => {
    const { env, replace } = environment({ [CHUNK_RELOAD_KEY]: '1700000000000' });
    await expect(importWithReload(failing, env)).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(replace).not.toHaveBeenCalled();
  });

  it('throws without reloading when it cannot remember the reload', async () => {
    const { env, replace } = environment({}, false);
    await expect(importWithReload(failing, env)).rejects.toThrow();
    expect(replace).not.toHaveBeenCalled();
  });
});
