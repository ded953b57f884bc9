/**
 * The zod-free part of severity.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). severity.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/** Severity (value), most to least severe (alerts doc section 3). */
export const Severity = {
  CODE_BLUE: 'CODE_BLUE',
  EMERGENCY: 'EMERGENCY',
  STAFF_ASSIST: 'STAFF_ASSIST',
  HIGH_PRIORITY: 'HIGH_PRIORITY',
  MEDIUM_PRIORITY: 'MEDIUM_PRIORITY',
  LOW_PRIORITY: 'LOW_PRIORITY',
  ESCALATION_OBSERVATION: 'ESCALATION_OBSERVATION',
  NO_PRIORITY: 'NO_PRIORITY',
} as const;

export type Severity = (typeof Severity)[keyof typeof Severity];

export const SEVERITY_VALUES = {
  CODE_BLUE: 0,
  EMERGENCY: 1,
  STAFF_ASSIST: 2,
  HIGH_PRIORITY: 3,
  MEDIUM_PRIORITY: 4,
  LOW_PRIORITY: 5,
  ESCALATION_OBSERVATION: 10,
  NO_PRIORITY: 100,
} as const satisfies Record<Severity, number>;

/** Most to least severe. */
export const SEVERITIES_MOST_TO_LEAST: readonly Severity[] = [
  Severity.CODE_BLUE,
  Severity.EMERGENCY,
  Severity.STAFF_ASSIST,
  Severity.HIGH_PRIORITY,
  Severity.MEDIUM_PRIORITY,
  Severity.LOW_PRIORITY,
  Severity.ESCALATION_OBSERVATION,
  Severity.NO_PRIORITY,
];

/** "Emergency-type: code blue, emergency, staff assist." */
export const EMERGENCY_TYPE_SEVERITIES: readonly Severity[] = [
  Severity.CODE_BLUE,
  Severity.EMERGENCY,
  Severity.STAFF_ASSIST,
];

/** Display labels: not given by the spec; title case of the ids (our choice). */
export const SEVERITY_LABELS = {
  CODE_BLUE: 'Code Blue',
  EMERGENCY: 'Emergency',
  STAFF_ASSIST: 'Staff Assist',
  HIGH_PRIORITY: 'High Priority',
  MEDIUM_PRIORITY: 'Medium Priority',
  LOW_PRIORITY: 'Low Priority',
  ESCALATION_OBSERVATION: 'Escalation Observation',
  NO_PRIORITY: 'No Priority',
} as const satisfies Record<Severity, string>;
