import type pg from 'pg';
import { withTransaction } from './transaction';

/**
 * Records retention (HIPAA 164.316(b)(2)(i): documentation kept 6 years; decision 0518). The audit log and the
 * task history (Task with its TaskUpdate, TaskNote, CareOutcome and ResponseTimeStep rows) are kept at least
 * RECORDS_RETENTION_YEARS (6 by default, never fewer); a daily job deletes what is older.
 */
export const MIN_RECORDS_RETENTION_YEARS = 6;
export const DEFAULT_RECORDS_RETENTION_YEARS = 6;
export const MAX_RECORDS_RETENTION_YEARS = 100;

export const RECORDS_RETENTION_REFUSED = `must be at least ${MIN_RECORDS_RETENTION_YEARS} years: the audit log and task history are kept 6 years (HIPAA 164.316(b)(2)(i))`;

/** The oldest moment kept: `years` calendar years before `now` (29 February falls back to 28 February). */
export function retentionCutoff(now: Date, years: number): Date {
  if (!Number.isInteger(years) || years < MIN_RECORDS_RETENTION_YEARS) {
    throw new RangeError(`Records retention of ${years} years refused: it ${RECORDS_RETENTION_REFUSED}`);
  }
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(now.getUTCFullYear() - years);
  // 29 February of a leap year minus whole years lands on 1 March: keep the earlier day, the safe side.
  if (cutoff.getUTCMonth() !== now.getUTCMonth()) cutoff.setUTCDate(0);
  return cutoff;
}

export interface PurgeResult {
  cutoff: Date;
  auditLogEntries: number;
  tasks: number;
}

const CLOSED = `('CLOSED_RESOLVED', 'CLOSED_CANCELED', 'CLOSED_UNRESOLVED')`;

/**
 * Deletes audit rows older than the cutoff and closed tasks (their history goes with them: the foreign keys
 * cascade) created and last changed before it, in batches, each its own short transaction. An open task is never
 * deleted, whatever its age. The audit log refuses any delete (decision 0140) except in a transaction that names
 * its cutoff in `sage.audit_purge_before`, and only for rows older than it when it is at least 6 years back: the
 * database enforces the minimum too.
 */
export async function purgePastRetention(
  pool: pg.Pool,
  options: { years: number; now?: Date; batchSize?: number },
): Promise<PurgeResult> {
  const cutoff = retentionCutoff(options.now ?? new Date(), options.years);
  const batchSize = options.batchSize ?? 5_000;
  let auditLogEntries = 0;
  for (;;) {
    const n = await withTransaction(pool, async (client) => {
      await client.query(`SELECT set_config('sage.audit_purge_before', $1, true)`, [cutoff.toISOString()]);
      const res = await client.query(
        `DELETE FROM "AuditLogEntry" WHERE id IN (
           SELECT id FROM "AuditLogEntry" WHERE "occurredAt" < $1 LIMIT $2)`,
        [cutoff, batchSize],
      );
      return res.rowCount ?? 0;
    });
    auditLogEntries += n;
    if (n < batchSize) break;
  }
  let tasks = 0;
  for (;;) {
    const res = await pool.query(
      `DELETE FROM "Task" WHERE id IN (
         SELECT id FROM "Task"
          WHERE "creationTimestamp" < $1 AND "lastUpdateTimestamp" < $1 AND status IN ${CLOSED}
          LIMIT $2)`,
      [cutoff, batchSize],
    );
    const n = res.rowCount ?? 0;
    tasks += n;
    if (n < batchSize) break;
  }
  return { cutoff, auditLogEntries, tasks };
}
