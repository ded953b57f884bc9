import { z } from 'zod';
import { isStorableJson, zText } from './common';
import {
  InsightActionType,
  InsightCategory,
  InsightScope,
  InsightTypeName,
  WorkflowStatus,
} from './insights-constants';

export * from './insights-constants';
export const ZInsightCategorySchema = z.enum(InsightCategory);
export const ZWorkflowStatusSchema = z.enum(WorkflowStatus);
export const ZInsightScopeSchema = z.enum(InsightScope);
export const ZInsightActionTypeSchema = z.enum(InsightActionType);
export const ZInsightTypeNameSchema = z.enum(InsightTypeName);

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
