import { SEVERITY_VALUES, type Severity, TaskUpdateType } from '@sage/contract';
import {
  ADD_JOBS_SQL,
  addJobsParams,
  careConfirmationJobKey,
  JobName,
  prepared,
  type Queryable,
  recordTaskChangePg,
  type TaskStatus,
  taskChangeStatement,
} from '@sage/db';
import type { TaskUpdatePlan } from '@sage/domain';
import type { StoredEvent, TaskRow } from './model';

/*
 * The pipeline's statements on tasks: the new alerts, an update of the device's open task, care confirmed, the
 * escalation starts. Each records its task changes (packages/db/src/task-changes.ts, the live bus's form).
 */

/** A new alert: the task of a device's event, with the updates it opens with. */
export interface NewAlert {
  facilityId: string;
  enterpriseId: string;
  title: string;
  severity: Severity;
  unitId: string | null;
  residentId: string | null;
  deviceId: string;
  at: Date;
  updates: TaskUpdatePlan[];
}

/**
 * New alerts in ONE statement (decisions 0411, 0455): each task (in the facility of its own event), its CREATED
 * (and M3) updates, and its task change, in the order given. Each row's updates are rows of $10-$12, $10 naming
 * the row (1-based). A device whose task is open (a raced open, rare: the batch sends those alone) gets that task
 * back, not created. The escalation starts are queued at the batch's end (queueStarts).
 */
const RAISE_SQL = taskChangeStatement(
  (insertTaskChanges) => `WITH r AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[],
                         $8::text[], $9::timestamptz[])
      WITH ORDINALITY AS r("facilityId", "enterpriseId", title, severity, "severityRank", "unitId", "residentId",
                           "deviceId", at, n)
  ), t AS (
    INSERT INTO "Task" ("facilityId", "enterpriseId", title, severity, "severityRank", "unitId", "residentId",
                        "deviceId", "creationTimestamp", "lastUpdateTimestamp", "openDeviceKey")
    SELECT "facilityId", "enterpriseId", title, severity::"Severity", "severityRank", "unitId", "residentId",
           "deviceId", at, at, "deviceId"
      FROM r ORDER BY n
    ON CONFLICT ("openDeviceKey") DO UPDATE SET "lastUpdateTimestamp" = now()
    RETURNING id, "openDeviceKey", status, severity, (xmax = 0) AS created
  ), raised AS (
    SELECT r.n, r."facilityId", r."deviceId", t.id, t.status, t.severity, t.created
      FROM r JOIN t ON t."openDeviceKey" = r."deviceId"
  ), updates AS (
    INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
    SELECT raised.id, raised."facilityId", raised."deviceId", u.type::"TaskUpdateType", u.description
      FROM unnest($10::int[], $11::text[], $12::text[]) WITH ORDINALITY AS u(raise, type, description, k)
      JOIN raised ON raised.n = u.raise
     WHERE raised.created ORDER BY u.k
  ), change AS (
    ${insertTaskChanges('SELECT "facilityId", id, status, severity FROM raised WHERE created ORDER BY n')}
  )
  SELECT raised.n::int AS n, raised.id, raised.status::text AS status, raised.severity::text AS severity,
         raised.created, change.notified
    FROM raised LEFT JOIN change ON change."taskId" = raised.id
   ORDER BY raised.n`,
);

/**
 * Raises the alerts (RAISE_SQL): one task each, `n` the alert's place (1-based), `created` false where the device's
 * task was open.
 */
export async function raiseAlerts(
  client: Queryable,
  alerts: readonly NewAlert[],
): Promise<(TaskRow & { n: number })[]> {
  const updates = alerts.flatMap((a, i) => a.updates.map((u) => ({ raise: i + 1, ...u })));
  const { rows } = await client.query<TaskRow & { n: number }>(
    prepared(RAISE_SQL(), [
      alerts.map((a) => a.facilityId),
      alerts.map((a) => a.enterpriseId),
      alerts.map((a) => a.title),
      alerts.map((a) => a.severity),
      alerts.map((a) => SEVERITY_VALUES[a.severity]),
      alerts.map((a) => a.unitId),
      alerts.map((a) => a.residentId),
      alerts.map((a) => a.deviceId),
      alerts.map((a) => a.at),
      updates.map((u) => u.raise),
      updates.map((u) => u.type),
      updates.map((u) => u.description),
    ]),
  );
  if (rows.length !== alerts.length) throw new Error(`raised ${rows.length} of ${alerts.length} new alerts`);
  return rows;
}

/** Adds an update to the device's open task (locking it); null when none is open. */
export async function updateOpenTask(
  client: Queryable,
  event: StoredEvent,
  deviceId: string,
  update: TaskUpdatePlan,
): Promise<string | null> {
  const { rows } = await client.query<TaskRow>(
    prepared(
      `UPDATE "Task" SET "lastUpdateTimestamp" = now() WHERE "openDeviceKey" = $1
     RETURNING id, status::text AS status, severity::text AS severity, false AS created`,
      [deviceId],
    ),
  );
  const task = rows[0];
  if (!task) return null;
  await addUpdate(client, event, deviceId, task, update, null);
  return task.id;
}

/**
 * The update on an existing open task and its task change; raises the task's severity when the event is more
 * severe (a fall).
 */
export async function addUpdate(
  client: Queryable,
  event: StoredEvent,
  deviceId: string,
  task: TaskRow,
  update: TaskUpdatePlan,
  severity: Severity | null,
): Promise<void> {
  const updates = [update];
  let newSeverity = task.severity;
  if (severity && SEVERITY_VALUES[severity] < SEVERITY_VALUES[task.severity]) {
    newSeverity = severity;
    await client.query(
      prepared(`UPDATE "Task" SET severity = $2::"Severity", "severityRank" = $3 WHERE id = $1`, [
        task.id,
        severity,
        SEVERITY_VALUES[severity],
      ]),
    );
    updates.push({ type: TaskUpdateType.SEVERITY_CHANGE, description: `Severity raised to ${severity}` });
  }
  await insertUpdates(client, task.id, event.facilityId, deviceId, updates);
  await recordTaskChangePg(client, {
    facilityId: event.facilityId,
    taskId: task.id,
    status: task.status,
    severity: newSeverity,
  });
}

/** A task of the facility waiting for care confirmation, as the rule (packages/domain) reads it. */
export interface ConfirmingTaskRow {
  id: string;
  residentId: string | null;
  unitId: string | null;
  confirmingSince: Date | null;
}

/** The facility's tasks OPEN_CONFIRMING (a probe of the facilityId, status index). */
export async function confirmingTasks(client: Queryable, facilityId: string): Promise<ConfirmingTaskRow[]> {
  const { rows } = await client.query<ConfirmingTaskRow>(
    prepared(
      `SELECT id, "residentId", "unitId", "confirmingSince" FROM "Task"
        WHERE "facilityId" = $1 AND status = 'OPEN_CONFIRMING'`,
      [facilityId],
    ),
  );
  return rows;
}

/**
 * Care confirmed on the tasks the press confirms (chosen by packages/domain from confirmingTasks): each still
 * OPEN_CONFIRMING since the same moment as read becomes OPEN_CONFIRMED with its CARE_CONFIRMED update and task
 * change, and its server-side timeout job is removed. Returns the tasks confirmed.
 */
export async function confirmCare(
  client: Queryable,
  event: StoredEvent,
  deviceId: string,
  tasks: readonly ConfirmingTaskRow[],
  description: string,
): Promise<string[]> {
  if (!tasks.length) return [];
  const { rows } = await client.query<{ id: string; status: TaskStatus; severity: Severity }>(
    prepared(
      `UPDATE "Task" t
        SET status = 'OPEN_CONFIRMED', "confirmingSince" = NULL, "lastUpdateTimestamp" = now()
       FROM unnest($2::text[], $3::timestamptz[]) AS c(id, since)
      WHERE t.id = c.id AND t."facilityId" = $1 AND t.status = 'OPEN_CONFIRMING'
        AND t."confirmingSince" IS NOT DISTINCT FROM c.since
     RETURNING t.id, t.status::text AS status, t.severity::text AS severity`,
      [event.facilityId, tasks.map((t) => t.id), tasks.map((t) => t.confirmingSince)],
    ),
  );
  for (const task of rows) {
    await insertUpdates(client, task.id, event.facilityId, deviceId, [
      { type: TaskUpdateType.CARE_CONFIRMED, description },
    ]);
    await client.query(prepared('SELECT graphile_worker.remove_job($1)', [careConfirmationJobKey(task.id)]));
    // One change per confirmed task (almost always exactly one).
    await recordTaskChangePg(client, {
      facilityId: event.facilityId,
      taskId: task.id,
      status: task.status,
      severity: task.severity,
    });
  }
  return rows.map((r) => r.id);
}

async function insertUpdates(
  client: Queryable,
  taskId: string,
  facilityId: string,
  deviceId: string,
  updates: TaskUpdatePlan[],
): Promise<void> {
  const values: unknown[] = [taskId, facilityId, deviceId];
  const rows = updates.map((u) => {
    values.push(u.type, u.description);
    return `($1, $2, $3, $${values.length - 1}::"TaskUpdateType", $${values.length})`;
  });
  await client.query(
    prepared(
      `INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description) VALUES ${rows.join(', ')}`,
      values,
    ),
  );
}

/** A new task whose escalation starts at the batch's end. */
export interface EscalationStart {
  taskId: string;
  facilityId: string;
  priority: number;
}

/**
 * The escalation starts of a batch's new tasks: one 'start-task-notifications' job per priority holding them all
 * (decision 0413), in one add_jobs call (decision 0433), in the batch's transaction, so the job exists exactly
 * when the tasks commit.
 */
export async function queueStarts(client: Queryable, starts: readonly EscalationStart[]): Promise<void> {
  const byPriority = new Map<number, { taskId: string; facilityId: string }[]>();
  for (const { priority, ...start } of starts) {
    const list = byPriority.get(priority);
    if (list) list.push(start);
    else byPriority.set(priority, [start]);
  }
  if (!byPriority.size) return;
  await client.query(
    prepared(
      ADD_JOBS_SQL,
      addJobsParams(
        [...byPriority].map(([priority, list]) => ({
          identifier: JobName.startTaskNotifications,
          payload: list,
          runAt: null,
          jobKey: null,
          priority,
          maxAttempts: 5,
        })),
      ),
    ),
  );
}

/**
 * Warm-up (issue #18, the first seconds' tail) where no press can be raised (an empty database): the raise run for
 * no alert, which writes nothing, so the connection has it prepared with its plan (decision 0489) and the
 * relations, indexes and functions it touches in the backend's caches before a press needs it.
 */
export async function warmUpRaise(client: Queryable): Promise<void> {
  await raiseAlerts(client, []);
}
