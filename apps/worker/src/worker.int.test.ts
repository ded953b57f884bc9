import { randomUUID } from 'node:crypto';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { JobName, TASK_CHANGE_RETENTION_MS } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase } from '@sage/db/testing';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './env';
import { INGEST_CONNECTIONS } from './runtime/ingest';
import { startWorker } from './worker';

describe('[WORKER][LIFECYCLE]: start, stop and restart', () => {
  it('raises the alert of an event accepted while no job runner was up, and starts its escalation after a restart', async () => {
    const db = await createTestDatabase();
    const facility = await createTestFacility(db.prisma);
    const config = loadWorkerConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, INGEST_PORT: '0' });
    try {
      // First process: accepts the event, then stops before its job can run (runner stopped first).
      const first = await startWorker(config, { logger: false, listen: false });
      await first.runner.stop();
      const eventId = randomUUID();
      const res = await first.ingest.inject({
        method: 'POST',
        url: INGEST_EVENTS_PATH,
        headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key },
        payload: {
          eventId,
          hardwareId: facility.residents.MC.pendant.hardwareId,
          type: 'BUTTON_PRESS',
          timestamp: new Date().toISOString(),
        },
      });
      expect(res.statusCode).toBe(202);
      await first.ingest.close();
      await first.prisma.$disconnect();
      await first.ingestPool.end();
      await first.pool.end();
      await first.queuePool.end();
      // The ingest applies what it accepts (decision 0410): the alert is raised with no job runner up, and
      // only its escalation start waits in the queue for one.
      expect(
        (await db.prisma.deviceEvent.findFirstOrThrow({ where: { eventId } })).processedAt,
      ).not.toBeNull();
      expect(
        await db.prisma.task.count({ where: { deviceId: facility.residents.MC.pendant.deviceId } }),
      ).toBe(1);
      const waitingStarts = () =>
        db.prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'start-task-notifications'`,
        );
      expect((await waitingStarts())[0]!.n).toBe(1);

      // Second process: picks the queued escalation start up.
      const second = await startWorker(config, { logger: false, listen: true });
      const deadline = Date.now() + 10_000;
      while ((await waitingStarts())[0]!.n > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await waitingStarts())[0]!.n).toBe(0);
      // Its alert was raised once.
      expect(
        await db.prisma.task.count({ where: { deviceId: facility.residents.MC.pendant.deviceId } }),
      ).toBe(1);
      // Listening on a real port, and closing cleanly.
      const address = second.ingest.server.address();
      expect(typeof address === 'object' && address?.port).toBeGreaterThan(0);
      await second.close();
      expect(second.ingest.server.listening).toBe(false);
    } finally {
      await db.drop();
    }
  });

  it('opens its standing database connections before it accepts events, and keeps them (decision 0080)', async () => {
    const db = await createTestDatabase();
    const config = loadWorkerConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, WORKER_CONCURRENCY: '3' });
    const databaseName = new URL(db.url).pathname.slice(1);
    const connections = async () =>
      Number(
        (
          await db.prisma.$queryRaw<{ n: bigint }[]>`
            SELECT count(*) AS n FROM pg_stat_activity WHERE datname = ${databaseName} AND pid <> pg_backend_pid()`
        )[0]?.n,
      );
    const before = await connections();
    const worker = await startWorker(config, { logger: false, listen: false });
    try {
      // One per job slot, all the ingest's (decision 0482), 3 for the jobs' Prisma client: all open already.
      expect(worker.pool.totalCount).toBeGreaterThanOrEqual(3);
      expect(worker.ingestPool.totalCount).toBe(INGEST_CONNECTIONS);
      expect((await connections()) - before).toBeGreaterThanOrEqual(3 + INGEST_CONNECTIONS + 3);
      // Kept however long they sit idle: the pools close only what is above these.
      expect([worker.pool.options.min, worker.ingestPool.options.min]).toEqual([3, INGEST_CONNECTIONS]);
    } finally {
      await worker.close();
      await db.drop();
    }
  });

  it('the hourly housekeeping job deletes task changes past their retention and keeps the rest', async () => {
    const db = await createTestDatabase();
    const facility = await createTestFacility(db.prisma);
    const config = loadWorkerConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, INGEST_PORT: '0' });
    const worker = await startWorker(config, { logger: false, listen: false });
    try {
      const insert = (ageMs: number) =>
        db.prisma.$executeRawUnsafe(
          `INSERT INTO "TaskChange" ("facilityId", "taskId", status, severity, "changedAt")
           VALUES ($1, 'task-x', 'OPEN_UNCLAIMED', 'HIGH_PRIORITY', now() - ($2::bigint * interval '1 millisecond'))`,
          facility.facilityId,
          String(ageMs),
        );
      for (let i = 0; i < 3; i++) await insert(TASK_CHANGE_RETENTION_MS + 60_000);
      await insert(TASK_CHANGE_RETENTION_MS - 60_000);
      await insert(0);
      // What the cron does each hour, run now through the queue.
      await db.prisma.$executeRawUnsafe('SELECT graphile_worker.add_job($1)', JobName.pruneTaskChanges);
      const deadline = Date.now() + 10_000;
      let left = -1;
      while (Date.now() < deadline) {
        left = await db.prisma.taskChange.count({ where: { facilityId: facility.facilityId } });
        if (left === 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(left).toBe(2);
    } finally {
      await worker.close();
      await db.drop();
    }
  });
});
