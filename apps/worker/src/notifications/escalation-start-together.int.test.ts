import type { PrismaClient } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import type { TestDatabase } from '@sage/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartJobUnderTest, startJobUnderTest } from '../test/worker';

/**
 * The start jobs the job process holds at once are started together (decision 0478): each job still gets its own
 * outcome. When the merged start fails, each job is started alone, so only the job whose task cannot be started
 * fails. No job runner: the job's function is called twice in one turn, as two slots of the pool would.
 */
let db: TestDatabase;
let prisma: PrismaClient;
let start: StartJobUnderTest['start'];
let logged: string[];

beforeAll(async () => {
  ({ db, prisma, start, logged } = await startJobUnderTest());
});

afterAll(async () => {
  await db?.drop();
});

const openTask = (f: TestFacility, title: string) =>
  prisma.task.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      title,
      severity: 'EMERGENCY',
      severityRank: 1,
      status: 'OPEN_UNCLAIMED',
      unitId: f.units.AL.id,
    },
  });

describe('[NOTIFICATIONS][ESCALATION]: start jobs held at once, started together', () => {
  it('starts two jobs in one start; when that fails, each alone, and only the failing one fails', async () => {
    const f = await createTestFacility(prisma);
    const [a, b] = [await openTask(f, 'Together A'), await openTask(f, 'Together B')];
    logged.length = 0;
    const together = await Promise.allSettled([
      start([{ taskId: a.id, facilityId: f.facilityId }]),
      start({ taskId: b.id, facilityId: f.facilityId }),
    ]);
    expect(together.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    // One start for both jobs, each job its own line.
    expect(logged).toEqual([
      `task notifications: ${JSON.stringify({ STARTED: 1 })}`,
      `task notifications: ${JSON.stringify({ STARTED: 1 })}`,
    ]);

    // A task whose context the database refuses: the merged start fails as a whole.
    const [good, bad] = [await openTask(f, 'Good'), await openTask(f, 'Refused')];
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION refuse_context() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW."taskId" = '${bad.id}' THEN RAISE EXCEPTION 'context refused'; END IF;
         RETURN NEW;
       END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_context BEFORE INSERT ON "NotificationContext" FOR EACH ROW EXECUTE FUNCTION refuse_context()`,
    );
    logged.length = 0;
    const outcomes = await Promise.allSettled([
      start([{ taskId: good.id, facilityId: f.facilityId }]),
      start([{ taskId: bad.id, facilityId: f.facilityId }]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('context refused');
    expect(logged[0]).toMatch(/^a start of 2 jobs failed; each started alone/);
    for (const [task, contexts] of [
      [a, 1],
      [b, 1],
      [good, 1],
      [bad, 0],
    ] as const) {
      expect(await prisma.notificationContext.count({ where: { taskId: task.id } })).toBe(contexts);
    }
  });
});
