import { EMERGENCY_TYPE_SEVERITIES, SEVERITY_VALUES, type Severity } from '@sage/contract';

/** "Emergency-type: code blue, emergency, staff assist." */
export const isEmergencyType = (severity: Severity): boolean => EMERGENCY_TYPE_SEVERITIES.includes(severity);

export interface SeverityOrderable {
  severity: Severity;
  /** Creation time in ms since the epoch. */
  creationTimestamp: number;
}

/**
 * Sort comparator: most severe first (lowest severity value), then oldest first.
 * Use as `tasks.sort(compareBySeverityThenAge)`.
 */
export const compareBySeverityThenAge = (a: SeverityOrderable, b: SeverityOrderable): number =>
  SEVERITY_VALUES[a.severity] - SEVERITY_VALUES[b.severity] || a.creationTimestamp - b.creationTimestamp;

/** Compares two severities: negative when a is more severe than b. */
export const compareSeverity = (a: Severity, b: Severity): number => SEVERITY_VALUES[a] - SEVERITY_VALUES[b];
