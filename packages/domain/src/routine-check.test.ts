import { describe, expect, it } from 'vitest';
import { type RoutineCheckChip, routineCheckChip } from './routine-check';

describe('routineCheckChip', () => {
  it.each<[number | null, number, RoutineCheckChip]>([
    [120, 120, { state: 'overdue' }],
    [500, 120, { state: 'overdue' }],
    [null, 120, { state: 'overdue' }],
    [119, 120, { state: 'due', remainingMinutes: 1, warning: true }],
    [95, 120, { state: 'due', remainingMinutes: 25, warning: true }],
    [94, 120, { state: 'due', remainingMinutes: 26, warning: false }],
    [0, 120, { state: 'due', remainingMinutes: 120, warning: false }],
    [0, 20, { state: 'due', remainingMinutes: 20, warning: true }],
    [0, 25, { state: 'due', remainingMinutes: 25, warning: true }],
    [0, 26, { state: 'due', remainingMinutes: 26, warning: false }],
    [1, 26, { state: 'due', remainingMinutes: 25, warning: true }],
    [26, 26, { state: 'overdue' }],
    [30, 15, { state: 'overdue' }],
  ])(
    '"overdue once minutes since last care activity reach the threshold; otherwise \'due in\' the remaining time, warning at 25 minutes or fewer": %s of %i',
    (since, threshold, expected) => {
      expect(routineCheckChip(since, threshold)).toEqual(expected);
    },
  );
});
