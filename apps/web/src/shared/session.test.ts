import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, type KeyValueStorage, SESSION_STORAGE_KEYS } from './session';

function memory(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

describe('session store', () => {
  it('is signed out when empty', () => {
    expect(createSessionStore(memory()).get()).toBeNull();
  });

  it('keeps the tokens and staff member id in storage', () => {
    const storage = memory();
    const store = createSessionStore(storage);
    store.set({ accessToken: 'a', refreshToken: 'r', staffMemberId: 'sm-1' });
    expect(storage.values.get(SESSION_STORAGE_KEYS.accessToken)).toBe('a');
    expect(storage.values.get(SESSION_STORAGE_KEYS.refreshToken)).toBe('r');
    expect(storage.values.get(SESSION_STORAGE_KEYS.staffMemberId)).toBe('sm-1');
    expect(createSessionStore(storage).get()).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      staffMemberId: 'sm-1',
    });
  });

  it('needs both an access token and a staff member id', () => {
    const storage = memory();
    storage.setItem(SESSION_STORAGE_KEYS.accessToken, 'a');
    expect(createSessionStore(storage).get()).toBeNull();
  });

  it('returns the same object while nothing changed', () => {
    const store = createSessionStore(memory());
    store.set({ accessToken: 'a', refreshToken: null, staffMemberId: 'sm-1' });
    expect(store.get()).toBe(store.get());
  });

  it('replaces the access token and clears everything, telling subscribers', () => {
    const store = createSessionStore(memory());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ accessToken: 'a', refreshToken: 'r', staffMemberId: 'sm-1' });
    store.setAccessToken('b');
    expect(store.get()?.accessToken).toBe('b');
    store.clear();
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
