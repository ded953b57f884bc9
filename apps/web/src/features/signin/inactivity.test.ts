import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '../../shared/session';
import {
  ACTIVITY_STORAGE_KEYS,
  createActivityTracker,
  INACTIVITY_CHECK_INTERVAL_MS,
  watchInactivity,
} from './inactivity';

function memory(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** An event target standing in for the window: `fire` dispatches one event type to its listeners. */
function target() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    addEventListener: (type: string, fn: () => void) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(fn));
    },
    removeEventListener: (type: string, fn: () => void) => void listeners.get(type)?.delete(fn),
    fire: (type: string) => {
      for (const fn of listeners.get(type) ?? []) fn();
    },
    count: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}

describe('automatic logoff in the web app (decision 0142)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('uses the limit the server sent, else the default (720 min)', () => {
    const tracker = createActivityTracker(memory());
    expect(tracker.limitSeconds()).toBe(720 * 60);
    tracker.setLimitSeconds(60);
    expect(tracker.limitSeconds()).toBe(60);
    tracker.setLimitSeconds(undefined);
    expect(tracker.limitSeconds()).toBe(60);
  });

  it('counts idle seconds from the last use and passes the limit only after it', () => {
    const tracker = createActivityTracker(memory());
    tracker.setLimitSeconds(60);
    tracker.markActive(true);
    vi.advanceTimersByTime(59_000);
    expect(tracker.idleSeconds()).toBe(59);
    expect(tracker.isPastLimit()).toBe(false);
    vi.advanceTimersByTime(1_001);
    expect(tracker.isPastLimit()).toBe(true);
  });

  it('signs out once after the limit without use; use before it keeps the session', () => {
    const storage = memory();
    const tracker = createActivityTracker(storage);
    tracker.setLimitSeconds(60);
    const window = target();
    const onTimeout = vi.fn();
    const stop = watchInactivity(onTimeout, tracker, window);

    vi.advanceTimersByTime(50_000);
    window.fire('pointerdown');
    vi.advanceTimersByTime(50_000);
    expect(onTimeout).not.toHaveBeenCalled();

    vi.advanceTimersByTime(10_000 + INACTIVITY_CHECK_INTERVAL_MS);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(window.count()).toBe(0);
    vi.advanceTimersByTime(120_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('signs out at once when the page opens after the limit (another tab or yesterday)', () => {
    const storage = memory();
    storage.setItem(ACTIVITY_STORAGE_KEYS.lastActivityAt, String(Date.now() - 61_000));
    const tracker = createActivityTracker(storage);
    tracker.setLimitSeconds(60);
    const onTimeout = vi.fn();
    watchInactivity(onTimeout, tracker, target());
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('use recorded by another tab (shared storage) keeps this one signed in', () => {
    const storage = memory();
    const here = createActivityTracker(storage);
    const there = createActivityTracker(storage);
    here.setLimitSeconds(60);
    const onTimeout = vi.fn();
    watchInactivity(onTimeout, here, target());
    vi.advanceTimersByTime(55_000);
    there.markActive();
    vi.advanceTimersByTime(55_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
