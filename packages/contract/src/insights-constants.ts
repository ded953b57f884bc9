/**
 * The zod-free part of insights.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). insights.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/** Insight categories (alerts doc section 3). */
export const InsightCategory = {
  NEEDS_IMPROVEMENT: 'NEEDS_IMPROVEMENT',
  TOP_PERFORMER: 'TOP_PERFORMER',
} as const;

export type InsightCategory = (typeof InsightCategory)[keyof typeof InsightCategory];

export const INSIGHT_CATEGORY_LABELS = {
  NEEDS_IMPROVEMENT: 'Needs Improvement',
  TOP_PERFORMER: 'Top Performance',
} as const satisfies Record<InsightCategory, string>;

export const WorkflowStatus = { OPEN: 'OPEN', CLOSED: 'CLOSED' } as const;

export type WorkflowStatus = (typeof WorkflowStatus)[keyof typeof WorkflowStatus];

export const InsightScope = { GLOBAL: 'GLOBAL', USER: 'USER' } as const;

export type InsightScope = (typeof InsightScope)[keyof typeof InsightScope];

/** Workflow action types. */
export const InsightActionType = {
  DISMISS: 'DISMISS',
  LOG_ACTION_NEEDS_IMPROVEMENT: 'LOG_ACTION_NEEDS_IMPROVEMENT',
  SEND_HIGH_FIVE: 'SEND_HIGH_FIVE',
} as const;

export type InsightActionType = (typeof InsightActionType)[keyof typeof InsightActionType];

/** "also NEEDS_IMPROVEMENT, RECOGNITION, ACKNOWLEDGE seen as type names" */
export const InsightTypeName = {
  NEEDS_IMPROVEMENT: 'NEEDS_IMPROVEMENT',
  RECOGNITION: 'RECOGNITION',
  ACKNOWLEDGE: 'ACKNOWLEDGE',
} as const;

export type InsightTypeName = (typeof InsightTypeName)[keyof typeof InsightTypeName];

/** High-five note: optional, multi-line, 4 rows. */
export const HIGH_FIVE_NOTE_ROWS = 4;

/** The high-five drawer shows at most 4 senders. */
export const HIGH_FIVE_MAX_SENDERS = 4;
