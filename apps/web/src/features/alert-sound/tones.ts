import type { RingKind } from './ring-schedule';

/** One tone of a ring: when it starts (s after the ring), how long it lasts, its pitch and wave. */
export interface Tone {
  at: number;
  duration: number;
  frequency: number;
  type: OscillatorType;
}

/**
 * The two rings (decision 0320), made with the Web Audio API (no sound files): an alert is two soft beeps; an
 * emergency is a louder, harsher two-tone warble (square wave, three times), heard apart at once.
 */
export const RINGS: Record<RingKind, { tones: Tone[]; loudness: number; vibration: number[] }> = {
  alert: {
    tones: [
      { at: 0, duration: 0.18, frequency: 880, type: 'sine' },
      { at: 0.3, duration: 0.18, frequency: 880, type: 'sine' },
    ],
    loudness: 0.5,
    vibration: [200, 100, 200],
  },
  emergency: {
    tones: [0, 1, 2].flatMap((i) => [
      { at: i * 0.3, duration: 0.14, frequency: 1320, type: 'square' as const },
      { at: i * 0.3 + 0.15, duration: 0.14, frequency: 990, type: 'square' as const },
    ]),
    loudness: 1,
    vibration: [400, 100, 400, 100, 400],
  },
};

/** The peak gain of a ring at a volume (percent): emergencies at full loudness, alerts at half. */
export const peakGain = (kind: RingKind, volumePercent: number): number =>
  RINGS[kind].loudness * Math.min(1, Math.max(0, volumePercent / 100));

/** Schedules one ring on a context: one oscillator and gain envelope per tone (no clicks). */
export function scheduleRing(context: AudioContext, kind: RingKind, volumePercent: number): void {
  const peak = peakGain(kind, volumePercent);
  const start = context.currentTime + 0.02;
  for (const tone of RINGS[kind].tones) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.value = tone.frequency;
    const from = start + tone.at;
    const to = from + tone.duration;
    gain.gain.setValueAtTime(0, from);
    gain.gain.linearRampToValueAtTime(peak, from + 0.01);
    gain.gain.setValueAtTime(peak, to - 0.02);
    gain.gain.linearRampToValueAtTime(0, to);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(from);
    oscillator.stop(to);
  }
}
