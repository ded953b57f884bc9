import {
  AlertOutcomeType,
  type CareOutcomeValue,
  type DeviceType,
  DeviceType as DeviceTypes,
  NOTE_MAX_LENGTH,
  NoteFieldMessages,
  type ResolutionType,
  Severity,
  STAFF_ASSIST_DEFAULT,
  STAFF_ASSIST_MAX,
  STAFF_ASSIST_MIN,
  type TCareOutcome,
  TEST_ALERT_RESOLUTION_TYPE,
} from '@sage/contract';

export interface ResolutionOutcome {
  careOutcomes: TCareOutcome[];
  alertOutcomeType: AlertOutcomeType;
}

/**
 * "Was-fall: Yes gives COMPLETED Fall with RESIDENT_INTERACTION; No gives NOT_COMPLETED No Care Given with
 * FALSE_ALARM."
 */
export const wasFallOutcome = (wasFall: boolean): ResolutionOutcome =>
  wasFall
    ? {
        careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'EMERGENCY_FALL' }],
        alertOutcomeType: AlertOutcomeType.RESIDENT_INTERACTION,
      }
    : {
        careOutcomes: [{ outcome: 'NOT_COMPLETED', careProvided: 'NON_EMERGENCY_NO_CARE_GIVEN' }],
        alertOutcomeType: AlertOutcomeType.FALSE_ALARM,
      };

/**
 * "Emergency reason: Fall or Other Emergency gives a COMPLETED outcome." The alert outcome type is not given;
 * someone attended the resident, so RESIDENT_INTERACTION (our choice).
 */
export const emergencyReasonOutcome = (reason: 'EMERGENCY_FALL' | 'EMERGENCY_OTHER'): ResolutionOutcome => ({
  careOutcomes: [{ outcome: 'COMPLETED', careProvided: reason }],
  alertOutcomeType: AlertOutcomeType.RESIDENT_INTERACTION,
});

/**
 * "Multi-outcome: choosing the test alert option clears the others and sends only the test alert; otherwise all
 * checked types are sent. In care-refusal mode the outcomes are REFUSED instead of COMPLETED."
 * A test alert is sent as COMPLETED NON_EMERGENCY_FOUND_DEVICE with the TEST_ALERT alert outcome type; other
 * selections carry RESIDENT_INTERACTION (our choice). Duplicates are sent once. Returns null for no selection.
 */
export const multiOutcomeResolution = (
  selected: readonly ResolutionType[],
  options: { isRefusal?: boolean } = {},
): ResolutionOutcome | null => {
  if (selected.length === 0) return null;
  if (selected.includes(TEST_ALERT_RESOLUTION_TYPE)) {
    return {
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: TEST_ALERT_RESOLUTION_TYPE }],
      alertOutcomeType: AlertOutcomeType.TEST_ALERT,
    };
  }
  const outcome: CareOutcomeValue = options.isRefusal ? 'REFUSED' : 'COMPLETED';
  return {
    careOutcomes: [...new Set(selected)].map((careProvided) => ({ outcome, careProvided })),
    alertOutcomeType: AlertOutcomeType.RESIDENT_INTERACTION,
  };
};

/**
 * Toggling an option in the multi-outcome drawer: "choosing the test alert option clears the others".
 * Choosing any other option while the test alert is checked unchecks the test alert (our choice, so the
 * drawer never shows a selection that would not be sent).
 */
export const toggleMultiOutcomeSelection = (
  selected: readonly ResolutionType[],
  id: ResolutionType,
): ResolutionType[] => {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  if (id === TEST_ALERT_RESOLUTION_TYPE) return [id];
  return [...selected.filter((s) => s !== TEST_ALERT_RESOLUTION_TYPE), id];
};

/** "The emergency flag is true if the task severity is EMERGENCY." */
export const isEmergencyFlag = (severity: Severity | null | undefined): boolean =>
  severity === Severity.EMERGENCY;

/**
 * "Staff-assist counter: min 1, max 5, default 1; shown only for non-door-alarm items that are new care logs
 * (not refusals) or emergencies."
 */
export const showStaffAssistCounter = (item: {
  deviceType?: DeviceType | null;
  isNewCareLog: boolean;
  isRefusal: boolean;
  isEmergency: boolean;
}): boolean =>
  item.deviceType !== DeviceTypes.DOOR_ALARM && ((item.isNewCareLog && !item.isRefusal) || item.isEmergency);

/** Keeps the staff-assist count within 1..5 (whole numbers; anything unreadable is the default 1). */
export const clampStaffAssist = (value: number | null | undefined): number => {
  if (value == null || !Number.isFinite(value)) return STAFF_ASSIST_DEFAULT;
  return Math.min(STAFF_ASSIST_MAX, Math.max(STAFF_ASSIST_MIN, Math.trunc(value)));
};

/**
 * The staff-assist count a resolve or care log stores (docs/decisions/0057): where the counter applies, the
 * count sent or the default 1; elsewhere none, and a count sent there is an issue (the counter was not shown).
 * The range 1..5 is checked by the contract schema.
 */
export const staffAssistCountFor = (
  applies: boolean,
  sent: number | null | undefined,
): { count: number | null; issue: { field: string; rule: string; message: string } | null } => {
  if (applies) return { count: sent ?? STAFF_ASSIST_DEFAULT, issue: null };
  if (sent == null) return { count: null, issue: null };
  return {
    count: null,
    issue: {
      field: 'staffAssistCount',
      rule: 'not-applicable',
      message:
        'The staff-assist counter applies only to new care logs that are not refusals and to emergencies, not to door alarms',
    },
  };
};

export interface NoteFieldState {
  label: string;
  helperText: string;
  /** The error shown under the field, or null. */
  error: string | null;
  isValid: boolean;
}

/**
 * Note text: "maximum 255 characters by default (configurable). Helper shows 'N characters remaining', or
 * 'N characters over the limit' when exceeded. If required and empty: 'This field is required'. Label 'Enter
 * notes here', plus ' (optional)' when not required."
 * Whitespace-only text counts as empty for the required rule (our choice).
 */
export const noteFieldState = (
  text: string,
  options: { required?: boolean; maxLength?: number } = {},
): NoteFieldState => {
  const required = options.required === true;
  const maxLength = options.maxLength ?? NOTE_MAX_LENGTH;
  const over = text.length - maxLength;
  const helperText =
    over > 0 ? NoteFieldMessages.charactersOverLimit(over) : NoteFieldMessages.charactersRemaining(-over);
  const label = required
    ? NoteFieldMessages.label
    : `${NoteFieldMessages.label}${NoteFieldMessages.optionalSuffix}`;
  if (required && text.trim() === '')
    return { label, helperText, error: NoteFieldMessages.required, isValid: false };
  if (over > 0) return { label, helperText, error: helperText, isValid: false };
  return { label, helperText, error: null, isValid: true };
};

/** "Submit is disabled until the form is changed and valid, and while saving." */
export const canSubmitForm = (state: { isDirty: boolean; isValid: boolean; isSaving: boolean }): boolean =>
  state.isDirty && state.isValid && !state.isSaving;
