import type { DeviceType, ResolutionType, Severity } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import {
  canSubmitForm,
  clampStaffAssist,
  emergencyReasonOutcome,
  isEmergencyFlag,
  multiOutcomeResolution,
  noteFieldState,
  showStaffAssistCounter,
  staffAssistCountFor,
  toggleMultiOutcomeSelection,
  wasFallOutcome,
} from './outcome-rules';

describe('resolution outcomes', () => {
  it('"Was-fall: Yes gives COMPLETED Fall with RESIDENT_INTERACTION"', () => {
    expect(wasFallOutcome(true)).toEqual({
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'EMERGENCY_FALL' }],
      alertOutcomeType: 'RESIDENT_INTERACTION',
    });
  });
  it('"No gives NOT_COMPLETED No Care Given with FALSE_ALARM"', () => {
    expect(wasFallOutcome(false)).toEqual({
      careOutcomes: [{ outcome: 'NOT_COMPLETED', careProvided: 'NON_EMERGENCY_NO_CARE_GIVEN' }],
      alertOutcomeType: 'FALSE_ALARM',
    });
  });
  it.each(['EMERGENCY_FALL', 'EMERGENCY_OTHER'] as const)(
    '"Emergency reason: Fall or Other Emergency gives a COMPLETED outcome": %s',
    (reason) => {
      expect(emergencyReasonOutcome(reason).careOutcomes).toEqual([
        { outcome: 'COMPLETED', careProvided: reason },
      ]);
    },
  );
  it.each<[ResolutionType[], boolean, unknown]>([
    [
      ['ADL_BATHING', 'ADL_TOILETING'],
      false,
      {
        careOutcomes: [
          { outcome: 'COMPLETED', careProvided: 'ADL_BATHING' },
          { outcome: 'COMPLETED', careProvided: 'ADL_TOILETING' },
        ],
        alertOutcomeType: 'RESIDENT_INTERACTION',
      },
    ],
    [
      ['ADL_BATHING', 'HOUSEKEEPING_BED'],
      true,
      {
        careOutcomes: [
          { outcome: 'REFUSED', careProvided: 'ADL_BATHING' },
          { outcome: 'REFUSED', careProvided: 'HOUSEKEEPING_BED' },
        ],
        alertOutcomeType: 'RESIDENT_INTERACTION',
      },
    ],
    [
      ['ADL_BATHING', 'NON_EMERGENCY_FOUND_DEVICE'],
      false,
      {
        careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'NON_EMERGENCY_FOUND_DEVICE' }],
        alertOutcomeType: 'TEST_ALERT',
      },
    ],
    [[], false, null],
  ])(
    '"choosing the test alert option clears the others and sends only the test alert; otherwise all checked types are sent. In care-refusal mode the outcomes are REFUSED": %j refusal=%s',
    (selected, isRefusal, expected) => {
      expect(multiOutcomeResolution(selected, { isRefusal })).toEqual(expected);
    },
  );
  it.each<[ResolutionType[], ResolutionType, ResolutionType[]]>([
    [['ADL_BATHING'], 'NON_EMERGENCY_FOUND_DEVICE', ['NON_EMERGENCY_FOUND_DEVICE']],
    [['NON_EMERGENCY_FOUND_DEVICE'], 'ADL_BATHING', ['ADL_BATHING']],
    [['ADL_BATHING'], 'ADL_TOILETING', ['ADL_BATHING', 'ADL_TOILETING']],
    [['ADL_BATHING', 'ADL_TOILETING'], 'ADL_BATHING', ['ADL_TOILETING']],
  ])('"choosing the test alert option clears the others": %j + %s -> %j', (selected, id, expected) => {
    expect(toggleMultiOutcomeSelection(selected, id)).toEqual(expected);
  });
  it.each<[Severity | null, boolean]>([
    ['EMERGENCY', true],
    ['CODE_BLUE', false],
    ['STAFF_ASSIST', false],
    ['LOW_PRIORITY', false],
    [null, false],
  ])('"The emergency flag is true if the task severity is EMERGENCY": %s -> %s', (severity, expected) => {
    expect(isEmergencyFlag(severity)).toBe(expected);
  });
});

describe('staff-assist counter', () => {
  it.each<[DeviceType | null, boolean, boolean, boolean, boolean]>([
    [null, true, false, false, true],
    ['SAGE_BUTTON', true, false, false, true],
    [null, true, true, false, false],
    ['SAGE_BUTTON', false, false, true, true],
    ['SAGE_BUTTON', false, false, false, false],
    ['DOOR_ALARM', false, false, true, false],
    ['DOOR_ALARM', true, false, false, false],
  ])(
    '"shown only for non-door-alarm items that are new care logs (not refusals) or emergencies": device=%s newCareLog=%s refusal=%s emergency=%s -> %s',
    (deviceType, isNewCareLog, isRefusal, isEmergency, expected) => {
      expect(showStaffAssistCounter({ deviceType, isNewCareLog, isRefusal, isEmergency })).toBe(expected);
    },
  );
  it.each<[number | null, number]>([
    [null, 1],
    [Number.NaN, 1],
    [0, 1],
    [1, 1],
    [3, 3],
    [5, 5],
    [6, 5],
    [2.7, 2],
  ])('"Staff-assist counter: min 1, max 5, default 1": %s -> %i', (value, expected) => {
    expect(clampStaffAssist(value)).toBe(expected);
  });
  it.each<[boolean, number | undefined, number | null, string | null]>([
    [true, undefined, 1, null],
    [true, 4, 4, null],
    [false, undefined, null, null],
    [false, 2, null, 'not-applicable'],
  ])(
    'stored count (decision 0057, "default 1"): applies=%s sent=%s -> %s, issue %s',
    (applies, sent, count, rule) => {
      const result = staffAssistCountFor(applies, sent);
      expect(result.count).toBe(count);
      expect(result.issue?.rule ?? null).toBe(rule);
      if (result.issue) expect(result.issue.field).toBe('staffAssistCount');
    },
  );
});

describe('note field', () => {
  it.each<[string, { required?: boolean; maxLength?: number }, unknown]>([
    [
      '',
      {},
      {
        label: 'Enter notes here (optional)',
        helperText: '255 characters remaining',
        error: null,
        isValid: true,
      },
    ],
    [
      'abc',
      {},
      {
        label: 'Enter notes here (optional)',
        helperText: '252 characters remaining',
        error: null,
        isValid: true,
      },
    ],
    [
      '',
      { required: true },
      {
        label: 'Enter notes here',
        helperText: '255 characters remaining',
        error: 'This field is required',
        isValid: false,
      },
    ],
    [
      '   ',
      { required: true },
      {
        label: 'Enter notes here',
        helperText: '252 characters remaining',
        error: 'This field is required',
        isValid: false,
      },
    ],
    [
      'x'.repeat(255),
      {},
      {
        label: 'Enter notes here (optional)',
        helperText: '0 characters remaining',
        error: null,
        isValid: true,
      },
    ],
    [
      'x'.repeat(257),
      {},
      {
        label: 'Enter notes here (optional)',
        helperText: '2 characters over the limit',
        error: '2 characters over the limit',
        isValid: false,
      },
    ],
    [
      'hello',
      { maxLength: 3, required: true },
      {
        label: 'Enter notes here',
        helperText: '2 characters over the limit',
        error: '2 characters over the limit',
        isValid: false,
      },
    ],
  ])(
    "\"maximum 255 characters by default (configurable). Helper shows 'N characters remaining', or 'N characters over the limit' … 'This field is required'. Label 'Enter notes here', plus ' (optional)'\": %j %j",
    (text, options, expected) => {
      expect(noteFieldState(text, options)).toEqual(expected);
    },
  );
  it.each([
    [true, true, false, true],
    [false, true, false, false],
    [true, false, false, false],
    [true, true, true, false],
  ])(
    '"Submit is disabled until the form is changed and valid, and while saving": dirty=%s valid=%s saving=%s -> %s',
    (isDirty, isValid, isSaving, expected) => {
      expect(canSubmitForm({ isDirty, isValid, isSaving })).toBe(expected);
    },
  );
});
