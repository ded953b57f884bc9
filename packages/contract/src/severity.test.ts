import { describe, expect, it } from 'vitest';
import {
  EMERGENCY_TYPE_SEVERITIES,
  SEVERITIES_MOST_TO_LEAST,
  SEVERITY_VALUES,
  ZSeveritySchema,
} from './severity';

// Alerts doc section 3: "Severity (value), most to least severe: CODE_BLUE 0, EMERGENCY 1, STAFF_ASSIST 2,
// HIGH_PRIORITY 3, MEDIUM_PRIORITY 4, LOW_PRIORITY 5, ESCALATION_OBSERVATION 10, NO_PRIORITY 100."
const ROWS = [
  ['CODE_BLUE', 0],
  ['EMERGENCY', 1],
  ['STAFF_ASSIST', 2],
  ['HIGH_PRIORITY', 3],
  ['MEDIUM_PRIORITY', 4],
  ['LOW_PRIORITY', 5],
  ['ESCALATION_OBSERVATION', 10],
  ['NO_PRIORITY', 100],
] as const;

describe('severity', () => {
  it.each(ROWS)('%s has value %i', (severity, value) => {
    expect(SEVERITY_VALUES[severity]).toBe(value);
  });
  it('lists severities most to least severe', () => {
    expect(SEVERITIES_MOST_TO_LEAST).toEqual(ROWS.map((row) => row[0]));
    expect(ZSeveritySchema.options).toEqual(ROWS.map((row) => row[0]));
  });
  it('"Emergency-type: code blue, emergency, staff assist."', () => {
    expect(EMERGENCY_TYPE_SEVERITIES).toEqual(['CODE_BLUE', 'EMERGENCY', 'STAFF_ASSIST']);
  });
});
