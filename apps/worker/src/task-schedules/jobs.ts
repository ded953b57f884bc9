import type { CronItem, TaskList } from 'graphile-worker';
import { runTaskScheduleSweep } from './sweep';

/** The job that creates the tasks of due schedules (docs/decisions/0240). */
export const TASK_SCHEDULE_SWEEP = 'task-schedule-sweep';

/** Tasks for the job runner's taskList (runtime/jobs.ts spreads them in). */
export const taskScheduleTasks = (pool: Parameters<typeof runTaskScheduleSweep>[0]): TaskList => ({
  [TASK_SCHEDULE_SWEEP]: async (_payload, helpers) => {
    const created = await runTaskScheduleSweep(pool);
    if (created.length) helpers.logger.info(`task schedules: ${created.length} tasks created`);
  },
});

/**
 * Every minute across all workers (the queue's cron runs each item once per match), none backfilled: a
 * missed minute is covered by the next sweep, which fires the latest due occurrence of each schedule.
 */
export const taskScheduleCronItems: CronItem[] = [
  { task: TASK_SCHEDULE_SWEEP, match: '* * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
];
