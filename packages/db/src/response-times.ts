/**
 * The response-time rollup (issue 14; docs/decisions/0300, 0303): one ResponseTimeStep row per measured step
 * of a device-raised alert, seconds from its creation:
 * - CLAIM: the first CLAIM (or ASSIGNMENT: resolved while unclaimed, or assigned by a supervisor) update, by
 *   its author;
 * - CONFIRM: the first CARE_CONFIRMED update (the press at the bedside), by the author of the last status
 *   change before it (the assignee who started care confirmation: only they may);
 * - RESOLVE: resolvedAt of a CLOSED_RESOLVED task, by resolvedById.
 * Counted: ALERT tasks raised by a device (creatorStaffMemberId NULL, a device), not test alerts.
 *
 * The worker runs `rollUpResponseTimes` every minute: the tasks changed since the watermark (TaskChange rows,
 * kept 48 h, indexed by changedAt) get their rows rewritten, in one transaction. A watermark older than
 * TaskChange's retention (the worker was down) re-reads the tasks updated since then instead. The days of
 * those tasks' alerts are then packed again into ResponseTimeDay, which the report reads (decision 0340).
 */

/** What runs the rollup's statements: a pg client or Prisma (`$executeRawUnsafe` / `$queryRawUnsafe`). */
export interface RollupSql {
  execute(sql: string, params: unknown[]): Promise<number>;
  query<T>(sql: string, params: unknown[]): Promise<T[]>;
}

/** Tasks whose rows to rewrite: changed since an instant, of one facility, or updated since an instant. */
type TaskSet =
  | { kind: 'changedSince'; since: Date }
  | { kind: 'facility'; facilityId: string }
  | { kind: 'updatedSince'; since: Date };

const TASK_SET_SQL: Record<TaskSet['kind'], string> = {
  changedSince: `SELECT DISTINCT "taskId" AS id FROM "TaskChange" WHERE "changedAt" >= $1`,
  facility: `SELECT id FROM "Task" WHERE "facilityId" = $1`,
  updatedSince: `SELECT id FROM "Task" WHERE "lastUpdateTimestamp" >= $1`,
};
const paramOf = (set: TaskSet): unknown => (set.kind === 'facility' ? set.facilityId : set.since);

const deleteSql = (set: TaskSet) =>
  `DELETE FROM "ResponseTimeStep" WHERE "taskId" IN (${TASK_SET_SQL[set.kind]})`;

const insertSql = (set: TaskSet) => `
WITH ids AS (${TASK_SET_SQL[set.kind]}),
t AS (
  SELECT t.id, t."facilityId", t."creationTimestamp" AS created, t."unitId", t.status, t."resolvedAt",
         t."resolvedById",
         (CASE d.type WHEN 'DOOR_ALARM' THEN 'DOOR' WHEN 'FALL_DETECTION_DEVICE' THEN 'FALL'
                      WHEN 'MELTEN_M3_DEVICE' THEN 'SENSOR'
                      ELSE CASE WHEN t."residentId" IS NULL THEN 'WALL_BUTTON' ELSE 'PENDANT' END
          END)::"AlertKind" AS kind,
         extract(hour FROM t."creationTimestamp" AT TIME ZONE f.timezone)::smallint AS hour
    FROM "Task" t
    JOIN ids ON ids.id = t.id
    JOIN "Device" d ON d.id = t."deviceId"
    JOIN "Facility" f ON f.id = t."facilityId"
   WHERE t.kind = 'ALERT' AND NOT t."isTest" AND t."creatorStaffMemberId" IS NULL
),
steps AS (
  SELECT t.*, 'CLAIM'::"ResponseStep" AS step, c.at, c.staff
    FROM t
    JOIN LATERAL (SELECT u."createdAt" AS at, u."creatorStaffMemberId" AS staff FROM "TaskUpdate" u
                   WHERE u."taskId" = t.id AND u.type IN ('CLAIM', 'ASSIGNMENT')
                   ORDER BY u."createdAt", u.id LIMIT 1) c ON true
  UNION ALL
  SELECT t.*, 'CONFIRM'::"ResponseStep", c.at,
         (SELECT s."creatorStaffMemberId" FROM "TaskUpdate" s
           WHERE s."taskId" = t.id AND s.type = 'STATUS_CHANGE' AND s."creatorStaffMemberId" IS NOT NULL
             AND s."createdAt" <= c.at
           ORDER BY s."createdAt" DESC, s.id DESC LIMIT 1)
    FROM t
    JOIN LATERAL (SELECT u."createdAt" AS at FROM "TaskUpdate" u
                   WHERE u."taskId" = t.id AND u.type = 'CARE_CONFIRMED'
                   ORDER BY u."createdAt", u.id LIMIT 1) c ON true
  UNION ALL
  SELECT t.*, 'RESOLVE'::"ResponseStep", t."resolvedAt", t."resolvedById"
    FROM t WHERE t.status = 'CLOSED_RESOLVED' AND t."resolvedAt" IS NOT NULL
)
INSERT INTO "ResponseTimeStep"
       ("facilityId", "taskId", step, "createdAt", seconds, "staffMemberId", "unitId", "alertKind", "hourOfDay")
SELECT "facilityId", id, step, created, GREATEST(0, extract(epoch FROM at - created))::float8, staff, "unitId",
       kind, hour
  FROM steps
ON CONFLICT ("taskId", step) DO UPDATE SET
  "createdAt" = EXCLUDED."createdAt", seconds = EXCLUDED.seconds, "staffMemberId" = EXCLUDED."staffMemberId",
  "unitId" = EXCLUDED."unitId", "alertKind" = EXCLUDED."alertKind", "hourOfDay" = EXCLUDED."hourOfDay"`;

/** The facility-local days of the alerts of a task set: their ResponseTimeDay rows are rebuilt. */
const daysSql = (set: TaskSet) => `
SELECT DISTINCT t."facilityId", (t."creationTimestamp" AT TIME ZONE f.timezone)::date AS day
  FROM "Task" t
  JOIN (${TASK_SET_SQL[set.kind]}) ids ON ids.id = t.id
  JOIN "Facility" f ON f.id = t."facilityId"
 WHERE t.kind = 'ALERT'`;

const deleteDaysSql = (set: TaskSet) => `
DELETE FROM "ResponseTimeDay" x USING (${daysSql(set)}) d
 WHERE x."facilityId" = d."facilityId" AND x.day = d.day`;

/**
 * Packs the steps of each day (decision 0340): whole seconds (nearest, halves up) and a key of 4 small
 * indexes, 8 bytes a step, into one row per facility, day and step.
 */
const packDaysSql = (set: TaskSet) => `
WITH d AS MATERIALIZED (
  SELECT d."facilityId", d.day, (d.day::timestamp AT TIME ZONE f.timezone) AS lo,
         ((d.day + 1)::timestamp AT TIME ZONE f.timezone) AS hi
    FROM (${daysSql(set)}) d JOIN "Facility" f ON f.id = d."facilityId"
),
s AS (
  SELECT d."facilityId", d.day, r.step, r."createdAt", r."taskId", r.seconds, r."staffMemberId", r."unitId",
         r."alertKind", r."hourOfDay"
    FROM d
    CROSS JOIN LATERAL (
      SELECT * FROM "ResponseTimeStep" r
       WHERE r."facilityId" = d."facilityId" AND r."createdAt" >= d.lo AND r."createdAt" < d.hi) r
),
dict AS (
  SELECT "facilityId", day, step,
         COALESCE(array_agg(DISTINCT "staffMemberId") FILTER (WHERE "staffMemberId" IS NOT NULL), '{}') AS staff,
         COALESCE(array_agg(DISTINCT "unitId") FILTER (WHERE "unitId" IS NOT NULL), '{}') AS units,
         array_agg(DISTINCT "alertKind") AS kinds
    FROM s GROUP BY 1, 2, 3
)
INSERT INTO "ResponseTimeDay" ("facilityId", day, step, "staffIds", "unitIds", kinds, count, entries)
SELECT dict."facilityId", dict.day, dict.step, dict.staff, dict.units, dict.kinds, count(*)::int,
       string_agg(int4send(floor(s.seconds + 0.5)::int) || int4send(
                    s."hourOfDay"::int | (array_position(dict.kinds, s."alertKind") << 5)
                    | (COALESCE(array_position(dict.staff, s."staffMemberId"), 0) << 8)
                    | (COALESCE(array_position(dict.units, s."unitId"), 0) << 18)),
                  ''::bytea ORDER BY s."createdAt", s."taskId")
  FROM dict JOIN s ON s."facilityId" = dict."facilityId" AND s.day = dict.day AND s.step = dict.step
 GROUP BY dict."facilityId", dict.day, dict.step, dict.staff, dict.units, dict.kinds`;

/** The watermark row's id. */
const WATERMARK_ID = 'steps';
/** Changes committed a little after the watermark with an earlier changedAt are read again. */
export const RESPONSE_ROLLUP_OVERLAP_MS = 2 * 60_000;
/** TaskChange rows are kept 48 h (decision 0033); past this the rollup re-reads updated tasks. */
const TASK_CHANGE_WINDOW_MS = 47 * 3_600_000;

/**
 * Rewrites the rows of a set of tasks, then the ResponseTimeDay rows of their days. Run inside a transaction.
 * Returns the step rows written.
 */
async function rewrite(sql: RollupSql, set: TaskSet): Promise<number> {
  const param = [paramOf(set)];
  await sql.execute(deleteSql(set), param);
  const written = await sql.execute(insertSql(set), param);
  // The days of those tasks are packed again from their steps: rebuilding is idempotent (decision 0340).
  await sql.execute(deleteDaysSql(set), param);
  await sql.execute(packDaysSql(set), param);
  return written;
}

/**
 * One incremental run (the worker's cron), inside a transaction the caller opened: locks the watermark,
 * rewrites the rows of the tasks changed since it, moves it to the transaction's start. Returns the rows
 * written.
 */
export async function rollUpResponseTimes(sql: RollupSql): Promise<number> {
  await sql.execute(
    `INSERT INTO "ResponseTimeRollup" (id, "rolledUpTo") VALUES ($1, 'epoch') ON CONFLICT (id) DO NOTHING`,
    [WATERMARK_ID],
  );
  const [row] = await sql.query<{ rolledUpTo: Date; now: Date }>(
    `SELECT "rolledUpTo", now() AS now FROM "ResponseTimeRollup" WHERE id = $1 FOR UPDATE`,
    [WATERMARK_ID],
  );
  const now = new Date(row!.now);
  const since = new Date(new Date(row!.rolledUpTo).getTime() - RESPONSE_ROLLUP_OVERLAP_MS);
  const set: TaskSet =
    now.getTime() - since.getTime() > TASK_CHANGE_WINDOW_MS
      ? { kind: 'updatedSince', since }
      : { kind: 'changedSince', since };
  const written = await rewrite(sql, set);
  await sql.execute(`UPDATE "ResponseTimeRollup" SET "rolledUpTo" = now() WHERE id = $1`, [WATERMARK_ID]);
  return written;
}

/** Rewrites every row of one facility (the demo seed's history, tests). Run inside a transaction. */
export function rebuildFacilityResponseTimes(sql: RollupSql, facilityId: string): Promise<number> {
  return rewrite(sql, { kind: 'facility', facilityId });
}

/** The watermark: steps of changes up to it are counted (null before the first run). */
export async function responseTimesWatermark(sql: RollupSql): Promise<Date | null> {
  const [row] = await sql.query<{ rolledUpTo: Date }>(
    `SELECT "rolledUpTo" FROM "ResponseTimeRollup" WHERE id = $1 AND "rolledUpTo" > 'epoch'`,
    [WATERMARK_ID],
  );
  return row ? new Date(row.rolledUpTo) : null;
}

/** A RollupSql over a Prisma client or transaction. */
export const prismaRollupSql = (db: {
  $executeRawUnsafe(sql: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(sql: string, ...values: unknown[]): Promise<T>;
}): RollupSql => ({
  execute: (sql, params) => db.$executeRawUnsafe(sql, ...params),
  query: <T>(sql: string, params: unknown[]) => db.$queryRawUnsafe<T[]>(sql, ...params),
});

/** A RollupSql over a pg client. */
export const pgRollupSql = (client: {
  query(sql: string, params: unknown[]): Promise<{ rowCount: number | null; rows: unknown[] }>;
}): RollupSql => ({
  execute: async (sql, params) => (await client.query(sql, params)).rowCount ?? 0,
  query: async <T>(sql: string, params: unknown[]) => (await client.query(sql, params)).rows as T[],
});
