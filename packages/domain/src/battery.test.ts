import type { DeviceType } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { batteryStatus } from './battery';

describe('batteryStatus', () => {
  it.each<[DeviceType, number | null | undefined, string]>([
    ['SAGE_BUTTON', -1, 'unknown'],
    ['SAGE_BUTTON', undefined, 'unknown'],
    ['DOOR_ALARM', null, 'unknown'],
    ['DOOR_ALARM', -1, 'unknown'],
  ])('"Battery: unknown when -1 or missing": %s %s -> %s', (type, level, expected) => {
    expect(batteryStatus(type, level)).toBe(expected);
  });
  it.each<[DeviceType, number, string]>([
    ['SAGE_BUTTON', 0, 'low'],
    ['SAGE_BUTTON', 19, 'low'],
    ['SAGE_BUTTON', 20, 'ok'],
    ['SAGE_BUTTON', 79, 'ok'],
  ])('"pendant low under 20": %s %i -> %s', (type, level, expected) => {
    expect(batteryStatus(type, level)).toBe(expected);
  });
  it.each<[DeviceType, number, string]>([
    ['DOOR_ALARM', 79, 'low'],
    ['DOOR_ALARM', 80, 'ok'],
    ['FALL_DETECTION_DEVICE', 50, 'low'],
    ['MELTEN_M3_DEVICE', 19, 'low'],
    ['MELTEN_M3_DEVICE', 100, 'ok'],
  ])('"other device types low under 80": %s %i -> %s', (type, level, expected) => {
    expect(batteryStatus(type, level)).toBe(expected);
  });
  it.each<[DeviceType, number | null | undefined, string]>([
    ['SAGE_BUTTON', 19, 'low'],
    ['SAGE_BUTTON', 20, 'ok'],
    ['DOOR_ALARM', 79, 'low'],
    ['DOOR_ALARM', 80, 'ok'],
    ['FALL_DETECTION_DEVICE', 79, 'low'],
    ['FALL_DETECTION_DEVICE', 80, 'ok'],
    ['MELTEN_M3_DEVICE', 79, 'low'],
    ['MELTEN_M3_DEVICE', 80, 'ok'],
    ['FALL_DETECTION_DEVICE', -1, 'unknown'],
    ['MELTEN_M3_DEVICE', undefined, 'unknown'],
    ['SAGE_BUTTON', Number.NaN, 'unknown'],
  ])(
    '"Battery low: pendant below 20; other devices below 80" at the boundaries: %s %s -> %s',
    (type, level, expected) => {
      expect(batteryStatus(type, level)).toBe(expected);
    },
  );
});
