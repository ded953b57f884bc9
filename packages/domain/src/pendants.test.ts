import type { DeviceType } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import {
  countPendantsByResident,
  needsPendantAlreadyAssignedWarning,
  pendantDisplayName,
  residentButtonsLabel,
} from './pendants';

const alloc = (id: string, residentId: string | null, type: DeviceType = 'SAGE_BUTTON', isActive = true) => ({
  id,
  isActive,
  device: { type },
  resident: residentId ? { id: residentId } : null,
});

describe('residentButtonsLabel', () => {
  it.each([
    [0, 'No buttons'],
    [1, '1 button'],
    [2, '2 buttons'],
    [10, '10 buttons'],
  ])('"Counts use button/buttons": %d -> %s', (count, expected) => {
    expect(residentButtonsLabel(count)).toBe(expected);
  });
});

describe('countPendantsByResident', () => {
  it('counts active Sage Buttons given to residents only', () => {
    const counts = countPendantsByResident([
      alloc('a1', 'r1'),
      alloc('a2', 'r1'),
      alloc('a3', 'r2'),
      alloc('a4', 'r2', 'SAGE_BUTTON', false),
      alloc('a5', 'r3', 'FALL_DETECTION_DEVICE'),
      alloc('a6', null),
    ]);
    expect(Object.fromEntries(counts)).toEqual({ r1: 2, r2: 1 });
  });
});

describe('needsPendantAlreadyAssignedWarning', () => {
  const allocations = [
    alloc('mine', 'r1'),
    alloc('other', 'r2'),
    alloc('old', 'r3', 'SAGE_BUTTON', false),
    alloc('sensor', 'r4', 'FALL_DETECTION_DEVICE'),
  ];
  it.each([
    ['r2', true, 'a resident who already has a pendant'],
    ['r1', false, 'the resident this pendant already belongs to'],
    ['r3', false, 'a resident whose pendant was unassigned'],
    ['r4', false, 'a resident with no Sage Button'],
    ['r5', false, 'a resident with nothing'],
  ])('"when a resident who already has a pendant is chosen": %s -> %s (%s)', (residentId, expected) => {
    expect(needsPendantAlreadyAssignedWarning(residentId, 'mine', allocations)).toBe(expected);
  });
});

describe('pendantDisplayName', () => {
  it("names a pendant after its resident: first and last name + 's pendant", () => {
    expect(pendantDisplayName({ firstName: 'Clarence', lastName: 'Young' })).toBe("Clarence Young's pendant");
  });
});
