import { z } from 'zod';
import { isStorableJson, zText } from './common';

/** Insight categories (alerts doc section 3). */
export const InsightCategory = {
  NEEDS_IMPROVEMENT: 'NEEDS_IMPROVEMENT',
  TOP_PERFORMER: 'TOP_PERFORMER',
} as const;
export const ZInsightCategorySchema = z.enum(InsightCategory);
export type InsightCategory = z.infer<typeof ZInsightCategorySchema>;

export const INSIGHT_CATEGORY_LABELS = {
  NEEDS_IMPROVEMENT: 'Needs Improvement',
  TOP_PERFORMER: 'Top Performance',
} as const satisfies Record<InsightCategory, string>;

export const WorkflowStatus = { OPEN: 'OPEN', CLOSED: 'CLOSED' } as const;
export const ZWorkflowStatusSchema = z.enum(WorkflowStatus);
export type WorkflowStatus = z.infer<typeof ZWorkflowStatusSchema>;

export const InsightScope = { GLOBAL: 'GLOBAL', USER: 'USER' } as const;
export const ZInsightScopeSchema = z.enum(InsightScope);
export type InsightScope = z.infer<typeof ZInsightScopeSchema>;

/** Workflow action types. */
export const InsightActionType = {
  DISMISS: 'DISMISS',
  LOG_ACTION_NEEDS_IMPROVEMENT: 'LOG_ACTION_NEEDS_IMPROVEMENT',
  SEND_HIGH_FIVE: 'SEND_HIGH_FIVE',
} as const;
export const ZInsightActionTypeSchema = z.enum(InsightActionType);
export type InsightActionType = z.infer<typeof ZInsightActionTypeSchema>;

/** "also NEEDS_IMPROVEMENT, RECOGNITION, ACKNOWLEDGE seen as type names" */
export const InsightTypeName = {
  NEEDS_IMPROVEMENT: 'NEEDS_IMPROVEMENT',
  RECOGNITION: 'RECOGNITION',
  ACKNOWLEDGE: 'ACKNOWLEDGE',
} as const;
export const ZInsightTypeNameSchema = z.enum(InsightTypeName);
export type InsightTypeName = z.infer<typeof ZInsightTypeNameSchema>;

/** Action body: type, details, note. Insight notes: optional free text, length limit not shown. */
export const ZInsightActionRequestSchema = z.strictObject({
  type: ZInsightActionTypeSchema,
  details: z
    .record(z.string().max(100), z.unknown())
    .refine((value) => Object.keys(value).length <= 20, 'At most 20 details')
    .refine(isStorableJson, 'Must not contain NUL characters or lone surrogates')
    .refine((value) => JSON.stringify(value).length <= 4_000, 'At most 4000 characters of details')
    .optional(),
  /** "Insight notes: optional free text; length limit not shown": the note limit of section 5 (255). */
  note: zText({ max: 255 }).optional(),
});
export type TInsightActionRequest = z.infer<typeof ZInsightActionRequestSchema>;

/** High-five note: optional, multi-line, 4 rows. */
export const HIGH_FIVE_NOTE_ROWS = 4;
/** The high-five drawer shows at most 4 senders. */
export const HIGH_FIVE_MAX_SENDERS = 4;
