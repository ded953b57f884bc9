import { JobName, pruneTaskChanges, purgePastRetention } from '@sage/db';
import type { CronItem, TaskList } from 'graphile-worker';
import type pg from 'pg';

/**
 * What is kept for a time only: the TaskChange rows the live clients replay (48 h, decision 0033) and the records
 * past RECORDS_RETENTION_YEARS (decision 0518). On the job code's pool (decision 0492).
 */
export const retentionTasks = (pool: pg.Pool, retentionYears: number): TaskList => ({
  [JobName.pruneTaskChanges]: async (_payload, helpers) => {
    const deleted = await pruneTaskChanges(pool);
    if (deleted) helpers.logger.info(`pruned ${deleted} task changes past their retention`);
  },
  [JobName.purgePastRetention]: async (_payload, helpers) => {
    const purged = await purgePastRetention(pool, { years: retentionYears });
    helpers.logger.info(
      `records before ${purged.cutoff.toISOString()} purged: ${purged.auditLogEntries} audit rows, ${purged.tasks} closed tasks with their history`,
    );
  },
});

/** Task changes hourly, records daily in a quiet hour (UTC); once per match across all workers, none backfilled. */
export const retentionCronItems: CronItem[] = [
  { task: JobName.pruneTaskChanges, match: '17 * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
  { task: JobName.purgePastRetention, match: '43 3 * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
];
