import type { CronItem, TaskList } from 'graphile-worker';
import type pg from 'pg';
import { withClient } from '../runtime/pools';
import { runSupervisionCheck } from './check';

/** The job of the periodic supervision check (docs/decisions/0105). */
export const SUPERVISION_CHECK = 'device-supervision-check';

/** Tasks for the job runner's taskList (runtime/jobs.ts spreads them in), on the job code's pool (decision 0492). */
export const supervisionTasks = (pool: pg.Pool): TaskList => ({
  [SUPERVISION_CHECK]: async (_payload, helpers) => {
    const { raised, closed } = await withClient(pool, (client) => runSupervisionCheck(client));
    if (raised.length || closed.length) {
      helpers.logger.info(
        `device supervision: ${raised.length} trouble tasks raised, ${closed.length} closed`,
      );
    }
  },
});

/**
 * Every minute across all workers (the queue's cron runs each item once per match), none backfilled: a
 * missed minute is covered by the next run, which looks at the whole state again.
 */
export const supervisionCronItems: CronItem[] = [
  { task: SUPERVISION_CHECK, match: '* * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
];
