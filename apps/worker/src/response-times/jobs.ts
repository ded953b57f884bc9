import { pgRollupSql, rollUpResponseTimes } from '@sage/db';
import type { CronItem, TaskList } from 'graphile-worker';
import type pg from 'pg';
import { withClient } from '../runtime/pools';

/** The response-time rollup (docs/decisions/0303): the steps of the alerts changed since its last run. */
export const RESPONSE_TIMES_ROLLUP = 'response-times-rollup';

/** On the job code's pool (decision 0492). */
export const responseTimeTasks = (pool: pg.Pool): TaskList => ({
  [RESPONSE_TIMES_ROLLUP]: async (_payload, helpers) => {
    await withClient(pool, async (client) => {
      await client.query('BEGIN');
      try {
        const written = await rollUpResponseTimes(pgRollupSql(client));
        await client.query('COMMIT');
        if (written) helpers.logger.debug(`response times: ${written} steps written`);
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    });
  },
});

/** Every minute, once across all workers, none backfilled: the next run covers a missed one. */
export const responseTimeCronItems: CronItem[] = [
  { task: RESPONSE_TIMES_ROLLUP, match: '* * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
];
