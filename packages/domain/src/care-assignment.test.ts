import { describe, expect, it } from 'vitest';
import { isPinnable, isPinned, togglePinned } from './care-assignment';

describe('care assignment (alerts doc section 4, Pinning)', () => {
  it('"a resident is pinned to the care assignment only while neither on hold nor archived"', () => {
    expect(isPinnable({ isOnHold: false, isArchived: false })).toBe(true);
    expect(isPinnable({ isOnHold: true, isArchived: false })).toBe(false);
    expect(isPinnable({ isOnHold: false, isArchived: true })).toBe(false);
    const held = { id: 'r1', isOnHold: true, isArchived: false };
    expect(isPinned(held, ['r1'])).toBe(false);
    expect(isPinned({ ...held, isOnHold: false }, ['r1'])).toBe(true);
  });
  it('adds a resident once and removes it', () => {
    expect(togglePinned(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(togglePinned(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(togglePinned(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
