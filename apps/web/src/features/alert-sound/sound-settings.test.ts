import { describe, expect, it } from 'vitest';
import { ALERT_VOLUME_MIN, DEFAULT_SOUND_SETTINGS, parseSoundSettings } from './sound-settings';

describe('parseSoundSettings: "a per-device volume and mute"', () => {
  it.each([
    ['nothing stored', null, DEFAULT_SOUND_SETTINGS],
    ['not JSON', '{', DEFAULT_SOUND_SETTINGS],
    ['not an object', '42', DEFAULT_SOUND_SETTINGS],
    [
      'muted at 50 %',
      '{"volume":50,"muted":true,"enabled":true}',
      { volume: 50, muted: true, enabled: true },
    ],
    ['a volume below the least', '{"volume":0}', { ...DEFAULT_SOUND_SETTINGS, volume: ALERT_VOLUME_MIN }],
    ['a volume above 100', '{"volume":400}', { ...DEFAULT_SOUND_SETTINGS, volume: 100 }],
    ['a volume not a number', '{"volume":"loud","muted":"yes"}', DEFAULT_SOUND_SETTINGS],
  ] as const)('%s', (_, raw, expected) => {
    expect(parseSoundSettings(raw)).toEqual(expected);
  });
});
