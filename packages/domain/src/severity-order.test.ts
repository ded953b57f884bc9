import type { Severity } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { compareBySeverityThenAge, compareSeverity, isEmergencyType } from './severity-order';

describe('isEmergencyType', () => {
  it.each<[Severity, boolean]>([
    ['CODE_BLUE', true],
    ['EMERGENCY', true],
    ['STAFF_ASSIST', true],
    ['HIGH_PRIORITY', false],
    ['MEDIUM_PRIORITY', false],
    ['LOW_PRIORITY', false],
    ['ESCALATION_OBSERVATION', false],
    ['NO_PRIORITY', false],
  ])('"Emergency-type: code blue, emergency, staff assist": %s -> %s', (severity, expected) => {
    expect(isEmergencyType(severity)).toBe(expected);
  });
});

describe('compareBySeverityThenAge', () => {
  it('"Severity (value), most to least severe": most severe first, then oldest first', () => {
    const tasks = [
      { id: 'low-old', severity: 'LOW_PRIORITY' as const, creationTimestamp: 1 },
      { id: 'emergency-new', severity: 'EMERGENCY' as const, creationTimestamp: 50 },
      { id: 'none', severity: 'NO_PRIORITY' as const, creationTimestamp: 0 },
      { id: 'emergency-old', severity: 'EMERGENCY' as const, creationTimestamp: 10 },
      { id: 'observation', severity: 'ESCALATION_OBSERVATION' as const, creationTimestamp: 2 },
      { id: 'code-blue', severity: 'CODE_BLUE' as const, creationTimestamp: 99 },
    ];
    expect([...tasks].sort(compareBySeverityThenAge).map((t) => t.id)).toEqual([
      'code-blue',
      'emergency-old',
      'emergency-new',
      'low-old',
      'observation',
      'none',
    ]);
  });
  it.each<[Severity, Severity, number]>([
    ['CODE_BLUE', 'EMERGENCY', -1],
    ['NO_PRIORITY', 'ESCALATION_OBSERVATION', 90],
    ['STAFF_ASSIST', 'STAFF_ASSIST', 0],
  ])('compareSeverity(%s, %s) = %i', (a, b, expected) => {
    expect(compareSeverity(a, b)).toBe(expected);
  });
});
