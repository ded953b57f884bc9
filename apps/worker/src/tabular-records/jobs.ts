import { type RunQueryExecutionPayload, TabularJobName } from '@sage/db';
import type { CronItem, TaskList } from 'graphile-worker';
import type pg from 'pg';
import { expireQueryExecutions, runQueryExecution } from './run-query-execution';

/**
 * The tabular record service's jobs (decisions 0280-0281), for the runner's taskList. `reportsUrl`: the reports'
 * own login (decision 0500); the pool writes the executions and the reports' scope, never runs a report.
 */
export const tabularRecordTasks = (pool: pg.Pool, reportsUrl: string): TaskList => ({
  [TabularJobName.runQueryExecution]: (payload, helpers) =>
    runQueryExecution(pool, reportsUrl, payload as RunQueryExecutionPayload, helpers.logger),
  [TabularJobName.expireQueryExecutions]: async (_payload, helpers) => {
    const { expired, failed } = await expireQueryExecutions(pool);
    if (expired || failed)
      helpers.logger.info(`query executions: ${expired} expired, ${failed} failed as stale`);
  },
});

/** Every 10 minutes across all workers, none backfilled. */
export const tabularRecordCronItems: CronItem[] = [
  {
    task: TabularJobName.expireQueryExecutions,
    match: '*/10 * * * *',
    options: { backfillPeriod: 0, maxAttempts: 1 },
  },
];
