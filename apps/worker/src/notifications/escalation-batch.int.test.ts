import { randomUUID } from 'node:crypto';
import type { PrismaClient, Severity } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import type { TestDatabase } from '@sage/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartJobUnderTest, startJobUnderTest } from '../test/worker';

/**
 * The escalation start of an ingest batch (decision 0413): one job carrying many tasks, started set-based, with
 * the same outcome per task as one job per task. No job runner: the job's function is called with helpers
 * that queue through the database, and the queued jobs are read back.
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

const openTask = (f: TestFacility, severity: Severity, status: 'OPEN_UNCLAIMED' | 'CLOSED_RESOLVED') =>
  prisma.task.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      title: `Batch ${severity}`,
      severity,
      severityRank: severity === 'EMERGENCY' ? 1 : 100,
      status,
      unitId: f.units.AL.id,
      creationTimestamp: new Date(Date.now() - 500),
    },
  });

const blockJobs = async (contextId: string) =>
  prisma.$queryRawUnsafe<{ key: string; run_at: Date; priority: number; payload: unknown }[]>(
    `SELECT key, run_at, priority, payload FROM graphile_worker._private_jobs WHERE key LIKE $1 ORDER BY key`,
    `notify-block:${contextId}:%`,
  );

describe('[NOTIFICATIONS][ESCALATION]: the start of many tasks in one job', () => {
  it('starts each open task once, from its creation, with its later blocks queued; skips the others', async () => {
    const f = await createTestFacility(prisma);
    const other = await createTestFacility(prisma);
    const emergency = await openTask(f, 'EMERGENCY', 'OPEN_UNCLAIMED');
    const low = await openTask(f, 'LOW_PRIORITY', 'OPEN_UNCLAIMED');
    const closed = await openTask(f, 'EMERGENCY', 'CLOSED_RESOLVED');
    const running = await openTask(f, 'EMERGENCY', 'OPEN_UNCLAIMED');
    await prisma.notificationContext.create({
      data: { facilityId: f.facilityId, taskId: running.id, startedAt: new Date() },
    });
    const elsewhere = await openTask(other, 'EMERGENCY', 'OPEN_UNCLAIMED');
    const at = (t: { id: string }, facilityId = f.facilityId) => ({ taskId: t.id, facilityId });

    logged.length = 0;
    await start([
      at(emergency),
      at(low),
      at(emergency), // twice in one batch: starts once
      at(closed),
      at(running),
      at({ id: randomUUID() }),
      at(elsewhere), // a task of another community named with this one: found nowhere
      at(elsewhere, other.facilityId),
    ]);
    // One line for the job, not one per task.
    expect(logged).toEqual([
      `task notifications: ${JSON.stringify({ STARTED: 3, ALREADY_RUNNING: 2, NOT_OPEN: 1, NO_TASK: 2 })}`,
    ]);

    for (const [task, facilityId, priority] of [
      [emergency, f.facilityId, -2],
      [low, f.facilityId, 0],
      [elsewhere, other.facilityId, -2],
    ] as const) {
      const contexts = await prisma.notificationContext.findMany({ where: { taskId: task.id } });
      expect(contexts).toHaveLength(1);
      const context = contexts[0]!;
      expect(context.facilityId).toBe(facilityId);
      expect(context.completedAt).toBeNull();
      // The first escalation counts from the task's creation (the press).
      expect(context.startedAt.getTime()).toBe(task.creationTimestamp.getTime());
      const policy = await prisma.notificationPolicy.findFirstOrThrow({
        where: { facilityId, type: 'ALERT' },
      });
      expect(context.policyId).toBe(policy.id);
      // The default policy: block 0 at once, every 60 s (its next run queued), the break-glass after 2 min.
      const start = context.startedAt.getTime();
      const jobs = await blockJobs(context.id);
      expect(jobs.map((j) => [j.key, j.run_at.getTime() - start, j.priority, j.payload])).toEqual([
        [`notify-block:${context.id}:0`, 60_000, priority, { contextId: context.id, blockIndex: 0, run: 1 }],
        [`notify-block:${context.id}:1`, 120_000, priority, { contextId: context.id, blockIndex: 1, run: 0 }],
      ]);
    }
    expect(await prisma.notificationContext.count({ where: { taskId: closed.id } })).toBe(0);
    expect(await prisma.notificationContext.count({ where: { taskId: running.id } })).toBe(1);

    // One task on its own (the API's object payload) starts the same way.
    const single = await openTask(f, 'LOW_PRIORITY', 'OPEN_UNCLAIMED');
    logged.length = 0;
    await start({ taskId: single.id, facilityId: f.facilityId });
    expect(logged).toEqual([`task notifications: ${JSON.stringify({ STARTED: 1 })}`]);
    const context = await prisma.notificationContext.findFirstOrThrow({ where: { taskId: single.id } });
    expect((await blockJobs(context.id)).map((j) => j.key)).toEqual([
      `notify-block:${context.id}:0`,
      `notify-block:${context.id}:1`,
    ]);
  });
});
