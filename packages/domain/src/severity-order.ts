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

/** The three ranks of calls on every list and station display (UL 1069; decision 0516). */
export const CallRank = { EMERGENCY: 0, ROUTINE: 1, TROUBLE: 2 } as const;
export type CallRank = (typeof CallRank)[keyof typeof CallRank];

export interface CallRankable {
  severity: Severity;
  /** DEVICE_TROUBLE for a supervision fault; ALERT (or absent) for a call. */
  kind?: 'ALERT' | 'DEVICE_TROUBLE';
}

/**
 * A call's rank: emergency-type calls (code blue, emergency, staff assist), then routine calls (every other
 * alert, whatever its severity), then trouble (device and gateway faults), whatever the trouble's severity.
 */
export const callRank = (call: CallRankable): CallRank =>
  call.kind === 'DEVICE_TROUBLE'
    ? CallRank.TROUBLE
    : isEmergencyType(call.severity)
      ? CallRank.EMERGENCY
      : CallRank.ROUTINE;

/**
 * The order of every list of open calls and of the station display: by rank (emergency, routine, trouble), then
 * most severe, then oldest first. A list cut to what fits keeps its head: the emergencies.
 */
export const compareCallRank = (
  a: CallRankable & SeverityOrderable,
  b: CallRankable & SeverityOrderable,
): number => callRank(a) - callRank(b) || compareBySeverityThenAge(a, b);

/** The first `limit` calls in call-rank order: what a screen that cannot show all shows (the emergencies first). */
export const firstCallsByRank = <T extends CallRankable & SeverityOrderable>(
  calls: readonly T[],
  limit: number,
): T[] => [...calls].sort(compareCallRank).slice(0, Math.max(0, limit));
