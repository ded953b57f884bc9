import type pg from 'pg';
import type { Prisma, Severity, TaskStatus } from './generated/prisma/client';

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

/** Inside a Prisma interactive transaction. Returns the new version. */
export async function recordTaskChange(
  tx: Prisma.TransactionClient,
  change: TaskChangeInput,
): Promise<number> {
  const rows = await tx.$queryRawUnsafe<{ version: string }[]>(
    SQL,
    change.facilityId,
    change.taskId,
    change.status,
    change.severity,
  );
  return Number(rows[0]!.version);
}

/** On a raw `pg` client inside a transaction (the ingest hot path). Returns the new version. */
export async function recordTaskChangePg(client: pg.ClientBase, change: TaskChangeInput): Promise<number> {
  const { rows } = await client.query<{ version: string }>(SQL, [
    change.facilityId,
    change.taskId,
    change.status,
    change.severity,
  ]);
  return Number(rows[0]!.version);
}
