import { describe, expect, it } from 'vitest';
import { peakGain, RINGS } from './tones';

describe('the rings: "emergencies louder and distinct"', () => {
  it('an emergency rings louder than an alert at every volume', () => {
    for (const volume of [10, 50, 80, 100]) {
      expect(peakGain('emergency', volume)).toBeGreaterThan(peakGain('alert', volume));
    }
  });

  it('an emergency sounds different: other pitches, another wave, more tones, a longer vibration', () => {
    const pitches = (kind: keyof typeof RINGS) => new Set(RINGS[kind].tones.map((tone) => tone.frequency));
    expect([...pitches('emergency')].some((f) => pitches('alert').has(f))).toBe(false);
    expect(RINGS.emergency.tones.every((tone) => tone.type === 'square')).toBe(true);
    expect(RINGS.alert.tones.every((tone) => tone.type === 'sine')).toBe(true);
    expect(RINGS.emergency.tones.length).toBeGreaterThan(RINGS.alert.tones.length);
    const total = (pattern: number[]) => pattern.reduce((sum, ms) => sum + ms, 0);
    expect(total(RINGS.emergency.vibration)).toBeGreaterThan(total(RINGS.alert.vibration));
  });

  it('the volume scales the gain and never beyond full', () => {
    expect(peakGain('emergency', 100)).toBe(1);
    expect(peakGain('emergency', 50)).toBe(0.5);
    expect(peakGain('alert', 100)).toBe(0.5);
    expect(peakGain('emergency', 400)).toBe(1);
  });
});
