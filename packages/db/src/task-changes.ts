import type pg from 'pg';
import type { Prisma, Severity, TaskStatus } from './generated/prisma/client';
import { prepared } from './prepared';

/**
 * Every change to a task (created, claimed, status, note, resolved) is recorded here, in the same
 * transaction as the change itself: a TaskChange row (the facility's growing version, replayable to a
 * reconnecting client) and ONE small NOTIFY on this channel, which every API instance LISTENs to and
 * fans out over /live (ARCHITECTURE.md "Live updates"). Keep it to one call per transaction.
 */
export const TASK_CHANGED_CHANNEL = 'task_changed';

export interface TaskChangeInput {
  facilityId: string;
  taskId: string;
  status: TaskStatus;
  severity: Severity;
}

/** The NOTIFY payload (JSON): what /live sends as `task.changed`, less the message type. */
export interface TaskChangedNotification extends TaskChangeInput {
  version: number;
}

/**
 * Whether recording a change also NOTIFYs TASK_CHANGED_CHANNEL: yes with the Postgres live bus (the default);
 * no with the NATS bus (LIVE_BUS_URL=nats://..., decision 0400), whose relay reads the TaskChange rows
 * themselves, so no transaction takes Postgres's notification lock at commit. Set once per process at start.
 */
let notifyTaskChanges = true;
export function setTaskChangeNotify(enabled: boolean): void {
  notifyTaskChanges = enabled;
}

const SQL = `
WITH change AS (
  INSERT INTO "TaskChange" ("facilityId", "taskId", "status", "severity")
  VALUES ($1, $2, $3::"TaskStatus", $4::"Severity")
  RETURNING version
)
SELECT version::text AS version,
       pg_notify('${TASK_CHANGED_CHANNEL}', json_build_object(
         'facilityId', $1::text, 'taskId', $2::text, 'status', $3::text, 'severity', $4::text, 'version', version
       )::text)::text AS notified -- pg_notify returns void, which Prisma cannot read: cast it
  FROM change`;

const SQL_WITHOUT_NOTIFY = `
INSERT INTO "TaskChange" ("facilityId", "taskId", "status", "severity")
VALUES ($1, $2, $3::"TaskStatus", $4::"Severity")
RETURNING version::text AS version`;

/** Inside a Prisma interactive transaction. Returns the new version. */
export async function recordTaskChange(
  tx: Prisma.TransactionClient,
  change: TaskChangeInput,
): Promise<number> {
  const rows = await tx.$queryRawUnsafe<{ version: string }[]>(
    notifyTaskChanges ? SQL : SQL_WITHOUT_NOTIFY,
    change.facilityId,
    change.taskId,
    change.status,
    change.severity,
  );
  return Number(rows[0]!.version);
}

/** On a raw `pg` client inside a transaction (the ingest hot path). Returns the new version. */
export async function recordTaskChangePg(client: pg.ClientBase, change: TaskChangeInput): Promise<number> {
  const { rows } = await client.query<{ version: string }>(
    prepared(notifyTaskChanges ? SQL : SQL_WITHOUT_NOTIFY, [
      change.facilityId,
      change.taskId,
      change.status,
      change.severity,
    ]),
  );
  return Number(rows[0]!.version);
}

/**
 * How long TaskChange rows are kept: twice the live replay window (24 h, decision 0031), so a client
 * whose last version is older than the window still finds rows older than the window and is told to
 * resync; one whose last version was pruned is told to resync too (its version no longer exists).
 */
export const TASK_CHANGE_RETENTION_MS = 48 * 60 * 60 * 1000;

/**
 * Deletes TaskChange rows older than the retention, in batches (short transactions: the table is on the
 * hot path of every alert). Returns how many were deleted.
 */
export async function pruneTaskChanges(
  pool: Pick<pg.Pool, 'query'>,
  now = new Date(),
  batchSize = 10_000,
): Promise<number> {
  const before = new Date(now.getTime() - TASK_CHANGE_RETENTION_MS);
  let deleted = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `DELETE FROM "TaskChange" WHERE version IN (
         SELECT version FROM "TaskChange" WHERE "changedAt" < $1 ORDER BY version LIMIT $2
       )`,
      [before, batchSize],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < batchSize) return deleted;
  }
}
