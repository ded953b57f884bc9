import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GATEWAY_KEY_HEADER, INGEST_EVENTS_PATH } from '@sage/contract';
import { JobName } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { startIngest } from '../runtime/ingest';
import { eventually, spawnWorkerProcess } from '../test/worker';
import { startWorker, type WorkerProcess } from '../worker';

/** Short timings, so a takeover happens within a test's seconds. */
const FAST = { beatMs: 200, staleMs: 1_000, sweepMs: 200, unprocessedAfterMs: 1_000 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<{ db: TestDatabase; facility: TestFacility; pool: pg.Pool }> {
  const db = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 3 });
  cleanups.push(async () => {
    await pool.end();
    await db.drop();
  });
  return { db, facility: await createTestFacility(db.prisma), pool };
}

/** The nice value of a process's main thread (Linux: field 19 of /proc/<pid>/stat). */
const mainThreadNice = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start at field 3.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

async function worker(db: TestDatabase): Promise<WorkerProcess> {
  const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  const started = await startWorker(config, { logger: false, listen: false, takeover: FAST });
  cleanups.push(() => started.close());
  return started;
}

/**
 * Stores a press of the facility's MC pendant as the ingest does; with `lockedBy`, its job is locked by that
 * queue in the same transaction (as if a worker had taken it and died), so no live worker gets it first.
 */
async function storePress(
  pool: pg.Pool,
  facility: TestFacility,
  options: { lockedBy?: string; withJob?: boolean; receivedSecondsAgo?: number } = {},
): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "DeviceEvent" ("eventId", "facilityId", "gatewayId", "hardwareId", type, "eventTimestamp", "receivedAt")
       VALUES ($1, $2, $3, $4, 'BUTTON_PRESS', now(), now() - make_interval(secs => $5))
       RETURNING id`,
      [
        randomUUID(),
        facility.facilityId,
        facility.gateway.id,
        facility.residents.MC.pendant.hardwareId,
        options.receivedSecondsAgo ?? 0,
      ],
    );
    const id = rows[0]!.id;
    if (options.withJob !== false) {
      await client.query(
        `SELECT graphile_worker.add_job($1, json_build_object('deviceEventId', $2::text), job_key := 'device-event:' || $2)`,
        [JobName.processDeviceEvent, id],
      );
    }
    if (options.lockedBy) {
      await client.query(
        `UPDATE graphile_worker._private_jobs SET locked_by = $2, locked_at = now() - interval '1 minute', attempts = 1
          WHERE key = 'device-event:' || $1`,
        [id, options.lockedBy],
      );
    }
    await client.query('COMMIT');
    return id;
  } finally {
    client.release();
  }
}

const effects = async (pool: pg.Pool, eventId: string) =>
  (
    await pool.query<{ processed: boolean; activities: number }>(
      `SELECT e."processedAt" IS NOT NULL AS processed,
              (SELECT count(*)::int FROM "DeviceActivity" a WHERE a."deviceEventId" = e.id) AS activities
         FROM "DeviceEvent" e WHERE e.id = $1`,
      [eventId],
    )
  ).rows[0]!;

const jobOf = async (pool: pg.Pool, eventId: string) =>
  (
    await pool.query<{ locked_by: string | null }>(
      `SELECT locked_by FROM graphile_worker._private_jobs WHERE key = 'device-event:' || $1`,
      [eventId],
    )
  ).rows[0] ?? null;

describe('[WORKER][TAKEOVER]: a dead job process strands nothing (decision 0110)', () => {
  it('frees a job locked by a queue with no heartbeat and applies it within seconds; a live queue keeps its own', async () => {
    const { db, facility, pool } = await database();
    // A queue of another process that is alive (it beats) and one that died (it never beats again).
    await pool.query(
      `INSERT INTO "WorkerHeartbeat" ("poolId", hostname, pid) VALUES ('pool-alive', 'test', 1)`,
    );
    const beating = setInterval(
      () => void pool.query(`UPDATE "WorkerHeartbeat" SET "beatAt" = now() WHERE "poolId" = 'pool-alive'`),
      100,
    );
    cleanups.push(async () => clearInterval(beating));
    const stranded = await storePress(pool, facility, { lockedBy: 'pool-dead' });
    const held = await storePress(pool, facility, { lockedBy: 'pool-alive' });

    const running = await worker(db);
    await eventually(async () => (await effects(pool, stranded)).processed, 15_000);
    expect(await effects(pool, stranded)).toEqual({ processed: true, activities: 1 });
    // Its completion follows the event's commit (a statement of its own): gone soon after.
    await eventually(async () => (await jobOf(pool, stranded)) === null);
    // The live queue's job is still its own (and its event waits for it, not applied behind its back).
    await running.takeover.sweep();
    expect(await jobOf(pool, held)).toEqual({ locked_by: 'pool-alive' });
    expect(await effects(pool, held)).toEqual({ processed: false, activities: 0 });
    expect(await db.prisma.task.count({ where: { deviceId: facility.residents.MC.pendant.deviceId } })).toBe(
      1,
    );
  });

  it('queues again a stored event left unprocessed with no job, and applies it exactly once', async () => {
    const { db, facility, pool } = await database();
    const orphan = await storePress(pool, facility, { withJob: false, receivedSecondsAgo: 10 });
    const running = await worker(db);
    await eventually(async () => (await effects(pool, orphan)).processed, 15_000);
    // Further sweeps find nothing to do: one activity, one task, no job left.
    expect(await running.takeover.sweep()).toMatchObject({ requeuedEvents: 0 });
    expect(await running.takeover.sweep()).toMatchObject({ requeuedEvents: 0 });
    expect(await effects(pool, orphan)).toEqual({ processed: true, activities: 1 });
    expect(await jobOf(pool, orphan)).toBeNull();
    expect(await db.prisma.task.count({ where: { deviceId: facility.residents.MC.pendant.deviceId } })).toBe(
      1,
    );
  });

  it('leaves alone an event whose job is waiting (the queue is behind, not broken)', async () => {
    const { facility, pool, db } = await database();
    // The job waits (due in an hour): the sweep must not add a second one.
    const waiting = await storePress(pool, facility, { receivedSecondsAgo: 10 });
    await pool.query(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour'`);
    const running = await worker(db);
    expect(await running.takeover.sweep()).toMatchObject({ requeuedEvents: 0, freedJobs: 0 });
    expect((await pool.query(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs`)).rows[0].n).toBe(
      1,
    );
    expect(await effects(pool, waiting)).toEqual({ processed: false, activities: 0 });
  });
});

describe('[WORKER][TAKEOVER]: the job process survives its database connections being cut', () => {
  let child: ChildProcess | null = null;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = null;
  });

  it('keeps running through pg_terminate_backend of all its connections mid-run, and applies every press once', async () => {
    const { db, facility, pool } = await database();
    const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
    const ingest = await startIngest(config, { logger: false, listen: false });
    cleanups.push(() => ingest.close());
    // The job process as it runs in production: its own process (jobs-main.ts).
    const jobs = spawnWorkerProcess('src/jobs-main.ts', {
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      WORKER_CONCURRENCY: '4',
    });
    child = jobs;
    await eventually(
      // Its three queues beat: the timed jobs', the escalation starts' and the rest (decisions 0458, 0478).
      async () => (await pool.query(`SELECT 1 FROM "WorkerHeartbeat"`)).rowCount === 3,
      30_000,
    );
    // Its JavaScript yields the cores to the ingest and the API (decision 0495): the default nice value, 10.
    expect(mainThreadNice(jobs.pid!)).toBe(10);

    // A gateway sends presses of several devices, and sends again what is not accepted (503).
    const hardware = Object.values(facility.residents).map((r) => r.pendant.hardwareId);
    const accepted: string[] = [];
    const press = async (hardwareId: string) => {
      const eventId = randomUUID();
      for (;;) {
        const res = await ingest.ingest.inject({
          method: 'POST',
          url: INGEST_EVENTS_PATH,
          headers: { [GATEWAY_KEY_HEADER]: facility.gateway.key },
          payload: { eventId, hardwareId, type: 'BUTTON_PRESS', timestamp: new Date().toISOString() },
        });
        if (res.statusCode === 202) break;
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        await new Promise((r) => setTimeout(r, 100));
      }
      accepted.push(eventId);
    };
    const databaseName = new URL(db.url).pathname.slice(1);
    for (let round = 0; round < 3; round++) {
      const presses = Array.from({ length: 20 }, (_, i) => press(hardware[i % hardware.length]!));
      await new Promise((r) => setTimeout(r, 30));
      // Cut every connection of the job process while it works on those presses: the jobs' pool and the job
      // queue's (decision 0492). After the previous round's cut the process reopens them as it needs them: wait
      // until it holds some again (a cut of none would prove nothing; its reconnect time is not this test's).
      await eventually(
        async () =>
          (
            await pool.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name IN ('sage-jobs', 'sage-jobs-queue')`,
              [databaseName],
            )
          ).rowCount! > 0,
        10_000,
      );
      const { rowCount } = await pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND application_name IN ('sage-jobs', 'sage-jobs-queue')`,
        [databaseName],
      );
      expect(rowCount).toBeGreaterThan(0);
      await Promise.all(presses);
      await new Promise((r) => setTimeout(r, 300));
    }

    // Every accepted press applied exactly once, by the same process, which is still running.
    await eventually(
      async () =>
        (
          await pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM "DeviceEvent" WHERE "eventId" = ANY($1) AND "processedAt" IS NOT NULL`,
            [accepted],
          )
        ).rows[0]!.n === accepted.length,
      30_000,
    );
    const { rows } = await pool.query<{ eventId: string; activities: number }>(
      `SELECT e."eventId", (SELECT count(*)::int FROM "DeviceActivity" a WHERE a."deviceEventId" = e.id) AS activities
         FROM "DeviceEvent" e WHERE e."eventId" = ANY($1)`,
      [accepted],
    );
    expect(rows).toHaveLength(60);
    expect(rows.filter((r) => r.activities !== 1)).toEqual([]);
    expect(jobs.exitCode, jobs.output()).toBeNull();
    expect(jobs.signalCode).toBeNull();
    // No press's job left behind, locked or not.
    await eventually(
      async () =>
        (
          await pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = $1`, [
            JobName.processDeviceEvent,
          ])
        ).rowCount === 0,
      15_000,
    );
  });
});
