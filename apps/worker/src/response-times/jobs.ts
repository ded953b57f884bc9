import { pgRollupSql, rollUpResponseTimes, withTransaction } from '@sage/db';
import type { CronItem, TaskList } from 'graphile-worker';
import type pg from 'pg';

/** The response-time rollup (docs/decisions/0303): the steps of the alerts changed since its last run. */
export const RESPONSE_TIMES_ROLLUP = 'response-times-rollup';

/** On the job code's pool (decision 0492). */
export const responseTimeTasks = (pool: pg.Pool): TaskList => ({
  [RESPONSE_TIMES_ROLLUP]: async (_payload, helpers) => {
    const written = await withTransaction(pool, (client) => rollUpResponseTimes(pgRollupSql(client)));
    if (written) helpers.logger.debug(`response times: ${written} steps written`);
  },
});

/** Every minute, once across all workers, none backfilled: the next run covers a missed one. */
export const responseTimeCronItems: CronItem[] = [
  { task: RESPONSE_TIMES_ROLLUP, match: '* * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
];
