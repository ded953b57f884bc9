import { z } from 'zod';
import { PAGE_NUMBER_MAX, ZIdSchema, zDateTime, zText } from './common';
import { NOTE_MAX_LENGTH } from './constants';
import { ZSeveritySchema } from './severity';

/**
 * Task schedules (sign-in doc section 7: "POST /schedules/tasks; GET, PUT, DELETE /schedules/tasks/{scheduleId};
 * POST /schedules/tasks/search; POST /schedules/tasks/{scheduleId}/unassign; POST
 * /schedules/tasks/{scheduleId}/unset-duration"), base /admin/api/v1. Fields are ours (decision 0240).
 */
export const TASK_SCHEDULES_PATH = '/admin/api/v1/schedules/tasks';

/** Shortest repeat: every 15 minutes; longest: every 28 days. */
export const TASK_SCHEDULE_INTERVAL_MIN = 15;
export const TASK_SCHEDULE_INTERVAL_MAX = 28 * 1440;
/** How long one occurrence may last: 1 minute to 7 days. */
export const TASK_SCHEDULE_DURATION_MAX = 7 * 1440;
export const TASK_TITLE_MAX_LENGTH = 200;

/** Repeat choices the editor offers (minutes); the API takes any whole number in range. */
export const TASK_SCHEDULE_REPEAT_OPTIONS = [
  { value: 0, label: 'Does not repeat' },
  { value: 60, label: 'Every hour' },
  { value: 240, label: 'Every 4 hours' },
  { value: 480, label: 'Every 8 hours' },
  { value: 720, label: 'Every 12 hours' },
  { value: 1440, label: 'Every day' },
  { value: 10080, label: 'Every week' },
] as const;

const ZTitleSchema = zText({ min: 1, max: TASK_TITLE_MAX_LENGTH, trim: true, multiline: false });
const ZIntervalSchema = z
  .number()
  .int()
  .min(TASK_SCHEDULE_INTERVAL_MIN, `Repeats at most every ${TASK_SCHEDULE_INTERVAL_MIN} minutes`)
  .max(TASK_SCHEDULE_INTERVAL_MAX, `Repeats at least every ${TASK_SCHEDULE_INTERVAL_MAX} minutes`);
const ZDurationSchema = z
  .number()
  .int()
  .min(1, 'The duration is at least 1 minute')
  .max(TASK_SCHEDULE_DURATION_MAX, `The duration is at most ${TASK_SCHEDULE_DURATION_MAX} minutes`);

const scheduleFields = {
  title: ZTitleSchema,
  description: zText({ max: NOTE_MAX_LENGTH }).nullable().optional(),
  severity: ZSeveritySchema.default('MEDIUM_PRIORITY'),
  assigneeId: ZIdSchema.nullable().optional(),
  assigneeGroupId: ZIdSchema.nullable().optional(),
  residentId: ZIdSchema.nullable().optional(),
  unitId: ZIdSchema.nullable().optional(),
  /** The first occurrence; later ones follow the facility's wall clock. */
  startAt: zDateTime(),
  durationInMin: ZDurationSchema.nullable().optional(),
  /** Null or absent: a one-off schedule. */
  recurringIntervalInMin: ZIntervalSchema.nullable().optional(),
  isActive: z.boolean().default(true),
};

/** POST /schedules/tasks. */
export const ZCreateTaskScheduleRequestSchema = z.strictObject({ facilityId: ZIdSchema, ...scheduleFields });
export type TCreateTaskScheduleRequest = z.infer<typeof ZCreateTaskScheduleRequestSchema>;
export type TCreateTaskScheduleRequestInput = z.input<typeof ZCreateTaskScheduleRequestSchema>;

/** PUT /schedules/tasks/{scheduleId}: the whole schedule; `updatedAt` (as read) refuses a stale write (409). */
export const ZUpdateTaskScheduleRequestSchema = z.strictObject({
  ...scheduleFields,
  updatedAt: zDateTime().optional(),
});
export type TUpdateTaskScheduleRequest = z.infer<typeof ZUpdateTaskScheduleRequestSchema>;

export const ZTaskScheduleParamsSchema = z.object({ scheduleId: ZIdSchema });

/** POST /schedules/tasks/search. */
export const ZSearchTaskSchedulesRequestSchema = z.strictObject({
  facilityId: ZIdSchema.optional(),
  isActive: z.boolean().optional(),
  assigneeId: ZIdSchema.optional(),
  assigneeGroupId: ZIdSchema.optional(),
  pageNumber: z.number().int().min(0).max(PAGE_NUMBER_MAX).default(0),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export type TSearchTaskSchedulesRequest = z.infer<typeof ZSearchTaskSchedulesRequestSchema>;

export const ZTaskScheduleSchema = z.object({
  id: ZIdSchema,
  facilityId: ZIdSchema,
  title: z.string(),
  description: z.string().nullable(),
  severity: ZSeveritySchema,
  assigneeId: z.string().nullable(),
  assigneeGroupId: z.string().nullable(),
  residentId: z.string().nullable(),
  unitId: z.string().nullable(),
  startAt: z.iso.datetime(),
  durationInMin: z.number().int().nullable(),
  recurringIntervalInMin: z.number().int().nullable(),
  /** When the next task is created; null once a one-off has run. */
  nextRunAt: z.iso.datetime().nullable(),
  isActive: z.boolean(),
  /** The facility's time zone, in which the schedule repeats. */
  timezone: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TTaskSchedule = z.infer<typeof ZTaskScheduleSchema>;

export const ZTaskSchedulePageReplySchema = z.object({
  schedules: z.array(ZTaskScheduleSchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type TTaskSchedulePageReply = z.infer<typeof ZTaskSchedulePageReplySchema>;
