import { z } from 'zod';
import { ZAlertOutcomeTypeSchema, ZCareOutcomeSchema } from './care-outcomes';
import { ZCareTypeSchema } from './care-types';
import { PAGE_NUMBER_MAX, ZIdSchema, zDateTime, zEpochMs, zText } from './common';
import { NOTE_MAX_LENGTH } from './constants';
import { ZDeviceTroubleCauseSchema, ZTaskKindSchema } from './device-supervision';
import { ZDeviceTypeSchema } from './devices';
import { ZObservationTypeSchema } from './observations';
import { ZResolutionTypeSchema } from './resolution';
import { ZSeveritySchema } from './severity';
import { ZTaskStatusSchema, ZTaskUpdateTypeSchema } from './tasks';

/**
 * Admin tasks API (alerts doc section 7), base /admin/api/v1. Bodies and replies where the spec is silent
 * are ours: docs/decisions/0040-task-api-shapes.md. Times in replies are milliseconds since the epoch.
 */
export const TASKS_PATH = '/admin/api/v1/tasks';

/** Codes of the task API's 4xx replies beyond the common ones; the web app switches on them. */
export const TaskErrorCode = {
  /** 409: someone else holds the task (the loser of two simultaneous claims). */
  TASK_ALREADY_CLAIMED: 'TASK_ALREADY_CLAIMED',
  /** 409: the task is already CLOSED_RESOLVED. */
  TASK_ALREADY_RESOLVED: 'TASK_ALREADY_RESOLVED',
  /** 409: the task is canceled or closed unresolved. */
  TASK_CLOSED: 'TASK_CLOSED',
  /** 409: the task is already in the asked-for state. */
  TASK_STATUS_CHANGED: 'TASK_STATUS_CHANGED',
  /** 409: unassign of a task nobody holds. */
  TASK_NOT_ASSIGNED: 'TASK_NOT_ASSIGNED',
  /** 409: not one of the transitions of section 4. */
  INVALID_STATUS_TRANSITION: 'INVALID_STATUS_TRANSITION',
  /** 400: a real alert resolved before care was confirmed, without bypassCareConfirmationChecks. */
  CARE_CONFIRMATION_REQUIRED: 'CARE_CONFIRMATION_REQUIRED',
  /** 400: a follow-up close of a task that is not an escalated observation (decision 0620). */
  NOT_AN_ESCALATION: 'NOT_AN_ESCALATION',
  /** 404: no video source is configured. */
  VIDEO_NOT_CONFIGURED: 'VIDEO_NOT_CONFIGURED',
} as const;
export type TaskErrorCode = (typeof TaskErrorCode)[keyof typeof TaskErrorCode];

/** A time in a request: milliseconds since the epoch, or an ISO date-time with offset. */
export const ZTimeInputSchema = z.union([zEpochMs(), zDateTime()]).transform((value) => new Date(value));

export const ZPageNumberSchema = z.coerce.number().int().min(0).max(PAGE_NUMBER_MAX).default(0);
export const ZPageSizeSchema = z.coerce.number().int().min(1).max(200).default(50);

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

export const ZStaffRefSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
export type TStaffRef = z.infer<typeof ZStaffRefSchema>;

export const ZTaskUpdateReplySchema = z.object({
  id: z.string(),
  type: ZTaskUpdateTypeSchema,
  description: z.string(),
  careProvided: ZResolutionTypeSchema.nullable(),
  creator: ZStaffRefSchema.nullable(),
  createdAt: z.number().int(),
});
export type TTaskUpdateReply = z.infer<typeof ZTaskUpdateReplySchema>;

export const ZTaskNoteReplySchema = z.object({
  id: z.string(),
  taskId: z.string(),
  content: z.string(),
  subject: z.string().nullable(),
  creator: ZStaffRefSchema,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type TTaskNoteReply = z.infer<typeof ZTaskNoteReplySchema>;

/** "Task (alert): id, title, status, severity, updates, unit, resident, creator (with device.type), assignee
 * (id, firstName, lastName), creationTimestamp, lastUpdateTimestamp, notes (id, content, subject, creator),
 * resolution fields." No health information: PHI stays on the resident endpoints. */
export const ZTaskReplySchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: ZTaskStatusSchema,
  severity: ZSeveritySchema,
  isTest: z.boolean(),
  /** ALERT, or DEVICE_TROUBLE: a device supervision fault raised and closed by the system (decision 0105). */
  kind: ZTaskKindSchema,
  /** DEVICE_TROUBLE only: why. */
  troubleCause: ZDeviceTroubleCauseSchema.nullable(),
  updates: z.array(ZTaskUpdateReplySchema),
  unit: z.object({ id: z.string(), displayName: z.string(), careType: ZCareTypeSchema }).nullable(),
  resident: z
    .object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      preferredName: z.string().nullable(),
      unitId: z.string().nullable(),
    })
    .nullable(),
  /** The staff member who created a manual task, or the device that raised the alert (with its hardware id). */
  creator: z.object({
    staffMember: ZStaffRefSchema.nullable(),
    device: z.object({ id: z.string(), type: ZDeviceTypeSchema, hardwareId: z.string() }).nullable(),
  }),
  assignee: ZStaffRefSchema.nullable(),
  assigneeGroup: z.object({ id: z.string(), name: z.string() }).nullable(),
  creationTimestamp: z.number().int(),
  lastUpdateTimestamp: z.number().int(),
  confirmingSince: z.number().int().nullable(),
  notes: z.array(ZTaskNoteReplySchema),
  // Resolution fields
  resolvedAt: z.number().int().nullable(),
  resolvedBy: ZStaffRefSchema.nullable(),
  alertOutcomeType: ZAlertOutcomeTypeSchema.nullable(),
  resolutionNote: z.string().nullable(),
  careOutcomes: z.array(ZCareOutcomeSchema),
  observations: z.array(z.string()),
  respondingStaffRids: z.array(z.string()),
  /** The staff-assist counter of the resolution; null where it does not apply (docs/decisions/0057). */
  staffAssistCount: z.number().int().nullable(),
});
export type TTaskReply = z.infer<typeof ZTaskReplySchema>;

export const ZTaskPageReplySchema = z.object({
  tasks: z.array(ZTaskReplySchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type TTaskPageReply = z.infer<typeof ZTaskPageReplySchema>;

/** GET /tasks/{taskId}/care-confirmation-tracker: "returns the task and timeSinceLastUpdate in ms". */
export const ZCareConfirmationTrackerReplySchema = z.object({
  task: ZTaskReplySchema,
  timeSinceLastUpdate: z.number().int(),
});
export type TCareConfirmationTrackerReply = z.infer<typeof ZCareConfirmationTrackerReplySchema>;

export const ZBulkResolveReplySchema = z.object({
  resolvedTaskIds: z.array(z.string()),
  skipped: z.array(z.object({ taskId: z.string(), code: z.string() })),
});
export type TBulkResolveReply = z.infer<typeof ZBulkResolveReplySchema>;

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

export const ZTaskParamsSchema = z.object({ taskId: ZIdSchema });
export const ZTaskNoteParamsSchema = z.object({ noteId: ZIdSchema });
export const ZTaskUpdateParamsSchema = z.object({ updateId: ZIdSchema });
export const ZFacilityRidParamsSchema = z.object({ facilityRid: ZIdSchema });

const ZTitleSchema = zText({ min: 1, max: 200, trim: true, multiline: false });
const ZNoteTextSchema = zText({ min: 1, max: NOTE_MAX_LENGTH, trim: true });

/** POST /tasks: a manual task; with an assignee it starts claimed by them. */
export const ZCreateTaskRequestSchema = z.strictObject({
  facilityId: ZIdSchema,
  title: ZTitleSchema,
  description: zText({ max: NOTE_MAX_LENGTH }).optional(),
  severity: ZSeveritySchema.default('MEDIUM_PRIORITY'),
  unitId: ZIdSchema.optional(),
  residentId: ZIdSchema.optional(),
  assigneeId: ZIdSchema.optional(),
  assigneeGroupId: ZIdSchema.optional(),
});
export type TCreateTaskRequest = z.infer<typeof ZCreateTaskRequestSchema>;
export type TCreateTaskRequestInput = z.input<typeof ZCreateTaskRequestSchema>;

/**
 * Statuses a staff member may ask for with PUT /tasks/{taskId}: claim, unclaim, start or cancel care
 * confirmation. OPEN_CONFIRMED comes only from a device press, CLOSED_RESOLVED from PUT .../resolve,
 * CLOSED_CANCELED from DELETE.
 */
export const REQUESTABLE_TASK_STATUSES = ['OPEN_UNCLAIMED', 'OPEN_CLAIMED', 'OPEN_CONFIRMING'] as const;
export const ZRequestableTaskStatusSchema = z.enum(REQUESTABLE_TASK_STATUSES, {
  error:
    'status must be OPEN_UNCLAIMED, OPEN_CLAIMED or OPEN_CONFIRMING: OPEN_CONFIRMED comes from a device press, ' +
    'CLOSED_RESOLVED from PUT /tasks/{taskId}/resolve, CLOSED_CANCELED from DELETE /tasks/{taskId}',
});

/**
 * PUT /tasks/{taskId}: either a status update (body `{ status }` alone) or an edit of the task's fields.
 * An assignee change is a (re)assignment; null unassigns.
 */
export const ZUpdateTaskRequestSchema = z
  .strictObject({
    status: ZRequestableTaskStatusSchema.optional(),
    title: ZTitleSchema.optional(),
    description: zText({ max: NOTE_MAX_LENGTH }).nullable().optional(),
    severity: ZSeveritySchema.optional(),
    unitId: ZIdSchema.nullable().optional(),
    residentId: ZIdSchema.nullable().optional(),
    assigneeId: ZIdSchema.nullable().optional(),
    assigneeGroupId: ZIdSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const fields = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
    if (fields.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Send status, or at least one field to change', path: [] });
    } else if (body.status !== undefined && fields.length > 1) {
      ctx.addIssue({
        code: 'custom',
        message: 'A status update is sent alone: body { status }',
        path: ['status'],
      });
    }
  });
export type TUpdateTaskRequest = z.infer<typeof ZUpdateTaskRequestSchema>;

/** PUT /tasks/notes/{noteId} */
export const ZUpdateTaskNoteRequestSchema = z.strictObject({
  content: ZNoteTextSchema,
  subject: zText({ max: 200, multiline: false }).nullable().optional(),
});
export type TUpdateTaskNoteRequest = z.infer<typeof ZUpdateTaskNoteRequestSchema>;

/** POST /tasks/updates: a manual entry on a task's timeline. */
export const ZCreateTaskUpdateRequestSchema = z.strictObject({
  taskId: ZIdSchema,
  type: z.literal('MANUAL_ENTRY').default('MANUAL_ENTRY'),
  description: ZNoteTextSchema,
});
export type TCreateTaskUpdateRequest = z.infer<typeof ZCreateTaskUpdateRequestSchema>;

/** POST /tasks/resolve/{facilityRid}: resolves the listed open tasks (all open tasks when taskIds is absent). */
export const ZBulkResolveTasksRequestSchema = z.strictObject({
  taskIds: z.array(ZIdSchema).min(1).max(500).optional(),
  alertOutcomeType: ZAlertOutcomeTypeSchema,
  careOutcomes: z.array(ZCareOutcomeSchema).min(1),
  resolutionNote: zText({ max: NOTE_MAX_LENGTH }).optional(),
  observations: z.array(ZObservationTypeSchema).default([]),
});
export type TBulkResolveTasksRequest = z.infer<typeof ZBulkResolveTasksRequestSchema>;

/** POST /tasks/search: filters are and-ed; each list matches any of its values. */
export const ZSearchTasksRequestSchema = z.strictObject({
  facilityId: ZIdSchema.optional(),
  statuses: z.array(ZTaskStatusSchema).optional(),
  severities: z.array(ZSeveritySchema).optional(),
  unitIds: z.array(ZIdSchema).optional(),
  residentIds: z.array(ZIdSchema).optional(),
  assigneeIds: z.array(ZIdSchema).optional(),
  createdAfter: ZTimeInputSchema.optional(),
  createdBefore: ZTimeInputSchema.optional(),
  /** Kinds of task; ALERT only when absent, so device trouble stays out of residents' lists (decision 0105). */
  kinds: z.array(ZTaskKindSchema).min(1).optional(),
  pageNumber: ZPageNumberSchema,
  pageSize: ZPageSizeSchema,
});
export type TSearchTasksRequest = z.infer<typeof ZSearchTasksRequestSchema>;
export type TSearchTasksRequestInput = z.input<typeof ZSearchTasksRequestSchema>;

/** POST /tasks/mine: tasks assigned to me (or, unclaimed, to one of my groups); open ones first. */
export const ZMyTasksRequestSchema = z.strictObject({
  facilityId: ZIdSchema.optional(),
  includeClosed: z.boolean().default(true),
  pageNumber: ZPageNumberSchema,
  pageSize: ZPageSizeSchema,
});
export type TMyTasksRequest = z.infer<typeof ZMyTasksRequestSchema>;

/** POST /tasks/resident-activity: a resident's tasks, newest first. */
export const ZResidentTaskActivityRequestSchema = z.strictObject({
  residentId: ZIdSchema,
  statuses: z.array(ZTaskStatusSchema).optional(),
  pageNumber: ZPageNumberSchema,
  pageSize: ZPageSizeSchema,
});
export type TResidentTaskActivityRequest = z.infer<typeof ZResidentTaskActivityRequestSchema>;

/** GET /tasks/{taskId}/videoReplay?type */
export const ZVideoReplayQuerySchema = z.object({ type: zText({ max: 100, multiline: false }).optional() });
