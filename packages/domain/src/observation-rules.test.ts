import { describe, expect, it } from 'vitest';
import {
  canSelectObservations,
  observationNotesPlaceholder,
  observationNotesRequired,
  observationTypesForCareType,
  showObservationSkip,
} from './observation-rules';

describe('observation drawer', () => {
  it.each([
    [['OTHER'], true],
    [['SKIN', 'OTHER'], true],
    [['SKIN'], false],
    [[], false],
  ])('"If OTHER is chosen, notes are required": %j -> %s', (selected, expected) => {
    expect(observationNotesRequired(selected)).toBe(expected);
  });
  it.each([
    [true, 'Add details to help nurse follow-up'],
    [false, 'Enter notes here (optional)'],
  ])(
    "\"Placeholder: 'Add details to help nurse follow-up' when observations exist, else 'Enter notes here (optional)'\": %s",
    (has, text) => {
      expect(observationNotesPlaceholder(has)).toBe(text);
    },
  );
  it.each([
    [0, false],
    [1, true],
  ])('"Select disabled when nothing chosen": %i -> %s', (n, expected) => {
    expect(canSelectObservations(n)).toBe(expected);
  });
  it.each([
    [0, false, true],
    [0, true, false],
    [2, false, false],
  ])(
    '"Skip shows only when nothing is selected and selection is not required": %i selected, required=%s -> %s',
    (n, required, expected) => {
      expect(showObservationSkip(n, required)).toBe(expected);
    },
  );
});

describe('observation options by care type', () => {
  it('"Observation options depend on the care type of the alert\'s unit or the resident\'s unit": none for independent living', () => {
    expect(observationTypesForCareType('INDEPENDENT_LIVING')).toEqual([]);
  });
  it.each(['ASSISTED_LIVING', 'MEMORY_CARE', 'LONG_TERM_CARE', 'SHORT_TERM_REHAB'])(
    'all eight for %s',
    (careType) => {
      expect(observationTypesForCareType(careType)).toEqual([
        'SKIN',
        'PAIN',
        'URINE',
        'BOWEL_MOVEMENT',
        'MOOD_BEHAVIOR',
        'SEEMS_DIFFERENT',
        'NEEDS_MORE_HELP',
        'OTHER',
      ]);
    },
  );
});
