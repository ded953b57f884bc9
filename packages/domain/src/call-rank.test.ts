import type { Severity } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { CallRank, callRank, compareCallRank, firstCallsByRank } from './severity-order';

type Kind = 'ALERT' | 'DEVICE_TROUBLE' | undefined;

describe('[SAFETY][UL1069] callRank: emergency, then routine, then trouble (decision 0516)', () => {
  it.each<[Severity, Kind, CallRank]>([
    ['CODE_BLUE', 'ALERT', CallRank.EMERGENCY],
    ['EMERGENCY', 'ALERT', CallRank.EMERGENCY],
    ['STAFF_ASSIST', undefined, CallRank.EMERGENCY],
    ['HIGH_PRIORITY', 'ALERT', CallRank.ROUTINE],
    ['MEDIUM_PRIORITY', 'ALERT', CallRank.ROUTINE],
    ['LOW_PRIORITY', undefined, CallRank.ROUTINE],
    ['ESCALATION_OBSERVATION', 'ALERT', CallRank.ROUTINE],
    ['NO_PRIORITY', 'ALERT', CallRank.ROUTINE],
    ['HIGH_PRIORITY', 'DEVICE_TROUBLE', CallRank.TROUBLE],
    ['MEDIUM_PRIORITY', 'DEVICE_TROUBLE', CallRank.TROUBLE],
    ['EMERGENCY', 'DEVICE_TROUBLE', CallRank.TROUBLE],
  ])('%s %s -> %s', (severity, kind, expected) => {
    expect(callRank({ severity, ...(kind ? { kind } : {}) })).toBe(expected);
  });
});

const call = (id: string, severity: Severity, creationTimestamp: number, kind: Kind = 'ALERT') => ({
  id,
  severity,
  creationTimestamp,
  ...(kind ? { kind } : {}),
});
// Oldest first in arrival order: the order a list would show without ranking.
const arrived = [
  call('silent-pendant', 'HIGH_PRIORITY', 1, 'DEVICE_TROUBLE'),
  call('bath', 'HIGH_PRIORITY', 2),
  call('low-battery', 'MEDIUM_PRIORITY', 3, 'DEVICE_TROUBLE'),
  call('request', 'MEDIUM_PRIORITY', 4),
  call('fall', 'EMERGENCY', 5),
  call('observation', 'ESCALATION_OBSERVATION', 6),
  call('code-blue', 'CODE_BLUE', 7),
  call('second-fall', 'EMERGENCY', 8, undefined),
  call('staff-assist', 'STAFF_ASSIST', 9),
];

describe('[SAFETY][UL1069] compareCallRank and firstCallsByRank', () => {
  it('ranks by rank, then most severe, then oldest first', () => {
    expect([...arrived].sort(compareCallRank).map((c) => c.id)).toEqual([
      'code-blue',
      'fall',
      'second-fall',
      'staff-assist',
      'bath',
      'request',
      'observation',
      'silent-pendant',
      'low-battery',
    ]);
  });

  it.each<[number, string[]]>([
    [0, []],
    [1, ['code-blue']],
    [3, ['code-blue', 'fall', 'second-fall']],
    [5, ['code-blue', 'fall', 'second-fall', 'staff-assist', 'bath']],
    [
      20,
      [
        'code-blue',
        'fall',
        'second-fall',
        'staff-assist',
        'bath',
        'request',
        'observation',
        'silent-pendant',
        'low-battery',
      ],
    ],
  ])('a screen that shows %s shows the emergencies first: %j', (limit, expected) => {
    expect(firstCallsByRank(arrived, limit).map((c) => c.id)).toEqual(expected);
  });

  it('does not change the list it is given', () => {
    const copy = [...arrived];
    firstCallsByRank(arrived, 3);
    expect(arrived).toEqual(copy);
  });
});
