import { TaskUpdateType } from '@sage/contract';
import {
  CARE_CONFIRMATION_TIMEOUT_MS,
  recordTaskChangePg,
  type Severity,
  type TaskStatus,
  withTransaction,
} from '@sage/db';
import type pg from 'pg';

export type CareConfirmationTimeoutResult =
  /** Still confirming since then and the 30 s have passed: back to OPEN_CLAIMED. */
  | { kind: 'FAILED' }
  /** Still confirming since then, but the limit is not reached yet (the job ran early): run again at `runAt`. */
  | { kind: 'NOT_YET'; runAt: Date }
  /** Confirmed, canceled, resolved, or confirming again since a later time: nothing to do. */
  | { kind: 'MOVED_ON' };

/**
 * The server-side care-confirmation limit (alerts doc sections 4 and 9; ARCHITECTURE.md, 'Device ingest contract'): a task still in
 * OPEN_CONFIRMING since `confirmingSince` once 30 s have passed goes back to OPEN_CLAIMED, with a
 * CARE_CONFIRMATION_FAILED update, whether or not a browser is open. The status test and the update are one
 * statement, so a press confirming care at the same moment either wins or loses as a whole.
 */
export async function failCareConfirmation(
  pool: pg.Pool,
  payload: { taskId: string; confirmingSince: string },
): Promise<CareConfirmationTimeoutResult> {
  const since = new Date(payload.confirmingSince);
  const failed = await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{
      id: string;
      facilityId: string;
      status: TaskStatus;
      severity: Severity;
    }>(
      `UPDATE "Task"
          SET status = 'OPEN_CLAIMED', "confirmingSince" = NULL, "lastUpdateTimestamp" = now()
        WHERE id = $1 AND status = 'OPEN_CONFIRMING' AND "confirmingSince" = $2
          AND "confirmingSince" <= now() - make_interval(secs => $3::double precision / 1000)
        RETURNING id, "facilityId", status::text AS status, severity::text AS severity`,
      [payload.taskId, since, CARE_CONFIRMATION_TIMEOUT_MS],
    );
    const task = rows[0];
    // Nothing updated: nothing written, the transaction ends with nothing in it.
    if (!task) return false;
    await client.query(
      `INSERT INTO "TaskUpdate" ("taskId", "facilityId", type, description) VALUES ($1, $2, $3::"TaskUpdateType", $4)`,
      [
        task.id,
        task.facilityId,
        TaskUpdateType.CARE_CONFIRMATION_FAILED,
        'No press detected within 30 seconds',
      ],
    );
    await recordTaskChangePg(client, {
      facilityId: task.facilityId,
      taskId: task.id,
      status: task.status,
      severity: task.severity,
    });
    return true;
  });
  if (failed) return { kind: 'FAILED' };
  const { rows: still } = await pool.query<{ confirming: boolean }>(
    `SELECT true AS confirming FROM "Task" WHERE id = $1 AND status = 'OPEN_CONFIRMING' AND "confirmingSince" = $2`,
    [payload.taskId, since],
  );
  return still.length
    ? { kind: 'NOT_YET', runAt: new Date(since.getTime() + CARE_CONFIRMATION_TIMEOUT_MS) }
    : { kind: 'MOVED_ON' };
}
