import type { CronItem, TaskList } from 'graphile-worker';
import type pg from 'pg';
import { runDailyCheckIns } from './daily-check-ins';

/** The daily check-in job's name in the queue (docs/decisions/0230). */
export const DAILY_CHECK_INS = 'daily-check-ins';

/** On the job code's pool (decision 0492). */
export const dailyCheckInTasks = (pool: pg.Pool): TaskList => ({
  [DAILY_CHECK_INS]: async (_payload, helpers) => {
    const result = await runDailyCheckIns(pool);
    if (result.created || result.skippedOnHold || result.expired) {
      helpers.logger.info(
        `daily check-ins: ${result.created} created, ${result.skippedOnHold} on hold, ${result.expired} expired`,
      );
    }
  },
});

/**
 * Every minute across all workers (the queue's cron runs each item once per match). A start-up backfills the
 * last minute's run, so a (re)started worker runs the job at once; missed minutes need no backfill, since each
 * run looks at every facility's current day.
 */
export const dailyCheckInCronItems: CronItem[] = [
  { task: DAILY_CHECK_INS, match: '* * * * *', options: { backfillPeriod: 60_000, maxAttempts: 1 } },
];
