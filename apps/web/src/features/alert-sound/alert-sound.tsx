import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSession } from '../../shared/session';
import { useOpenTasks } from '../alerts/alerts-api';
import { inMyCareZones } from '../dashboard/my-care-zones';
import { LiveUpdates } from '../live/use-live-updates';
import { useProfile } from '../shift/shift-api';
import { audioEngine, useAudioState } from './audio-engine';
import { decideRing, type RingState, SILENT, type SoundableTask, soundingTasks } from './ring-schedule';
import { useSoundSettings } from './sound-settings';

/** How often the ring schedule is looked at (the 10 s repeat is kept to within this). */
const TICK_MS = 1_000;

let settingsOpen = false;
const settingsListeners = new Set<() => void>();
const setSettingsOpen = (open: boolean) => {
  settingsOpen = open;
  for (const listener of settingsListeners) listener();
};
const subscribeSettings = (listener: () => void) => {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
};

/** Opens the alert sound settings (volume, mute, test) from any screen. */
export const openAlertSoundSettings = (): void => setSettingsOpen(true);

/**
 * Alerts heard, not only seen (issue #15): on every signed-in screen, an open alert nobody has claimed rings
 * (and vibrates where the device can) at once and every 10 s until claimed. Shows, above the screen, the mute
 * plainly and the tap the browser needs before it lets the page make sound.
 */
export function AlertSound() {
  const session = useSession();
  const me = session?.staffMemberId ?? '';
  const openTasks = useOpenTasks();
  const profile = useProfile(me);

  // The alerts the dashboard lists as open in my care zones, once my zones are known.
  const sounding = useMemo<SoundableTask[]>(() => {
    if (profile.isPending) return [];
    return soundingTasks(openTasks.data ?? []).filter((task) => inMyCareZones(task, profile.data));
  }, [openTasks.data, profile.data, profile.isPending]);
  useAlertRinging(sounding);

  return (
    <>
      <LiveUpdates />
      <AlertSoundBars />
      <AlertSoundSettings />
    </>
  );
}

/**
 * Rings for `sounding` (the open, unclaimed alerts to be heard): at once when one arrives, then every 10 s
 * (decision 0320), with this device's volume and mute; once enabled on this device, the first tap anywhere
 * resumes sound (decision 0322). Used by the signed-in screens and the station display.
 */
export function useAlertRinging(sounding: readonly SoundableTask[]): void {
  const settings = useSoundSettings();
  const audioState = useAudioState();
  const soundingKey = sounding.map((task) => `${task.id}:${task.severity}`).join(',');

  const ringState = useRef<RingState>(SILENT);
  const latest = useRef({ sounding, settings });
  latest.current = { sounding, settings };

  useEffect(() => {
    const tick = () => {
      const { sounding: now, settings: current } = latest.current;
      const decided = decideRing(ringState.current, now, Date.now());
      ringState.current = decided.state;
      if (decided.ring) audioEngine.ring(decided.ring, current.volume, current.muted);
    };
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // A new alert rings at once, not at the next tick; unmuting rings again for what is still unclaimed.
  const wasMuted = useRef(settings.muted);
  useEffect(() => {
    if (wasMuted.current && !settings.muted) ringState.current = { ...ringState.current, lastRingAt: null };
    wasMuted.current = settings.muted;
    const decided = decideRing(ringState.current, latest.current.sounding, Date.now());
    ringState.current = decided.state;
    if (decided.ring) audioEngine.ring(decided.ring, latest.current.settings.volume, settings.muted);
  }, [soundingKey, settings.muted]);

  // Enabled once on this device: the first tap anywhere resumes sound (browsers need a tap per page load).
  useEffect(() => {
    if (!settings.enabled || audioState !== 'suspended') return;
    const resume = () => void audioEngine.resume();
    document.addEventListener('pointerdown', resume, { capture: true });
    document.addEventListener('keydown', resume, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', resume, { capture: true });
      document.removeEventListener('keydown', resume, { capture: true });
    };
  }, [settings.enabled, audioState]);
}

/** The bars' code and messages load when one is due, not on the first load (decision 0630). */
const AlertSoundBar = lazy(() => import('./alert-sound-bars').then((m) => ({ default: m.AlertSoundBar })));

/** The mute, shown plainly, or the tap the browser needs before the page may make sound. */
export function AlertSoundBars() {
  const settings = useSoundSettings();
  const audioState = useAudioState();
  const bar = settings.muted ? 'muted' : audioState === 'suspended' ? 'enable' : null;
  return bar ? (
    <Suspense fallback={null}>
      <AlertSoundBar bar={bar} />
    </Suspense>
  ) : null;
}

/** The settings dialog's code (a Mantine modal and slider) loads when it is first opened (decision 0381). */
const AlertSoundSettingsDialog = lazy(() =>
  import('./alert-sound-settings').then((m) => ({ default: m.AlertSoundSettingsDialog })),
);

/** Volume, mute and a test ring for this device. */
function AlertSoundSettings() {
  const opened = useSyncExternalStore(subscribeSettings, () => settingsOpen);
  // Kept mounted once opened, so the dialog can play its exit.
  const [used, setUsed] = useState(opened);
  useEffect(() => {
    if (opened) setUsed(true);
  }, [opened]);
  return used || opened ? (
    <Suspense fallback={null}>
      <AlertSoundSettingsDialog opened={opened} onClose={() => setSettingsOpen(false)} />
    </Suspense>
  ) : null;
}
