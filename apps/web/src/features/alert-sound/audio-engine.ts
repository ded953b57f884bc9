import { useSyncExternalStore } from 'react';
import type { RingKind } from './ring-schedule';
import { RINGS, scheduleRing } from './tones';

/**
 * The page's one AudioContext (made when a signed-in screen first needs it) and its state. A new context is
 * 'suspended' until its audio thread starts, even where the browser allows sound: it counts as held back
 * ('suspended') only once it is still so a moment later, so the enable button never flashes by.
 */
export type AudioState = AudioContextState | 'starting' | 'unavailable';

const START_GRACE_MS = 1_000;

let context: AudioContext | null = null;
let starting = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Constructor) return null;
  try {
    context = new Constructor();
  } catch {
    return null;
  }
  context.addEventListener('statechange', notify);
  starting = true;
  setTimeout(() => {
    starting = false;
    notify();
  }, START_GRACE_MS);
  return context;
}

export const audioEngine = {
  state(): AudioState {
    const current = audioContext();
    if (!current) return 'unavailable';
    return current.state === 'suspended' && starting ? 'starting' : current.state;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Resumes sound (the browser allows it inside a tap). */
  resume(): Promise<void> {
    const current = audioContext();
    if (current?.state !== 'suspended') return Promise.resolve();
    return current.resume().finally(notify);
  },
  /** One ring: the sound (unless muted) and a vibration where the device can. */
  ring(kind: RingKind, volumePercent: number, muted: boolean): void {
    try {
      navigator.vibrate?.(RINGS[kind].vibration);
    } catch {
      // Vibration refused (no user gesture yet, or not supported): the sound still plays.
    }
    if (muted) return;
    const current = audioContext();
    if (current) scheduleRing(current, kind, volumePercent);
  },
};

export function useAudioState(): AudioState {
  return useSyncExternalStore(audioEngine.subscribe, audioEngine.state);
}
