import { type Prisma, type PrismaClient, queryPrepared } from '@sage/db';

/*
 * The tasks and contexts a block run reads (decision 0487), and the shapes it reads them in.
 */

const taskSelect = {
  id: true,
  title: true,
  status: true,
  severity: true,
  deviceId: true,
  assigneeGroupId: true,
  unit: { select: { id: true, careType: true, ward: true, building: true, wing: true, floor: true } },
} as const satisfies Prisma.TaskSelect;
const contextSelect = {
  id: true,
  facilityId: true,
  taskId: true,
  startedAt: true,
  completedAt: true,
  state: true,
} as const satisfies Prisma.NotificationContextSelect;
/** A task as a block run reads it; `isCheckIn`: its device's active allocation is a check-in one (the message says). */
export type TaskRow = Prisma.TaskGetPayload<{ select: typeof taskSelect }> & { isCheckIn: boolean };
export type ContextRow = Prisma.NotificationContextGetPayload<{ select: typeof contextSelect }>;

/*
 * The job process's reads and writes per press run as named prepared statements (queryPrepared, decision 0487):
 * PostgreSQL parses and plans each once per connection instead of on every call, and one text serves every batch
 * size (Prisma's `IN ($1, $2, …)` was a statement of its own per size). Each statement keeps the shape the Prisma
 * calls it replaced returned.
 *
 * Their id arrays are read as `(SELECT $n::text[])`, not `$n`: PostgreSQL keeps a prepared statement's generic
 * plan only when it costs no more than the custom plans of the values given, and a custom plan sees the array's
 * length (one task costs a tenth of the ten a generic plan assumes), so with small or varying batches it planned
 * on every call. Behind a subquery neither sees the length: both plan for ten ids (index probes), cost the same,
 * and the generic plan stays, at 1 and at 200 tasks a batch alike. A generic plan lasts as long as the connection
 * (until the table is analyzed again), so tasks, contexts and allocations are looked up by the one id their
 * primary key (or the device's index) answers, behind OFFSET 0, and their facility checked on the row found: a
 * process started on a young database had planned a whole read of Task (its statistics said 308 rows), and, asked
 * for id and facility, a walk of the facility's tasks (`Task_facilityId_unitId_status_idx`, both estimated at one
 * row), 5,466 hits for 78 tasks.
 */

/**
 * A task as TaskRow, as JSON (`t` is the task): its unit by primary key, and whether its device's active allocation
 * is a check-in one (before, a statement of its own per batch), each a one-row subquery.
 */
const TASK_JSON = `json_build_object(
    'id', t.id, 'title', t.title, 'status', t.status, 'severity', t.severity, 'deviceId', t."deviceId",
    'assigneeGroupId', t."assigneeGroupId",
    'unit', (SELECT json_build_object('id', u.id, 'careType', u."careType", 'ward', u.ward, 'building', u.building,
                                      'wing', u.wing, 'floor', u.floor)
               FROM "Unit" u WHERE u.id = t."unitId"),
    'isCheckIn', coalesce((SELECT a."isCheckIn"
                             FROM (SELECT * FROM "DeviceAllocation" a WHERE a."deviceId" = t."deviceId" OFFSET 0) a
                            WHERE a."isActive" AND a."facilityId" = t."facilityId" LIMIT 1), false))`;

/**
 * Tasks by (facility, task) pairs, each with its latest escalation context (none: `hasContext` null): the start's
 * read, one statement for what were three (the tasks, their units, the contexts). By pairs, each an index probe:
 * the contexts were asked for every facility of the batch times every task (`IN` × `IN`), one probe per
 * combination.
 */
const TASKS_BY_KEY_SQL = `SELECT k.f AS "facilityId", k.t AS "taskId", t."creationTimestamp", ${TASK_JSON} AS task,
         latest.found AS "hasContext", latest."completedAt" AS "latestCompletedAt"
    FROM unnest((SELECT $1::text[]), (SELECT $2::text[])) AS k(f, t)
    CROSS JOIN LATERAL (SELECT * FROM "Task" t WHERE t.id = k.t OFFSET 0) t
    LEFT JOIN LATERAL (SELECT true AS found, c."completedAt" FROM "NotificationContext" c
                        WHERE c."facilityId" = k.f AND c."taskId" = k.t
                        ORDER BY c."startedAt" DESC LIMIT 1) latest ON true
   WHERE t."facilityId" = k.f`;

interface TaskByKey {
  facilityId: string;
  taskId: string;
  creationTimestamp: Date;
  task: TaskRow;
  /** The task's latest escalation context, if it has had one. */
  latest: { completedAt: Date | null } | null;
}

/** The tasks of these (facility, task) pairs that exist, each with its latest context (TASKS_BY_KEY_SQL). */
export async function readTasks(
  prisma: PrismaClient,
  keys: readonly { facilityId: string; taskId: string }[],
): Promise<TaskByKey[]> {
  const unique = [...new Map(keys.map((k) => [`${k.facilityId}\u0000${k.taskId}`, k])).values()];
  const rows = await queryPrepared<
    Omit<TaskByKey, 'latest'> & { hasContext: boolean | null; latestCompletedAt: Date | null }
  >(prisma, TASKS_BY_KEY_SQL, [unique.map((k) => k.facilityId), unique.map((k) => k.taskId)]);
  return rows.map(({ hasContext, latestCompletedAt, ...row }) => ({
    ...row,
    latest: hasContext ? { completedAt: latestCompletedAt } : null,
  }));
}

/** Contexts by id, each with its task (scoped to the context's facility) as TaskRow, or null. */
export const CONTEXTS_SQL = `SELECT c.id, c."facilityId", c."taskId", c."startedAt", c."completedAt", c.state,
         (SELECT ${TASK_JSON} FROM (SELECT * FROM "Task" t WHERE t.id = c."taskId" OFFSET 0) t
           WHERE t."facilityId" = c."facilityId") AS task
    FROM unnest((SELECT $1::text[])) AS k(id)
    CROSS JOIN LATERAL (SELECT * FROM "NotificationContext" c WHERE c.id = k.id OFFSET 0) c`;
