import {
  type AlertOutcomeType,
  DeviceType,
  NO_CARE_GIVEN_RESOLUTION_TYPE,
  NoteFieldMessages,
  OBSERVATION_TYPE_REQUIRING_NOTES,
  type ResolutionType,
  STAFF_ASSIST_MAX,
  TaskStatus,
  type TCareOutcome,
  TEST_ALERT_RESOLUTION_TYPE,
} from '@sage/contract';
import { resolutionSections } from './resolution-options';

/** One broken rule of a resolve or care-log body: the field (relative to the body) and the rule. */
export interface ResolutionIssue {
  field: string;
  rule: string;
  message: string;
}

export interface ResolutionInput {
  /** Absent for a care log (care without an alert). */
  alertOutcomeType?: AlertOutcomeType;
  careOutcomes: readonly TCareOutcome[];
  observations?: readonly string[];
  resolutionNote?: string | null;
  respondingStaffRids?: readonly string[];
}

/**
 * "Care-refusal mode shows ADL Help (Toileting, Eating/Feeding, Bathing, Dressing, Grooming, Transfer, Escort)
 * and Cleaning (Made Bed, Cleaned Bathroom, Laundry, Emptied Trash, Other Cleaning)": the care that can be
 * refused.
 */
export const REFUSABLE_CARE: ReadonlySet<ResolutionType> = new Set(
  resolutionSections('careRefusal').flatMap((section) => section.options.map((option) => option.id)),
);

/**
 * The body rules of a resolve (PUT /tasks/{taskId}/resolve, mode 'alert') and of a care log (POST /loggedCare,
 * mode 'careLog'), from alerts doc sections 4 and 5. Returns every broken rule (empty when valid).
 * - "Multi-outcome: choosing the test alert option clears the others and sends only the test alert": the test
 *   alert (NON_EMERGENCY_FOUND_DEVICE) is alone, COMPLETED, and goes with alertOutcomeType TEST_ALERT (and
 *   TEST_ALERT only with it). A care log is not an alert: no test alert there.
 * - "Was-fall: ... No gives NOT_COMPLETED No Care Given with FALSE_ALARM": No Care Given is alone,
 *   NOT_COMPLETED, with FALSE_ALARM (and FALSE_ALARM only with it). Not in a care log.
 * - "In care-refusal mode the outcomes are REFUSED instead of COMPLETED": refusal is all or nothing, and only
 *   the care of the care-refusal list can be refused.
 * - "If OTHER is chosen, notes are required": resolutionNote must not be blank ('This field is required').
 * - "Staff-assist counter: min 1, max 5": at most 5 responding staff; each care type and observation once.
 */
export const resolutionIssues = (input: ResolutionInput, mode: 'alert' | 'careLog'): ResolutionIssue[] => {
  const issues: ResolutionIssue[] = [];
  const add = (field: string, rule: string, message: string) => issues.push({ field, rule, message });
  const outcomes = input.careOutcomes;
  const types = outcomes.map((o) => o.careProvided);

  if (new Set(types).size !== types.length) {
    add('careOutcomes', 'unique', 'Each care type may appear once in careOutcomes');
  }

  const test = outcomes.find((o) => o.careProvided === TEST_ALERT_RESOLUTION_TYPE);
  if (test) {
    if (mode === 'careLog') {
      add('careOutcomes', 'test-alert', 'A test alert is resolved on its alert, not logged as care');
    } else if (outcomes.length > 1) {
      add('careOutcomes', 'test-alert-alone', 'The test alert is sent alone: choosing it clears the others');
    } else if (test.outcome !== 'COMPLETED') {
      add('careOutcomes', 'test-alert-completed', 'The test alert outcome is COMPLETED');
    }
  }
  if (mode === 'alert' && (input.alertOutcomeType === 'TEST_ALERT') !== Boolean(test)) {
    add(
      'alertOutcomeType',
      'test-alert',
      'alertOutcomeType TEST_ALERT goes with the test alert care outcome (NON_EMERGENCY_FOUND_DEVICE), and only with it',
    );
  }

  const noCare = outcomes.find((o) => o.careProvided === NO_CARE_GIVEN_RESOLUTION_TYPE);
  if (noCare) {
    if (mode === 'careLog') {
      add('careOutcomes', 'no-care-given', "'No Care Given' is the outcome of a false alarm, not a care log");
    } else if (outcomes.length > 1) {
      add('careOutcomes', 'no-care-given-alone', "'No Care Given' is sent alone");
    } else if (noCare.outcome !== 'NOT_COMPLETED') {
      add('careOutcomes', 'no-care-given-not-completed', "The 'No Care Given' outcome is NOT_COMPLETED");
    }
  }
  if (mode === 'alert' && (input.alertOutcomeType === 'FALSE_ALARM') !== Boolean(noCare)) {
    add(
      'alertOutcomeType',
      'false-alarm',
      "alertOutcomeType FALSE_ALARM goes with the 'No Care Given' care outcome (NON_EMERGENCY_NO_CARE_GIVEN), and only with it",
    );
  }

  const refused = outcomes.filter((o) => o.outcome === 'REFUSED');
  if (refused.length > 0) {
    if (refused.length !== outcomes.length) {
      add('careOutcomes', 'refusal-mode', 'In care-refusal mode every outcome is REFUSED');
    }
    const notRefusable = refused
      .filter((o) => !REFUSABLE_CARE.has(o.careProvided))
      .map((o) => o.careProvided);
    if (notRefusable.length > 0) {
      add('careOutcomes', 'refusable', `This care cannot be refused: ${notRefusable.join(', ')}`);
    }
  }

  const observations = input.observations ?? [];
  if (new Set(observations).size !== observations.length) {
    add('observations', 'unique', 'Each observation type may appear once');
  }
  if (observations.includes(OBSERVATION_TYPE_REQUIRING_NOTES) && !input.resolutionNote?.trim()) {
    add('resolutionNote', 'required', NoteFieldMessages.required);
  }

  const staff = input.respondingStaffRids ?? [];
  if (staff.length > STAFF_ASSIST_MAX) {
    add('respondingStaffRids', 'maximum', `At most ${STAFF_ASSIST_MAX} responding staff`);
  }
  if (new Set(staff).size !== staff.length) {
    add('respondingStaffRids', 'unique', 'Each responding staff member may appear once');
  }
  return issues;
};

/** Refusal mode: every outcome REFUSED. */
export const isRefusal = (careOutcomes: readonly TCareOutcome[]): boolean =>
  careOutcomes.length > 0 && careOutcomes.every((o) => o.outcome === 'REFUSED');

/**
 * Care confirmation before a resolve (alerts doc section 4, "Care confirmation (real alerts)"): staff confirm
 * they are with the resident by pressing the resident's pendant or a wall button in the unit, which moves the
 * alert to OPEN_CONFIRMED. Our rule for the server: an alert raised by a pendant, wall button, fall sensor or
 * M3 device is resolved only once confirmed, unless the resolver sends bypassCareConfirmationChecks or resolves
 * it as a test alert. A door alarm (no resident to stand beside) and a manual task need no confirmation.
 */
/**
 * Whether a task raised by a device of this type is cleared only at the bedside (care confirmation): every device
 * but a door alarm; manual tasks (no device) are not (decision 0042). The claimed-but-not-confirmed reminder
 * (decision 0515) follows the same rule.
 */
export const needsBedsideConfirmation = (creatorDeviceType: DeviceType | null): boolean =>
  creatorDeviceType !== null && creatorDeviceType !== DeviceType.DOOR_ALARM;

export const careConfirmationMissing = (input: {
  status: TaskStatus;
  creatorDeviceType: DeviceType | null;
  alertOutcomeType: AlertOutcomeType;
  bypassCareConfirmationChecks: boolean;
}): boolean =>
  needsBedsideConfirmation(input.creatorDeviceType) &&
  input.status !== TaskStatus.OPEN_CONFIRMED &&
  input.alertOutcomeType !== 'TEST_ALERT' &&
  !input.bypassCareConfirmationChecks;
