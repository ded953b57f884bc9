import type { AlertOutcomeType, DeviceType, TaskStatus, TCareOutcome } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { emergencyReasonOutcome, multiOutcomeResolution, wasFallOutcome } from './outcome-rules';
import { careConfirmationMissing, isRefusal, REFUSABLE_CARE, resolutionIssues } from './resolution-rules';

const c = (careProvided: TCareOutcome['careProvided'], outcome: TCareOutcome['outcome'] = 'COMPLETED') => ({
  outcome,
  careProvided,
});
const rules = (input: Parameters<typeof resolutionIssues>[0], mode: 'alert' | 'careLog' = 'alert') =>
  resolutionIssues(input, mode).map((i) => `${i.field}:${i.rule}`);

describe('resolve body rules', () => {
  it('accepts what the drawers send: was-fall yes/no, emergency reason, multi-outcome, refusal, test alert', () => {
    for (const resolution of [
      wasFallOutcome(true),
      wasFallOutcome(false),
      emergencyReasonOutcome('EMERGENCY_OTHER'),
      multiOutcomeResolution(['ADL_BATHING', 'ADL_TOILETING']),
      multiOutcomeResolution(['ADL_BATHING', 'HOUSEKEEPING_BED'], { isRefusal: true }),
      multiOutcomeResolution(['ADL_BATHING', 'NON_EMERGENCY_FOUND_DEVICE']),
    ]) {
      expect(rules(resolution!)).toEqual([]);
    }
  });

  it.each<[string, AlertOutcomeType, TCareOutcome[], string[]]>([
    [
      '"choosing the test alert option clears the others and sends only the test alert"',
      'TEST_ALERT',
      [c('NON_EMERGENCY_FOUND_DEVICE'), c('ADL_BATHING')],
      ['careOutcomes:test-alert-alone'],
    ],
    [
      'TEST_ALERT without the test alert outcome',
      'TEST_ALERT',
      [c('ADL_BATHING')],
      ['alertOutcomeType:test-alert'],
    ],
    [
      'the test alert outcome without TEST_ALERT',
      'RESIDENT_INTERACTION',
      [c('NON_EMERGENCY_FOUND_DEVICE')],
      ['alertOutcomeType:test-alert'],
    ],
    [
      '"No gives NOT_COMPLETED No Care Given with FALSE_ALARM": not COMPLETED',
      'FALSE_ALARM',
      [c('NON_EMERGENCY_NO_CARE_GIVEN')],
      ['careOutcomes:no-care-given-not-completed'],
    ],
    ['FALSE_ALARM with care given', 'FALSE_ALARM', [c('ADL_BATHING')], ['alertOutcomeType:false-alarm']],
    [
      '"In care-refusal mode the outcomes are REFUSED instead of COMPLETED": no mixing',
      'RESIDENT_INTERACTION',
      [c('ADL_BATHING', 'REFUSED'), c('ADL_TOILETING')],
      ['careOutcomes:refusal-mode'],
    ],
    [
      'refusing care that is not on the care-refusal list',
      'RESIDENT_INTERACTION',
      [c('EMERGENCY_FALL', 'REFUSED')],
      ['careOutcomes:refusable'],
    ],
    [
      'a care type twice',
      'RESIDENT_INTERACTION',
      [c('ADL_BATHING'), c('ADL_BATHING')],
      ['careOutcomes:unique'],
    ],
  ])('refuses %s', (_what, alertOutcomeType, careOutcomes, expected) => {
    expect(rules({ alertOutcomeType, careOutcomes })).toEqual(expected);
  });

  it('"If OTHER is chosen, notes are required" with \'This field is required\'', () => {
    const input = { alertOutcomeType: 'RESIDENT_INTERACTION' as const, careOutcomes: [c('ADL_BATHING')] };
    expect(resolutionIssues({ ...input, observations: ['OTHER'], resolutionNote: '  ' }, 'alert')).toEqual([
      { field: 'resolutionNote', rule: 'required', message: 'This field is required' },
    ]);
    expect(rules({ ...input, observations: ['OTHER'], resolutionNote: 'Bruise on left arm' })).toEqual([]);
  });

  it('"Staff-assist counter: min 1, max 5": at most 5 responding staff', () => {
    const input = { alertOutcomeType: 'RESIDENT_INTERACTION' as const, careOutcomes: [c('ADL_BATHING')] };
    expect(rules({ ...input, respondingStaffRids: ['a', 'b', 'c', 'd', 'e'] })).toEqual([]);
    expect(rules({ ...input, respondingStaffRids: ['a', 'b', 'c', 'd', 'e', 'f'] })).toEqual([
      'respondingStaffRids:maximum',
    ]);
  });

  it('a care log has no test alert and no "No Care Given"', () => {
    expect(rules({ careOutcomes: [c('NON_EMERGENCY_FOUND_DEVICE')] }, 'careLog')).toEqual([
      'careOutcomes:test-alert',
    ]);
    expect(rules({ careOutcomes: [c('NON_EMERGENCY_NO_CARE_GIVEN', 'NOT_COMPLETED')] }, 'careLog')).toEqual([
      'careOutcomes:no-care-given',
    ]);
    expect(rules({ careOutcomes: [c('ADL_EATING', 'REFUSED')] }, 'careLog')).toEqual([]);
  });

  it('the care that can be refused is the care-refusal list of section 5', () => {
    expect([...REFUSABLE_CARE].sort()).toEqual(
      [
        'ADL_TOILETING',
        'ADL_EATING',
        'ADL_BATHING',
        'ADL_DRESSING',
        'ADL_GROOMING',
        'ADL_TRANSFER',
        'ADL_ESCORT',
        'HOUSEKEEPING_BED',
        'HOUSEKEEPING_BATHROOM',
        'HOUSEKEEPING_LAUNDRY',
        'HOUSEKEEPING_TRASH',
        'HOUSEKEEPING_OTHER',
      ].sort(),
    );
    expect(isRefusal([c('ADL_EATING', 'REFUSED')])).toBe(true);
    expect(isRefusal([c('ADL_EATING')])).toBe(false);
  });
});

describe('care confirmation before a resolve', () => {
  const base = {
    status: 'OPEN_CLAIMED' as TaskStatus,
    creatorDeviceType: 'SAGE_BUTTON' as DeviceType | null,
    alertOutcomeType: 'RESIDENT_INTERACTION' as AlertOutcomeType,
    bypassCareConfirmationChecks: false,
  };
  it.each<[string, Partial<typeof base>, boolean]>([
    ['a pendant alert not yet confirmed', {}, true],
    ['a confirmed alert', { status: 'OPEN_CONFIRMED' }, false],
    ['bypassCareConfirmationChecks', { bypassCareConfirmationChecks: true }, false],
    ['a test alert', { alertOutcomeType: 'TEST_ALERT' }, false],
    ['a door alarm', { creatorDeviceType: 'DOOR_ALARM' }, false],
    ['a manual task', { creatorDeviceType: null }, false],
    ['a fall sensor alert not yet confirmed', { creatorDeviceType: 'FALL_DETECTION_DEVICE' }, true],
  ])('%s: missing %s', (_what, change, expected) => {
    expect(careConfirmationMissing({ ...base, ...change })).toBe(expected);
  });
});
