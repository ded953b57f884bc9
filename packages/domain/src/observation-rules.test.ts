import { describe, expect, it } from 'vitest';
import {
  canSelectObservations,
  observationNotesPlaceholder,
  observationNotesRequired,
  observationsByCareTypeMap,
  observationsNotOffered,
  observationTypesFor,
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

describe("observation options from the facility's facilityConfig (decision 0058)", () => {
  const ALL = [
    'SKIN',
    'PAIN',
    'URINE',
    'BOWEL_MOVEMENT',
    'MOOD_BEHAVIOR',
    'SEEMS_DIFFERENT',
    'NEEDS_MORE_HELP',
    'OTHER',
  ];
  const config = {
    isObservationsEnabled: true,
    observationsByCareType: {
      MEMORY_CARE: ['OTHER', 'MOOD_BEHAVIOR', 'SEEMS_DIFFERENT', 'UNKNOWN_ID'],
      ASSISTED_LIVING: [],
    },
  };
  it.each<[string, typeof config | null, string | null, string[]]>([
    [
      'the care type listed: its types in the spec order, known ids only',
      config,
      'MEMORY_CARE',
      ['MOOD_BEHAVIOR', 'SEEMS_DIFFERENT', 'OTHER'],
    ],
    ['listed with none: none', config, 'ASSISTED_LIVING', []],
    ['not listed: the care-type rule (all eight)', config, 'LONG_TERM_CARE', ALL],
    ['not listed: the care-type rule (none for independent living)', config, 'INDEPENDENT_LIVING', []],
    ['a unit without a care type: the care-type rule', config, null, ALL],
    ['no config loaded: the care-type rule', null, 'MEMORY_CARE', ALL],
    [
      'no map configured: the care-type rule',
      { isObservationsEnabled: true, observationsByCareType: null as never },
      'MEMORY_CARE',
      ALL,
    ],
    ['isObservationsEnabled false: none', { ...config, isObservationsEnabled: false }, 'LONG_TERM_CARE', []],
  ])('%s', (_name, facilityConfig, careType, expected) => {
    expect(observationTypesFor(facilityConfig, careType)).toEqual(expected);
  });
  it('lists the observations a facility does not offer for the care type', () => {
    expect(observationsNotOffered(['PAIN', 'OTHER'], config, 'MEMORY_CARE')).toEqual(['PAIN']);
    expect(
      observationsNotOffered(['PAIN'], { ...config, isObservationsEnabled: false }, 'LONG_TERM_CARE'),
    ).toEqual(['PAIN']);
    expect(observationsNotOffered(['PAIN', 'OTHER'], config, 'LONG_TERM_CARE')).toEqual([]);
  });
});

describe('stored observationsByCareType', () => {
  it.each<[unknown, Record<string, string[]> | null]>([
    [null, null],
    [[], null],
    ['SKIN', null],
    [{ MEMORY_CARE: ['SKIN', 3], ASSISTED_LIVING: 'PAIN' }, { MEMORY_CARE: ['SKIN'] }],
  ])('%j -> %j', (value, expected) => {
    expect(observationsByCareTypeMap(value)).toEqual(expected);
  });
});
