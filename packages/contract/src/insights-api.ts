import { z } from 'zod';
import { PAGE_NUMBER_MAX, ZIdSchema, ZQueryBooleanSchema, zQueryInt, zText } from './common';
import {
  ZInsightActionTypeSchema,
  ZInsightCategorySchema,
  ZInsightScopeSchema,
  ZInsightTypeNameSchema,
  ZWorkflowStatusSchema,
} from './insights';

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
export const ZInsightMetricSchema = z.enum(InsightMetric);
export type InsightMetric = z.infer<typeof ZInsightMetricSchema>;

/** Lower is better for times and failures; higher for work done. */
export const INSIGHT_METRIC_LOWER_IS_BETTER = {
  TIME_TO_CLAIM: true,
  TIME_TO_CONFIRM: true,
  TIME_TO_RESOLVE: true,
  CONFIRMATION_FAILURES: true,
  CARE_LOGGED: false,
  CHECK_INS_DONE: false,
} as const satisfies Record<InsightMetric, boolean>;

/**
 * A rule's definition. The metric over the last completed period of `periodDays` facility-local days; a
 * person (USER) or the facility (GLOBAL) needs at least `minSamples` events. NEEDS_IMPROVEMENT: worse than
 * `threshold` and worse than the facility's own average over the `baselineDays` before the period times
 * `baselineFactor`; TOP_PERFORMER: at least as good as both (baselineDays 0: the threshold alone).
 */
export const ZRuleDefinitionSchema = z.strictObject({
  metric: ZInsightMetricSchema,
  periodDays: z.number().int().min(1).max(90),
  minSamples: z.number().int().min(1).max(100_000),
  threshold: z.number().min(0).max(1_000_000),
  baselineDays: z.number().int().min(0).max(365),
  baselineFactor: z.number().min(0).max(1_000),
});
export type TRuleDefinition = z.infer<typeof ZRuleDefinitionSchema>;

export const RULE_NAME_MAX = 120;

export const ZCreateRuleRequestSchema = z.strictObject({
  /** The facility the rule applies to; omitted with enterpriseRid: every facility of the enterprise. */
  facilityRid: ZIdSchema.optional(),
  enterpriseRid: ZIdSchema.optional(),
  name: zText({ min: 1, max: RULE_NAME_MAX, trim: true, multiline: false }),
  category: ZInsightCategorySchema,
  scope: ZInsightScopeSchema,
  isEnabled: z.boolean().optional(),
  definition: ZRuleDefinitionSchema,
});
export type TCreateRuleRequest = z.infer<typeof ZCreateRuleRequestSchema>;

export const ZUpdateRuleRequestSchema = z.strictObject({
  name: zText({ min: 1, max: RULE_NAME_MAX, trim: true, multiline: false }).optional(),
  category: ZInsightCategorySchema.optional(),
  scope: ZInsightScopeSchema.optional(),
  isEnabled: z.boolean().optional(),
  definition: ZRuleDefinitionSchema.optional(),
});
export type TUpdateRuleRequest = z.infer<typeof ZUpdateRuleRequestSchema>;

export const ZSearchRulesRequestSchema = z.strictObject({
  facilityRid: ZIdSchema.optional(),
  categories: z.array(ZInsightCategorySchema).max(10).optional(),
  isEnabled: z.boolean().optional(),
});
export type TSearchRulesRequest = z.infer<typeof ZSearchRulesRequestSchema>;

export const ZRuleParamsSchema = z.object({ ruleRid: ZIdSchema });

export const ZRuleReplySchema = z.object({
  ruleRid: z.string(),
  facilityRid: z.string().nullable(),
  enterpriseRid: z.string().nullable(),
  name: z.string(),
  category: ZInsightCategorySchema,
  scope: ZInsightScopeSchema,
  isEnabled: z.boolean(),
  definition: ZRuleDefinitionSchema.nullable(),
  /** Built in (no facility, no enterprise): read-only. */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRuleReply = z.infer<typeof ZRuleReplySchema>;
export const ZRulesReplySchema = z.array(ZRuleReplySchema);

// ---------------------------------------------------------------------------------------------------------
// Insights and workflows
// ---------------------------------------------------------------------------------------------------------

export const ZStaffMemberSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePictureUrl: z.string().nullable(),
});
export type TStaffMemberSummary = z.infer<typeof ZStaffMemberSummarySchema>;

/** What the engine measured (Insight.data). */
export const ZInsightDataSchema = z.object({
  metric: ZInsightMetricSchema,
  value: z.number(),
  samples: z.number().int(),
  threshold: z.number(),
  /** The facility's own average over the baseline days; null without one. */
  baseline: z.number().nullable(),
  periodDays: z.number().int(),
});
export type TInsightData = z.infer<typeof ZInsightDataSchema>;

export const ZWorkflowReplySchema = z.object({
  workflowRid: z.string(),
  insightRid: z.string(),
  facilityRid: z.string(),
  type: ZInsightTypeNameSchema.nullable(),
  status: ZWorkflowStatusSchema,
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: ZStaffMemberSummarySchema.nullable(),
});
export type TWorkflowReply = z.infer<typeof ZWorkflowReplySchema>;
export const ZWorkflowsReplySchema = z.array(ZWorkflowReplySchema);

export const ZInsightReplySchema = z.object({
  insightRid: z.string(),
  facilityRid: z.string(),
  enterpriseRid: z.string(),
  ruleRid: z.string().nullable(),
  category: ZInsightCategorySchema,
  scope: ZInsightScopeSchema,
  staffMember: ZStaffMemberSummarySchema.nullable(),
  title: z.string(),
  description: z.string(),
  data: ZInsightDataSchema.nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
  resetAt: z.string().nullable(),
  workflows: z.array(ZWorkflowReplySchema),
});
export type TInsightReply = z.infer<typeof ZInsightReplySchema>;
export const ZInsightsReplySchema = z.array(ZInsightReplySchema);

export const INSIGHTS_PAGE_SIZE_MAX = 200;

export const ZSearchInsightsRequestSchema = z.strictObject({
  facilityRid: ZIdSchema,
  categories: z.array(ZInsightCategorySchema).max(10).optional(),
  scopes: z.array(ZInsightScopeSchema).max(10).optional(),
  staffMemberRids: z.array(ZIdSchema).max(500).optional(),
  /** Insights with a workflow in this status. */
  workflowStatus: ZWorkflowStatusSchema.optional(),
  pageNumber: z.number().int().min(0).max(PAGE_NUMBER_MAX).optional(),
  pageSize: z.number().int().min(1).max(INSIGHTS_PAGE_SIZE_MAX).optional(),
});
export type TSearchInsightsRequest = z.infer<typeof ZSearchInsightsRequestSchema>;

export const ZInsightParamsSchema = z.object({ insightRid: ZIdSchema });
export const ZWorkflowParamsSchema = z.object({ workflowRid: ZIdSchema });

export const ZListWorkflowsQuerySchema = z.object({
  insightRid: ZIdSchema.optional(),
  facilityRid: ZIdSchema.optional(),
  type: ZInsightTypeNameSchema.optional(),
  status: ZWorkflowStatusSchema.optional(),
});
export type TListWorkflowsQuery = z.infer<typeof ZListWorkflowsQuerySchema>;

export const ZWorkflowActionReplySchema = z.object({
  actionRid: z.string(),
  workflowRid: z.string(),
  type: ZInsightActionTypeSchema,
  details: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
  creator: ZStaffMemberSummarySchema.nullable(),
  createdAt: z.string(),
  /** The recognition a SEND_HIGH_FIVE created. */
  recognitionRid: z.string().nullable(),
});
export type TWorkflowActionReply = z.infer<typeof ZWorkflowActionReplySchema>;
export const ZWorkflowActionsReplySchema = z.array(ZWorkflowActionReplySchema);

/** The insight action 409: the workflow was closed (by another action, or before). */
export const INSIGHT_CLOSED_CODE = 'INSIGHT_CLOSED';

// ---------------------------------------------------------------------------------------------------------
// Gamification: recognitions
// ---------------------------------------------------------------------------------------------------------

/** A high five's note: optional, multi-line; the same limit as other notes (255). */
export const HIGH_FIVE_NOTE_MAX = 255;

export const ZRecognitionReplySchema = z.object({
  recognitionRid: z.string(),
  recipientRid: z.string(),
  facilityRid: z.string(),
  seenByRecipient: z.boolean(),
  note: z.string().nullable(),
  workflowRid: z.string().nullable(),
  sender: ZStaffMemberSummarySchema,
  recipient: ZStaffMemberSummarySchema,
  createdAt: z.string(),
});
export type TRecognitionReply = z.infer<typeof ZRecognitionReplySchema>;
export const ZRecognitionsReplySchema = z.array(ZRecognitionReplySchema);

export const RECOGNITIONS_PAGE_SIZE_MAX = 200;

export const ZListRecognitionsQuerySchema = z.object({
  recipientRid: ZIdSchema.optional(),
  facilityRid: ZIdSchema.optional(),
  seenByRecipient: ZQueryBooleanSchema.optional(),
  pageNumber: zQueryInt().pipe(z.number().min(0).max(PAGE_NUMBER_MAX)).optional(),
  pageSize: zQueryInt().pipe(z.number().min(1).max(RECOGNITIONS_PAGE_SIZE_MAX)).optional(),
});
export type TListRecognitionsQuery = z.infer<typeof ZListRecognitionsQuerySchema>;

export const ZCreateRecognitionRequestSchema = z.strictObject({
  facilityRid: ZIdSchema,
  recipientRid: ZIdSchema,
  note: zText({ max: HIGH_FIVE_NOTE_MAX }).optional(),
});
export type TCreateRecognitionRequest = z.infer<typeof ZCreateRecognitionRequestSchema>;

export const ZSearchRecognitionsRequestSchema = z.strictObject({
  facilityRid: ZIdSchema.optional(),
  recipientRids: z.array(ZIdSchema).max(500).optional(),
  senderRids: z.array(ZIdSchema).max(500).optional(),
  seenByRecipient: z.boolean().optional(),
  pageNumber: z.number().int().min(0).max(PAGE_NUMBER_MAX).optional(),
  pageSize: z.number().int().min(1).max(RECOGNITIONS_PAGE_SIZE_MAX).optional(),
});
export type TSearchRecognitionsRequest = z.infer<typeof ZSearchRecognitionsRequestSchema>;

export const ZRecognitionParamsSchema = z.object({ recognitionRid: ZIdSchema });

export const ZUpdateRecognitionRequestSchema = z.strictObject({ seenByRecipient: z.boolean() });
export type TUpdateRecognitionRequest = z.infer<typeof ZUpdateRecognitionRequestSchema>;

/** Where 'View Recognitions' leads (and the explore prompt's 'View Insights'). */
export const INSIGHTS_ROUTE = '/insights';
export const RECOGNITIONS_ROUTE = '/insights?tab=recognitions';
