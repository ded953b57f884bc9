import { describe, expect, it } from 'vitest';
import {
  type CareConfirmingPress,
  type ConfirmingTask,
  pressConfirmsCare,
  pressMayConfirmCare,
} from './care-confirmation';

describe('pressConfirmsCare: which OPEN_CONFIRMING tasks a press confirms', () => {
  const at = new Date('2026-01-01T10:00:00Z');
  const before = new Date('2026-01-01T09:59:59Z');
  const after = new Date('2026-01-01T10:00:01Z');
  const pendantPress: CareConfirmingPress = {
    role: 'RESIDENT',
    residentId: 'r1',
    unitId: 'u1',
    receivedAt: at,
  };
  const wallPress: CareConfirmingPress = { role: 'UNIT', residentId: null, unitId: 'u1', receivedAt: at };
  const task = (t: Partial<ConfirmingTask>): ConfirmingTask => ({
    residentId: null,
    unitId: null,
    confirmingSince: before,
    ...t,
  });
  it.each<[string, CareConfirmingPress, ConfirmingTask, boolean]>([
    ["the pendant, its resident's task", pendantPress, task({ residentId: 'r1', unitId: 'u1' }), true],
    [
      "the pendant, its resident's task in another unit",
      pendantPress,
      task({ residentId: 'r1', unitId: 'u9' }),
      true,
    ],
    [
      "the pendant, another resident's task in its unit",
      pendantPress,
      task({ residentId: 'r2', unitId: 'u1' }),
      false,
    ],
    ['the pendant, a task of its unit naming no resident', pendantPress, task({ unitId: 'u1' }), true],
    ['the pendant, a task of another unit', pendantPress, task({ unitId: 'u2' }), false],
    [
      'the pendant of a resident with no unit, a unit task',
      { ...pendantPress, unitId: null },
      task({}),
      false,
    ],
    ['a wall button, a task of its unit', wallPress, task({ unitId: 'u1' }), true],
    [
      "a wall button, a resident's task of its unit",
      wallPress,
      task({ residentId: 'r2', unitId: 'u1' }),
      true,
    ],
    ['a wall button, a task of another unit', wallPress, task({ unitId: 'u2' }), false],
    ['a button of no unit', { ...wallPress, unitId: null }, task({}), false],
    [
      'a press received before confirmation began',
      wallPress,
      task({ unitId: 'u1', confirmingSince: after }),
      false,
    ],
    ['a press received as confirmation began', wallPress, task({ unitId: 'u1', confirmingSince: at }), true],
    ['a task with no start recorded', wallPress, task({ unitId: 'u1', confirmingSince: null }), true],
    ['a door alarm', { ...wallPress, role: 'DOOR' }, task({ unitId: 'u1' }), false],
    ['a check-in button', { ...wallPress, role: 'CHECK_IN' }, task({ unitId: 'u1' }), false],
  ])('%s: %s', (_, press, t, expected) => {
    expect(pressConfirmsCare(press, t)).toBe(expected);
  });

  it.each<[string, CareConfirmingPress, boolean]>([
    ['a pendant', pendantPress, true],
    ['a wall button', wallPress, true],
    ['a button of no unit', { ...wallPress, unitId: null }, false],
    ['a door alarm', { ...wallPress, role: 'DOOR' }, false],
    ['a check-in button', { ...wallPress, role: 'CHECK_IN' }, false],
  ])('pressMayConfirmCare: %s', (_, press, expected) => {
    expect(pressMayConfirmCare(press)).toBe(expected);
  });
});
