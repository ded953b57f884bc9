import { useEffect, useState } from 'react';

/** 'held' while the screen is kept on; 'unavailable' where the browser has no Wake Lock (or refused it). */
export type WakeLockState = 'held' | 'released' | 'unavailable';

interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}

/**
 * Keeps the screen on (docs/decisions/0373): navigator.wakeLock, asked again whenever the page becomes visible
 * (the browser drops the lock when the tab is hidden). Where the API is missing or refused (no HTTPS, battery
 * saver), the page still works and says the screen may sleep.
 */
export function useWakeLock(): WakeLockState {
  const [state, setState] = useState<WakeLockState>('released');
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } }
    ).wakeLock;
    if (!wakeLock) {
      setState('unavailable');
      return;
    }
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const acquire = async () => {
      if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await wakeLock.request('screen');
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setState('held');
        lock.addEventListener('release', () => {
          if (!stopped) setState('released');
        });
      } catch {
        setState('unavailable');
      }
    };
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
  return state;
}
