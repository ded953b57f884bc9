import type pg from 'pg';
import type { Prisma, Severity, TaskStatus } from './generated/prisma/client';
import { prepared, type Queryable } from './prepared';

/**
 * Every change to a task (created, claimed, status, note, resolved) is recorded by this file's statements, in the
 * same transaction as the change itself: a TaskChange row (the growing version, replayable to a reconnecting
 * client) and, with the Postgres live bus, a small NOTIFY on this channel, which every API instance LISTENs to and
 * fans out over /live (ARCHITECTURE.md "Live updates"). The payload and the choice of bus are written here only:
 * recordTaskChange(Pg) for one change, taskChangeStatement for a statement that records several (the ingest's
 * raise). Keep it to few changes per transaction: a NOTIFY takes a cluster-wide lock at commit.
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
 * themselves, so no transaction takes Postgres's notification lock at commit. Set once per process at start, by
 * every process that writes task changes (the API, the ingest, the job process).
 */
let notifyTaskChanges = true;
export function setTaskChangeNotify(enabled: boolean): void {
  notifyTaskChanges = enabled;
}

/** The NOTIFY of one TaskChange row, in its RETURNING: the payload TaskChangedNotification, as the row is inserted. */
const NOTIFY_SQL = `pg_notify('${TASK_CHANGED_CHANNEL}', json_build_object(
         'facilityId', "facilityId", 'taskId', "taskId", 'status', status::text, 'severity', severity::text,
         'version', version)::text)::text`;

/**
 * The one statement text that records task changes, for every writer (this file's, the ingest's raises): the
 * TaskChange rows `rows` yields (SQL giving "facilityId", "taskId", status and severity, in that order), RETURNING
 * `version`, `"taskId"` and `notified`; with the Postgres bus each row NOTIFYs as it is inserted (so in version
 * order; pg_notify returns void, which Prisma cannot read: cast to text), with the NATS bus `notified` is null.
 */
const insertTaskChangesSql = (rows: string, notify: boolean): string =>
  `INSERT INTO "TaskChange" ("facilityId", "taskId", status, severity)
  ${rows}
  RETURNING version, "taskId", ${notify ? NOTIFY_SQL : 'NULL::text'} AS notified`;

/**
 * A statement that records task changes, in the form of this process's live bus. `build` receives the writer of the
 * TaskChange insert (insertTaskChangesSql, to place in a CTE); both forms are built once, and the one returned
 * by each call is the bus's, so a prepared statement's name (from its text) differs between the two.
 */
export function taskChangeStatement(
  build: (insertTaskChanges: (rows: string) => string) => string,
): () => string {
  const notifying = build((rows) => insertTaskChangesSql(rows, true));
  const quiet = build((rows) => insertTaskChangesSql(rows, false));
  return () => (notifyTaskChanges ? notifying : quiet);
}

const RECORD_SQL = taskChangeStatement(
  (insertTaskChanges) => `WITH change AS (
  ${insertTaskChanges('VALUES ($1, $2, $3::"TaskStatus", $4::"Severity")')}
)
SELECT version::text AS version, notified FROM change`,
);

/** Inside a Prisma interactive transaction. Returns the new version. */
export async function recordTaskChange(
  tx: Prisma.TransactionClient,
  change: TaskChangeInput,
): Promise<number> {
  const rows = await tx.$queryRawUnsafe<{ version: string }[]>(
    RECORD_SQL(),
    change.facilityId,
    change.taskId,
    change.status,
    change.severity,
  );
  return Number(rows[0]!.version);
}

/** On a raw `pg` client inside a transaction (the ingest hot path). Returns the new version. */
export async function recordTaskChangePg(client: Queryable, change: TaskChangeInput): Promise<number> {
  const { rows } = await client.query<{ version: string }>(
    prepared(RECORD_SQL(), [change.facilityId, change.taskId, change.status, change.severity]),
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
