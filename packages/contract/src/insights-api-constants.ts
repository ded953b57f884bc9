/**
 * The zod-free part of insights-api.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). insights-api.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * Request and reply shapes of the insights API (base /insights/api/v1) and the gamification service (base
 * /gamification/api/v1), alerts doc section 7. Field names beyond those the spec lists are ours
 * (docs/decisions/0290-0293).
 */

// ---------------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------------

/** What a rule measures over a facility's own history (docs/decisions/0290). */
export const InsightMetric = {
  /** Minutes from the alert's creation to its first claim; by the claimer. */
  TIME_TO_CLAIM: 'TIME_TO_CLAIM',
  /** Minutes from the alert's creation to care confirmed at the bedside; by the assignee. */
  TIME_TO_CONFIRM: 'TIME_TO_CONFIRM',
  /** Minutes from the alert's creation to its resolution; by the resolver. */
  TIME_TO_RESOLVE: 'TIME_TO_RESOLVE',
  /** Share (0-1) of the assignee's claimed alerts with a failed care confirmation. */
  CONFIRMATION_FAILURES: 'CONFIRMATION_FAILURES',
  /** Care logs (care events) created. */
  CARE_LOGGED: 'CARE_LOGGED',
  /** Unit check-ins completed. */
  CHECK_INS_DONE: 'CHECK_INS_DONE',
} as const;

export type InsightMetric = (typeof InsightMetric)[keyof typeof InsightMetric];

/** Lower is better for times and failures; higher for work done. */
export const INSIGHT_METRIC_LOWER_IS_BETTER = {
  TIME_TO_CLAIM: true,
  TIME_TO_CONFIRM: true,
  TIME_TO_RESOLVE: true,
  CONFIRMATION_FAILURES: true,
  CARE_LOGGED: false,
  CHECK_INS_DONE: false,
} as const satisfies Record<InsightMetric, boolean>;

export const RULE_NAME_MAX = 120;

export const INSIGHTS_PAGE_SIZE_MAX = 200;

/** The insight action 409: the workflow was closed (by another action, or before). */
export const INSIGHT_CLOSED_CODE = 'INSIGHT_CLOSED';

// ---------------------------------------------------------------------------------------------------------
// Gamification: recognitions
// ---------------------------------------------------------------------------------------------------------

/** A high five's note: optional, multi-line; the same limit as other notes (255). */
export const HIGH_FIVE_NOTE_MAX = 255;

export const RECOGNITIONS_PAGE_SIZE_MAX = 200;

/** Where 'View Recognitions' leads (and the explore prompt's 'View Insights'). */
export const INSIGHTS_ROUTE = '/insights';

export const RECOGNITIONS_ROUTE = '/insights?tab=recognitions';
