import { SEVERITY_VALUES, type Severity } from '@sage/contract';
import { inTransaction, recordTaskChangePg, scheduleTaskNotifications } from '@sage/db';
import { planScheduleRun } from '@sage/domain';
import type pg from 'pg';

/*
 * Scheduled tasks (docs/decisions/0240). Each sweep takes the due schedules one at a time (FOR UPDATE SKIP
 * LOCKED: two workers never work on one schedule together), inserts the task of the latest due occurrence
 * keyed by (schedule, occurrence time) with ON CONFLICT DO NOTHING (a sweep repeated after a crash or by a
 * second worker inserts nothing), and moves the schedule's next run past it, all in one transaction.
 */

interface DueSchedule {
  id: string;
  facilityId: string;
  enterpriseId: string;
  title: string;
  description: string | null;
  severity: Severity;
  assigneeId: string | null;
  assigneeGroupId: string | null;
  residentId: string | null;
  unitId: string | null;
  startAt: Date;
  recurringIntervalInMin: number | null;
  nextRunAt: Date;
  timezone: string;
}

export interface ScheduledTask {
  taskId: string;
  scheduleId: string;
  scheduledFor: string;
}

const NEXT_DUE_SQL = `
  SELECT s.id, s."facilityId", s."enterpriseId", s.title, s.description, s.severity::text AS severity,
         s."assigneeId", s."assigneeGroupId", s."residentId", s."unitId", s."startAt", s."recurringIntervalInMin",
         s."nextRunAt", f.timezone
    FROM "TaskSchedule" s JOIN "Facility" f ON f.id = s."facilityId"
   WHERE s."isActive" AND s."nextRunAt" <= $1
   ORDER BY s."nextRunAt", s.id
   LIMIT 1
     FOR UPDATE OF s SKIP LOCKED`;

/** Runs every due schedule once (at `now`); returns the tasks it created. */
export async function runTaskScheduleSweep(
  pool: Pick<pg.Pool, 'connect'>,
  now: Date = new Date(),
  maxSchedules = 500,
): Promise<ScheduledTask[]> {
  const created: ScheduledTask[] = [];
  const client = await pool.connect();
  // Schedules skipped this sweep (locked by another worker) are not asked for again: each pass moves one.
  try {
    for (let i = 0; i < maxSchedules; i++) {
      const fired = await inTransaction(client, async () => {
        const { rows } = await client.query<DueSchedule>(NEXT_DUE_SQL, [now]);
        const schedule = rows[0];
        return schedule ? { task: await fire(client, schedule, now) } : null;
      });
      if (!fired) break;
      if (fired.task) created.push(fired.task);
    }
  } finally {
    client.release();
  }
  return created;
}

async function fire(client: pg.ClientBase, s: DueSchedule, now: Date): Promise<ScheduledTask | null> {
  const plan = planScheduleRun(
    {
      startAtMs: s.startAt.getTime(),
      recurringIntervalInMin: s.recurringIntervalInMin,
      timeZone: s.timezone,
    },
    s.nextRunAt.getTime(),
    now.getTime(),
  );
  await client.query(`UPDATE "TaskSchedule" SET "nextRunAt" = $2 WHERE id = $1`, [
    s.id,
    plan.nextRunAt === null ? null : new Date(plan.nextRunAt),
  ]);
  if (plan.fire === null) return null;
  const scheduledFor = new Date(plan.fire);
  const status = s.assigneeId ? 'OPEN_CLAIMED' : 'OPEN_UNCLAIMED';
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO "Task" ("facilityId", "enterpriseId", title, description, status, severity, "severityRank",
                         "unitId", "residentId", "assigneeId", "assigneeGroupId", "taskScheduleId", "scheduledFor",
                         "creationTimestamp")
     VALUES ($1, $2, $3, $4, $5::"TaskStatus", $6::"Severity", $7, $8,
             $9, $10, $11, $12, $13, now())
     ON CONFLICT ("taskScheduleId", "scheduledFor") DO NOTHING
     RETURNING id`,
    [
      s.facilityId,
      s.enterpriseId,
      s.title,
      s.description,
      status,
      s.severity,
      SEVERITY_VALUES[s.severity],
      s.unitId ?? (await residentUnit(client, s)),
      s.residentId,
      s.assigneeId,
      s.assigneeGroupId,
      s.id,
      scheduledFor,
    ],
  );
  const taskId = rows[0]?.id;
  if (!taskId) return null;
  await client.query(
    `INSERT INTO "TaskUpdate" ("taskId", "facilityId", type, description, "createdAt")
     VALUES ($1, $2, 'CREATED', 'Task created by its schedule', now())`,
    [taskId, s.facilityId],
  );
  if (s.assigneeId) {
    await client.query(
      `INSERT INTO "TaskUpdate" ("taskId", "facilityId", type, description, "createdAt")
       SELECT $1, $2, 'ASSIGNMENT', 'Assigned to ' || "firstName" || ' ' || "lastName", now() + interval '1 millisecond'
         FROM "StaffMember" WHERE id = $3`,
      [taskId, s.facilityId, s.assigneeId],
    );
  }
  await recordTaskChangePg(client, { facilityId: s.facilityId, taskId, status, severity: s.severity });
  if (status === 'OPEN_UNCLAIMED') {
    await scheduleTaskNotifications(client, {
      taskId,
      facilityId: s.facilityId,
      severityRank: SEVERITY_VALUES[s.severity],
    });
  }
  return { taskId, scheduleId: s.id, scheduledFor: scheduledFor.toISOString() };
}

async function residentUnit(client: pg.ClientBase, s: DueSchedule): Promise<string | null> {
  if (!s.residentId) return null;
  const { rows } = await client.query<{ unitId: string | null }>(
    `SELECT "unitId" FROM "Resident" WHERE id = $1 AND "facilityId" = $2`,
    [s.residentId, s.facilityId],
  );
  return rows[0]?.unitId ?? null;
}
