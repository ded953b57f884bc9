import { z } from 'zod';
import { ZAlertOutcomeTypeSchema, ZCareOutcomeSchema } from './care-outcomes';
import { ZIdSchema, zText } from './common';
import { NOTE_MAX_LENGTH, STAFF_ASSIST_MAX, STAFF_ASSIST_MIN } from './constants';
import { FOLLOW_UP_ACTIONS } from './follow-up-constants';
import { ZObservationTypeSchema } from './observations';
import { ZTaskStatusSchema } from './tasks';

/** "Staff-assist counter: min 1, max 5": a whole number of staff who assisted. */
export const ZStaffAssistCountSchema = z
  .number()
  .int()
  .min(STAFF_ASSIST_MIN, `The staff-assist count is ${STAFF_ASSIST_MIN} to ${STAFF_ASSIST_MAX}`)
  .max(STAFF_ASSIST_MAX, `The staff-assist count is ${STAFF_ASSIST_MIN} to ${STAFF_ASSIST_MAX}`);

/** PUT /tasks/{taskId} status update: body status. */
export const ZUpdateTaskStatusRequestSchema = z.object({ status: ZTaskStatusSchema });
export type TUpdateTaskStatusRequest = z.infer<typeof ZUpdateTaskStatusRequestSchema>;

/**
 * PUT /tasks/{taskId}/resolve: alertOutcomeType, resolutionNote, residentId, careOutcomes, observations,
 * bypassCareConfirmationChecks, respondingStaffRids.
 */
export const ZResolveTaskRequestSchema = z.object({
  alertOutcomeType: ZAlertOutcomeTypeSchema,
  resolutionNote: zText({ max: NOTE_MAX_LENGTH }).optional(),
  residentId: ZIdSchema.nullable().optional(),
  careOutcomes: z.array(ZCareOutcomeSchema).min(1),
  observations: z.array(ZObservationTypeSchema).default([]),
  bypassCareConfirmationChecks: z.boolean().default(false),
  respondingStaffRids: z.array(ZIdSchema).default([]),
  /**
   * "Staff-assist counter: min 1, max 5, default 1" (docs/decisions/0057): only where the counter shows (a
   * non-door-alarm emergency); the server stores 1 when it applies and none is sent, and refuses it elsewhere.
   */
  staffAssistCount: ZStaffAssistCountSchema.optional(),
});
export type TResolveTaskRequest = z.infer<typeof ZResolveTaskRequestSchema>;

/**
 * PUT /tasks/{taskId}/follow-up (docs/decisions/0620): a nurse closes an escalated observation with what she did
 * (one or more actions, each once) and an optional note. Not in the spec, which names no follow-up call.
 */
export const ZFollowUpActionSchema = z.enum(FOLLOW_UP_ACTIONS);
export const ZFollowUpRequestSchema = z.strictObject({
  actions: z
    .array(ZFollowUpActionSchema)
    .min(1, 'Choose at least one thing you did')
    .refine((actions) => new Set(actions).size === actions.length, 'Each action at most once'),
  note: zText({ max: NOTE_MAX_LENGTH }).optional(),
});
export type TFollowUpRequest = z.infer<typeof ZFollowUpRequestSchema>;

/** POST /tasks/{taskId}/notes: subject and content. */
export const ZCreateTaskNoteRequestSchema = z.object({
  subject: zText({ max: 200, multiline: false }).optional(),
  /** Whitespace-only counts as empty ('This field is required'), as in noteFieldState. */
  content: zText({ min: 1, max: NOTE_MAX_LENGTH, trim: true }),
});
export type TCreateTaskNoteRequest = z.infer<typeof ZCreateTaskNoteRequestSchema>;
