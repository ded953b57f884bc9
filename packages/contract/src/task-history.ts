import { z } from 'zod';
import { ZIdSchema, zDateTime } from './common';

/**
 * The task history export (HIPAA 164.316 records; decision 0518): every update of every task of a facility, by the
 * tasks' creation time, as CSV. For the same readers as the audit log (management-group admins, decision 0141).
 */
export const TASK_HISTORY_EXPORT_PATH = '/admin/api/v1/taskHistory/export';

/** Longest export, in rows (narrow the dates for more), as the audit log's. */
export const TASK_HISTORY_MAX_EXPORT_ROWS = 50_000;

export const ZTaskHistoryFilterSchema = z
  .object({
    facilityId: ZIdSchema,
    /** Tasks created at or after this time. */
    from: zDateTime().optional(),
    /** Tasks created at or before this time. */
    to: zDateTime().optional(),
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), {
    path: ['to'],
    message: 'must not be before from',
  });
export type TTaskHistoryFilter = z.infer<typeof ZTaskHistoryFilterSchema>;

/** One row per task update, oldest task first, each task's updates in order. */
export const TASK_HISTORY_CSV_COLUMNS = [
  'taskId',
  'taskCreatedAt',
  'title',
  'kind',
  'severity',
  'status',
  'resolvedAt',
  'unit',
  'residentId',
  'updateAt',
  'updateType',
  'description',
  'careProvided',
  'staffMemberId',
  'staffMemberName',
] as const;
export type TaskHistoryCsvColumn = (typeof TASK_HISTORY_CSV_COLUMNS)[number];
