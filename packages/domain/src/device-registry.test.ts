import type { DeviceType } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { allocationTargetsOf, pendantWarningAfterSave } from './device-registry';

describe('allocationTargetsOf', () => {
  it.each<[DeviceType, string[]]>([
    ['SAGE_BUTTON', ['RESIDENT', 'UNIT']],
    ['DOOR_ALARM', ['DOOR']],
    ['FALL_DETECTION_DEVICE', ['UNIT']],
    ['MELTEN_M3_DEVICE', ['UNIT']],
  ])('"Device allocation: ... unit, resident, room, door": a %s goes to %j', (type, targets) => {
    expect(allocationTargetsOf(type)).toEqual(targets);
  });
});

describe('pendantWarningAfterSave', () => {
  it.each<[string, boolean, string[], boolean]>([
    ['no other pendant', false, [], false],
    ['warned before saving, the user chose to continue', true, ['a1'], false],
    ['not warned, but the reply names another pendant (given meanwhile)', false, ['a1'], true],
    ['warned and the reply names two', true, ['a1', 'a2'], false],
  ])(
    '"raised when a resident chosen for a new pendant already has one": %s',
    (_case, warned, others, expected) => {
      expect(pendantWarningAfterSave(warned, others)).toBe(expected);
    },
  );
});
