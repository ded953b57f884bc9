import { useSyncExternalStore } from 'react';

/**
 * This device's alert sound settings (decision 0321), kept in localStorage so they outlive sign-out and belong
 * to the phone, not the staff member: the volume (10-100 %; silence is the mute, shown plainly), the mute, and
 * whether sound was once enabled with a tap (the browser's autoplay rule).
 */
export interface SoundSettings {
  /** Percent, ALERT_VOLUME_MIN to 100. */
  volume: number;
  muted: boolean;
  /** Sound was enabled with a tap once on this device: later visits resume it on the first tap anywhere. */
  enabled: boolean;
}

export const ALERT_VOLUME_MIN = 10;
export const SOUND_SETTINGS_KEY = 'sage.alertSound';
export const DEFAULT_SOUND_SETTINGS: SoundSettings = { volume: 80, muted: false, enabled: false };

/** Reads stored settings, keeping the defaults for anything missing or malformed. */
export function parseSoundSettings(raw: string | null): SoundSettings {
  if (!raw) return DEFAULT_SOUND_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_SOUND_SETTINGS;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_SOUND_SETTINGS;
  const stored = value as Record<string, unknown>;
  const volume =
    typeof stored.volume === 'number' && Number.isFinite(stored.volume)
      ? Math.min(100, Math.max(ALERT_VOLUME_MIN, Math.round(stored.volume)))
      : DEFAULT_SOUND_SETTINGS.volume;
  return {
    volume,
    muted: stored.muted === true,
    enabled: stored.enabled === true,
  };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; settings: SoundSettings } | null = null;

function read(): SoundSettings {
  const raw = storage()?.getItem(SOUND_SETTINGS_KEY) ?? null;
  if (!cached || cached.raw !== raw) cached = { raw, settings: parseSoundSettings(raw) };
  return cached.settings;
}

export const soundSettings = {
  get: read,
  update(change: Partial<SoundSettings>): void {
    const next = parseSoundSettings(JSON.stringify({ ...read(), ...change }));
    try {
      storage()?.setItem(SOUND_SETTINGS_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the setting lasts for this page only.
      cached = { raw: JSON.stringify(next), settings: next };
    }
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === SOUND_SETTINGS_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export function useSoundSettings(): SoundSettings {
  return useSyncExternalStore(soundSettings.subscribe, soundSettings.get);
}
