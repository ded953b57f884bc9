import { JobName } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import type { Job } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually } from '../test/worker';
import { type JobProcess, startJobs } from './jobs';

/**
 * The timed jobs' pool fetches several due jobs at once and completes them in batches (decision 0460). The jobs
 * it holds are locked by this process without running: the takeover must leave them alone, each must still run
 * once, and a failing one must still be retried.
 */
const STALE_MS = 300;
let db: TestDatabase;
let jobs: JobProcess;
const started: Job[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    // Two slots: a local queue of four (two per slot).
    WORKER_TIMER_CONCURRENCY: '2',
  });
  // The sweep runs when the test calls it.
  jobs = await startJobs(config, { logger: false, takeover: { staleMs: STALE_MS, sweepMs: 3_600_000 } });
  jobs.runner.events.on('job:start', ({ job }) => started.push(job));
});

afterAll(async () => {
  await jobs?.close();
  await db?.drop();
});

const jobsWithKeys = (keys: string[]) =>
  db.prisma.$queryRawUnsafe<
    { key: string; locked_by: string | null; attempts: number; last_error: string | null }[]
  >(
    'SELECT key, locked_by, attempts, last_error FROM graphile_worker._private_jobs WHERE key = ANY($1::text[])',
    keys,
  );

const queueNow = (payload: object, key: string) =>
  db.prisma.$executeRawUnsafe(
    'SELECT graphile_worker.add_job($1, $2::json, job_key := $3, max_attempts := 3)',
    JobName.runNotificationBlock,
    JSON.stringify(payload),
    key,
  );

describe('[WORKER][TIMERS]: the timed jobs fetched several at once', () => {
  it('keeps the jobs held in the local queue through a takeover sweep and runs each once', async () => {
    const f = await createTestFacility(db.prisma);
    // Escalations of resolved tasks: their block run stops them (an update of the context).
    const contexts = [];
    for (let i = 0; i < 4; i++) {
      const task = await db.prisma.task.create({
        data: {
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          title: `Held block ${i}`,
          severity: 'EMERGENCY',
          severityRank: 1,
          status: 'CLOSED_RESOLVED',
          unitId: f.units.AL.id,
        },
      });
      contexts.push(
        await db.prisma.notificationContext.create({
          data: {
            facilityId: f.facilityId,
            taskId: task.id,
            startedAt: new Date(),
            state: {
              blocks: [
                {
                  blockId: 'b0',
                  executionTimeAfterStartInMs: 0,
                  recurringIntervalInMs: 0,
                  isBreakGlass: false,
                  priority: 1,
                  filters: [],
                },
              ],
            },
          },
        }),
      );
    }
    const keys = contexts.map((c) => `notify-block:${c.id}:0`);

    // Two timer slots: their runs wait on a lock on the contexts' table, the other two wait in the local queue.
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE "NotificationContext" IN SHARE MODE');
      // Queued in one transaction, so one fetch takes them all (the pool does not fetch again while it holds any).
      await db.prisma.$transaction(
        contexts.map((c, i) => queueNow({ contextId: c.id, blockIndex: 0, run: 0 }, keys[i]!)),
      );
      await eventually(async () => (await jobsWithKeys(keys)).every((j) => j.locked_by !== null));
      await eventually(async () => {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = '"NotificationContext"'::regclass`,
        );
        return rows[0]!.n >= 1;
      });
      expect(started.filter((j) => keys.includes(j.key!))).toHaveLength(2);

      // Held past the staleness limit: not orphans of a lost completion.
      await new Promise((r) => setTimeout(r, STALE_MS * 3));
      const swept = await jobs.takeover.sweep();
      expect(swept.orphansFreed).toBe(0);
      const held = await jobsWithKeys(keys);
      expect(held.map((j) => j.locked_by !== null)).toEqual([true, true, true, true]);
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }

    await eventually(async () => (await jobsWithKeys(keys)).length === 0);
    for (const key of keys) {
      expect(started.filter((j) => j.key === key).map((j) => j.attempts)).toEqual([1]);
    }
    const stopped = await db.prisma.notificationContext.findMany({
      where: { id: { in: contexts.map((c) => c.id) } },
    });
    expect(stopped.every((c) => c.completedAt !== null)).toBe(true);
  });

  it('records a failed timed job for a retry, and retries it', async () => {
    const key = `notify-block:bad-${Date.now()}:0`;
    // A payload the block run refuses: the job fails, every attempt.
    await queueNow({ contextId: '', blockIndex: 0, run: 0 }, key);
    await eventually(async () => {
      const [job] = await jobsWithKeys([key]);
      return job && job.attempts === 1 && job.locked_by === null && job.last_error !== null;
    });
    // graphile-worker's back-off after a first failure is e^1 s; the poll (1 s) finds it.
    await eventually(async () => (await jobsWithKeys([key]))[0]?.attempts === 2, 15_000);
    expect(started.filter((j) => j.key === key).length).toBeGreaterThanOrEqual(2);
  });
});
