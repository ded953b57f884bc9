import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestFacility } from './factories';
import { createTestDatabase, type TestDatabase } from './testing';

/**
 * Decision 0720: a press writes a TaskUpdate and a DeviceActivity row, and each of those tables keeps one index
 * beside its key (TaskUpdate by taskId, DeviceActivity by deviceId); the facility-led copies were dropped. The
 * reads of these tables, as the code sends them, over a few facilities' history:
 * the device activity read (`activity-service.ts`: the facility through the device, newest first), the location
 * query's press check (`location-query/service.ts`), a task's updates (the task reply, the response times): each is
 * planned at the same cost as with the dropped indexes put back (in a transaction rolled back, where PostgreSQL
 * picks the facility-led copy for a read naming both facility and task, at the same cost).
 */
let db: TestDatabase;
let taskId: string;
let deviceId: string;
let facilityId: string;

/** The reads, as the code sends them (the values bound in beforeAll). */
const reads = (): [string, unknown[]][] => [
  // activity-service.ts: Prisma's relation filter (the facility through the device), newest first, a page.
  [
    `SELECT id, "deviceId", type, "batteryLevel", timestamp, "taskId" FROM "DeviceActivity"
      WHERE "deviceId" IN (SELECT d.id FROM "Device" d WHERE d."facilityId" = $1 AND d.id IS NOT NULL)
      ORDER BY timestamp DESC, id ASC LIMIT 50 OFFSET 0`,
    [facilityId],
  ],
  [
    `SELECT id, "deviceId", type, "batteryLevel", timestamp, "taskId" FROM "DeviceActivity"
      WHERE "deviceId" IN ($2) AND "deviceId" IN (SELECT d.id FROM "Device" d WHERE d."facilityId" = $1 AND d.id IS NOT NULL)
        AND timestamp > now() - interval '1 hour'
      ORDER BY timestamp DESC, id ASC LIMIT 50 OFFSET 0`,
    [facilityId, deviceId],
  ],
  [
    `SELECT count(*) FROM "DeviceActivity"
      WHERE "deviceId" IN (SELECT d.id FROM "Device" d WHERE d."facilityId" = $1 AND d.id IS NOT NULL)`,
    [facilityId],
  ],
  // location-query/service.ts: the device pressed for the alert.
  [
    `SELECT id FROM "TaskUpdate" WHERE "taskId" = $1 AND "facilityId" = $2 AND "deviceId" = $3 LIMIT 1`,
    [taskId, facilityId, deviceId],
  ],
  // A task's updates (the task reply's include), the response times' and the insights' lateral reads.
  [`SELECT * FROM "TaskUpdate" WHERE "taskId" = ANY($1::text[]) ORDER BY "createdAt"`, [[taskId]]],
  [
    `SELECT min("createdAt") FROM "TaskUpdate" WHERE "taskId" = $1 AND "facilityId" = $2 AND type = 'CLAIM'`,
    [taskId, facilityId],
  ],
];

/** Each read's plan, with the dropped indexes back (in a transaction rolled back) or not. */
async function plans(withDropped: boolean): Promise<string[]> {
  const out: string[] = [];
  await db.prisma
    .$transaction(async (tx) => {
      if (withDropped) {
        await tx.$executeRawUnsafe(DROPPED[0]!);
        await tx.$executeRawUnsafe(DROPPED[1]!);
      }
      for (const [sql, values] of reads()) {
        const rows = await tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`, ...values);
        out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      throw new Rollback();
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return out;
}
class Rollback extends Error {}
const DROPPED = [
  'CREATE INDEX "DeviceActivity_facilityId_deviceId_timestamp_idx" ON "DeviceActivity" ("facilityId", "deviceId", timestamp)',
  'CREATE INDEX "TaskUpdate_facilityId_taskId_createdAt_idx" ON "TaskUpdate" ("facilityId", "taskId", "createdAt")',
];

beforeAll(async () => {
  db = await createTestDatabase();
  const facilities = await Promise.all(Array.from({ length: 4 }, () => createTestFacility(db.prisma)));
  for (const f of facilities) {
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO "Device" (id, "hardwareId", type, "facilityId", "enterpriseId")
       SELECT $1 || '-' || i, 'IDX-' || $1 || '-' || i, 'SAGE_BUTTON', $1, $2 FROM generate_series(1, 50) i`,
      f.facilityId,
      f.enterpriseId,
    );
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO "DeviceActivity" ("facilityId", "deviceId", type, timestamp)
       SELECT $1, $1 || '-' || (i % 50 + 1), 'BUTTON_PRESS', now() - make_interval(secs => i)
         FROM generate_series(1, 5000) i`,
      f.facilityId,
    );
    await db.prisma.$executeRawUnsafe(
      `WITH t AS (
         INSERT INTO "Task" ("facilityId", "enterpriseId", title, severity, "severityRank", "deviceId",
                             "creationTimestamp", "lastUpdateTimestamp")
         SELECT $1, $2, 'Alert ' || i, 'EMERGENCY', 1, $1 || '-' || (i % 50 + 1), now() - make_interval(mins => i),
                now() - make_interval(mins => i)
           FROM generate_series(1, 1000) i
         RETURNING id, "facilityId", "deviceId")
       INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
       SELECT id, "facilityId", "deviceId", 'CREATED', 'Created' FROM t, generate_series(1, 3)`,
      f.facilityId,
      f.enterpriseId,
    );
  }
  await db.prisma.$executeRawUnsafe('ANALYZE "Device", "DeviceActivity", "Task", "TaskUpdate"');
  facilityId = facilities[0]!.facilityId;
  deviceId = `${facilityId}-7`;
  const task = await db.prisma.task.findFirstOrThrow({ where: { facilityId }, select: { id: true } });
  taskId = task.id;
}, 120_000);

afterAll(async () => {
  await db?.drop();
});

/** A plan's estimated total cost (its top node's). */
const cost = (plan: string): number => Number(plan.match(/cost=[\d.]+\.\.([\d.]+)/)![1]);

describe('the reads of the tables a press appends to (decision 0720)', () => {
  it('the device activity reads never used the facility-led index: planned the same without it', async () => {
    const without = await plans(false);
    const withDropped = await plans(true);
    // The first three reads are DeviceActivity's: they name no DeviceActivity.facilityId (the facility is the device's).
    expect(without.slice(0, 3)).toEqual(withDropped.slice(0, 3));
    expect(withDropped.slice(0, 3).join('\n')).not.toMatch(/DeviceActivity_facilityId/);
  });

  it('the TaskUpdate reads stay a probe of one task: a few rows, not a scan of the table', async () => {
    const without = (await plans(false)).slice(3);
    const withDropped = (await plans(true)).slice(3);
    for (const [i, plan] of without.entries()) {
      expect(plan).not.toMatch(/Seq Scan on "TaskUpdate"/);
      // A probe of the task's 3 rows by taskId costs ~8-16; the facility-led copy, when there, is picked for a read
      // naming both at ~8; a scan of the 12,000 rows would be hundreds.
      expect(cost(plan)).toBeLessThan(cost(withDropped[i]!) + 10);
    }
  });

  it("probe TaskUpdate by its task (the location query's check, a task's updates)", async () => {
    const [, , , pressed, updates, claim] = await plans(false);
    for (const plan of [pressed, updates, claim]) expect(plan).toMatch(/TaskUpdate_taskId_createdAt_idx/);
  });
});
