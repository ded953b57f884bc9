import { z } from 'zod';
import { PAGE_NUMBER_MAX, ZIdSchema, ZQueryBooleanSchema, zQueryInt, zText } from './common';
import {
  ZInsightActionTypeSchema,
  ZInsightCategorySchema,
  ZInsightScopeSchema,
  ZInsightTypeNameSchema,
  ZWorkflowStatusSchema,
} from './insights';
import {
  HIGH_FIVE_NOTE_MAX,
  INSIGHTS_PAGE_SIZE_MAX,
  InsightMetric,
  RECOGNITIONS_PAGE_SIZE_MAX,
  RULE_NAME_MAX,
} from './insights-api-constants';

export * from './insights-api-constants';
export const ZInsightMetricSchema = z.enum(InsightMetric);

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
