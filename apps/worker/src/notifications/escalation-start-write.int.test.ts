import type { PrismaClient } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import type { TestDatabase } from '@sage/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartJobUnderTest, startJobUnderTest } from '../test/worker';

/**
 * The escalation start's one write (decisions 0478, 0650): the contexts, the later blocks' jobs and the next runs of
 * the recurring blocks it runs at once commit in one transaction, before those runs; the runs queue no next run of
 * their own. Each job the queue takes in is logged with the transaction that wrote it.
 */
let db: TestDatabase;
let prisma: PrismaClient;
let start: StartJobUnderTest['start'];

beforeAll(async () => {
  ({ db, prisma, start } = await startJobUnderTest());
  await prisma.$executeRawUnsafe(
    `CREATE TABLE job_written (key text, payload json, run_at timestamptz, xid xid8 DEFAULT pg_current_xact_id())`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION log_job() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN INSERT INTO job_written (key, payload, run_at) VALUES (NEW.key, NEW.payload, NEW.run_at); RETURN NEW; END $$`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER log_job AFTER INSERT OR UPDATE ON graphile_worker._private_jobs FOR EACH ROW EXECUTE FUNCTION log_job()`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION log_context() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN INSERT INTO job_written (key, xid) VALUES ('context:' || NEW.id, pg_current_xact_id()); RETURN NEW; END $$`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER log_context AFTER INSERT ON "NotificationContext" FOR EACH ROW EXECUTE FUNCTION log_context()`,
  );
});

afterAll(async () => {
  await db?.drop();
});

describe('[NOTIFICATIONS][ESCALATION]: the start writes its contexts and every job after them at once', () => {
  it('queues the first block’s next run with the context and the later block, in one transaction, and only once', async () => {
    // The default policy: block 0 at the press, again every 60 s; block 1 (break glass) at 120 s.
    const f = await createTestFacility(prisma);
    const task = await prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Call',
        severity: 'EMERGENCY',
        severityRank: 1,
        status: 'OPEN_UNCLAIMED',
        unitId: f.units.AL.id,
      },
    });
    await start([{ taskId: task.id, facilityId: f.facilityId }]);

    const context = await prisma.notificationContext.findFirstOrThrow({ where: { taskId: task.id } });
    const written = await prisma.$queryRawUnsafe<
      { key: string; payload: unknown; runAt: Date; xid: string }[]
    >(`SELECT key, payload, run_at AS "runAt", xid::text AS xid FROM job_written ORDER BY key`);
    const startedAt = context.startedAt.getTime();
    expect(written.map(({ key, payload }) => ({ key, payload }))).toEqual([
      { key: `context:${context.id}`, payload: null },
      { key: `notify-block:${context.id}:0`, payload: { contextId: context.id, blockIndex: 0, run: 1 } },
      { key: `notify-block:${context.id}:1`, payload: { contextId: context.id, blockIndex: 1, run: 0 } },
    ]);
    expect(written[1]!.runAt.getTime()).toBe(startedAt + 60_000);
    expect(written[2]!.runAt.getTime()).toBe(startedAt + 120_000);
    expect(new Set(written.map((w) => w.xid)).size).toBe(1);
  });
});
