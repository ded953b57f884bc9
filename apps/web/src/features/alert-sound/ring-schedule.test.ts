import { describe, expect, it } from 'vitest';
import {
  decideRing,
  RING_REPEAT_MS,
  ringKindOf,
  SILENT,
  type SoundableTask,
  soundingTasks,
} from './ring-schedule';

const unclaimed = (id: string, severity: SoundableTask['severity'] = 'MEDIUM_PRIORITY'): SoundableTask => ({
  id,
  status: 'OPEN_UNCLAIMED',
  severity,
});

describe('soundingTasks: "repeats every 10 s until someone claims it"', () => {
  it.each([
    ['OPEN_UNCLAIMED', true],
    ['OPEN_CLAIMED', false],
    ['OPEN_CONFIRMING', false],
    ['OPEN_CONFIRMED', false],
    ['CLOSED_RESOLVED', false],
    ['CLOSED_CANCELED', false],
    ['CLOSED_UNRESOLVED', false],
  ] as const)('%s sounds: %s', (status, sounds) => {
    expect(soundingTasks([{ id: 'a', status, severity: 'EMERGENCY' }])).toHaveLength(sounds ? 1 : 0);
  });
});

describe('ringKindOf: "emergencies louder and distinct"', () => {
  it.each([
    [[], null],
    [[unclaimed('a', 'MEDIUM_PRIORITY')], 'alert'],
    [[unclaimed('a', 'CODE_BLUE')], 'emergency'],
    [[unclaimed('a', 'EMERGENCY')], 'emergency'],
    [[unclaimed('a', 'STAFF_ASSIST')], 'emergency'],
    [[unclaimed('a', 'MEDIUM_PRIORITY'), unclaimed('b', 'EMERGENCY')], 'emergency'],
  ] as const)('%j rings %s', (tasks, kind) => {
    expect(ringKindOf(tasks)).toBe(kind);
  });
});

describe('decideRing', () => {
  const t0 = 1_000_000;

  it('rings at once for a new alert, then every 10 s while it stays unclaimed', () => {
    const first = decideRing(SILENT, [unclaimed('a')], t0);
    expect(first.ring).toBe('alert');
    const early = decideRing(first.state, [unclaimed('a')], t0 + RING_REPEAT_MS - 1);
    expect(early.ring).toBeNull();
    const again = decideRing(early.state, [unclaimed('a')], t0 + RING_REPEAT_MS);
    expect(again.ring).toBe('alert');
    expect(again.state.lastRingAt).toBe(t0 + RING_REPEAT_MS);
  });

  it('rings at once when another alert arrives between repeats', () => {
    const first = decideRing(SILENT, [unclaimed('a')], t0);
    const second = decideRing(first.state, [unclaimed('a'), unclaimed('b', 'EMERGENCY')], t0 + 2_000);
    expect(second.ring).toBe('emergency');
  });

  it('falls silent once nothing is unclaimed, and rings anew for the next alert', () => {
    const first = decideRing(SILENT, [unclaimed('a')], t0);
    const claimed = decideRing(first.state, [], t0 + RING_REPEAT_MS * 3);
    expect(claimed).toEqual({ ring: null, state: SILENT });
    expect(decideRing(claimed.state, [unclaimed('b')], t0 + RING_REPEAT_MS * 3 + 1).ring).toBe('alert');
  });

  it('does not ring again when one of two alerts is claimed', () => {
    const first = decideRing(SILENT, [unclaimed('a'), unclaimed('b')], t0);
    expect(decideRing(first.state, [unclaimed('b')], t0 + 1_000).ring).toBeNull();
  });
});
