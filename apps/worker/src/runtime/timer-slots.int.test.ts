import { JobName, scheduleTaskNotifications } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import type { Job } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually } from '../test/worker';
import { type JobProcess, startJobs } from './jobs';

/**
 * The timed jobs run on job slots of their own (decision 0458), apart from the escalation starts' (decision 0478):
 * starts stuck in the database do not hold an escalation block or a care-confirmation limit that falls due. The
 * starts are held deterministically: a lock on the escalation contexts' table stops their insert, with their jobs
 * locked, until the test lets go.
 */
let db: TestDatabase;
let jobs: JobProcess;
const started: Job[] = [];
const completed: Job[] = [];
const failed: Job[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    WORKER_CONCURRENCY: '2',
    WORKER_TIMER_CONCURRENCY: '2',
  });
  jobs = await startJobs(config, { logger: false });
  jobs.runner.events.on('job:start', ({ job }) => started.push(job));
  jobs.runner.events.on('job:success', ({ job }) => completed.push(job));
  jobs.runner.events.on('job:error', ({ job }) => failed.push(job));
});

afterAll(async () => {
  await jobs?.close();
  await db?.drop();
});

const jobsWithKeys = async (keys: string[]) =>
  db.prisma.$queryRawUnsafe<{ key: string; locked_by: string | null; attempts: number }[]>(
    'SELECT key, locked_by, attempts FROM graphile_worker._private_jobs WHERE key = ANY($1::text[])',
    keys,
  );

describe('[WORKER][TIMERS]: timed jobs on slots of their own', () => {
  it('runs a due block and care-confirmation limit while starts hold every other slot; each start then runs once', async () => {
    const f = await createTestFacility(db.prisma);
    const tasks = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        db.prisma.task.create({
          data: {
            facilityId: f.facilityId,
            enterpriseId: f.enterpriseId,
            title: `Held start ${i}`,
            severity: 'EMERGENCY',
            severityRank: 1,
            status: 'OPEN_UNCLAIMED',
            unitId: f.units.AL.id,
          },
        }),
      ),
    );
    const startKeys = tasks.map((t) => `notify-start:${t.id}`);

    // Hold the contexts' inserts (reads go on), then queue four starts.
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE "NotificationContext" IN SHARE MODE');
      for (const t of tasks) {
        await scheduleTaskNotifications(db.prisma, {
          taskId: t.id,
          facilityId: f.facilityId,
          severityRank: 1,
        });
      }
      // The starts' pool has taken all four (held in its local queue or started together): their insert waits.
      await eventually(async () => {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = '"NotificationContext"'::regclass`,
        );
        const locked = (await jobsWithKeys(startKeys)).filter((j) => j.locked_by !== null);
        return rows[0]!.n >= 1 && locked.length === 4;
      });

      const since = Date.now();
      const block = `notify-block:timer-slots:${since}`;
      const care = `care-confirmation:timer-slots-${since}`;
      for (const [identifier, payload, key] of [
        [JobName.runNotificationBlock, { contextId: 'timer-slots', blockIndex: 0, run: 0 }, block],
        [
          JobName.careConfirmationTimeout,
          { taskId: `timer-slots-${since}`, confirmingSince: new Date(since).toISOString() },
          care,
        ],
      ] as const) {
        // Outside the holder's transaction: committed at once.
        await db.prisma.$executeRawUnsafe(
          `SELECT graphile_worker.add_job($1, $2::json, run_at := now() + interval '300 milliseconds', job_key := $3)`,
          identifier,
          JSON.stringify(payload),
          key,
        );
      }
      // The timed jobs ran (and finished) while every start is still held: none done.
      await eventually(async () => (await jobsWithKeys([block, care])).length === 0);
      const held = await jobsWithKeys(startKeys);
      expect(held).toHaveLength(4);
      expect(held.filter((j) => j.locked_by !== null)).toHaveLength(4);
      for (const key of [block, care]) {
        const job = started.find((j) => j.key === key)!;
        expect(job.attempts).toBe(1);
        expect(new Date(job.locked_at!).getTime()).toBeGreaterThanOrEqual(new Date(job.run_at).getTime());
        expect(completed.some((j) => j.key === key)).toBe(true);
      }
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }

    // Let go: every start runs once, first attempt, one escalation per task.
    await eventually(async () => (await jobsWithKeys(startKeys)).length === 0);
    for (const key of startKeys) {
      expect(started.filter((j) => j.key === key).map((j) => j.attempts)).toEqual([1]);
    }
    expect(failed).toEqual([]);
    const contexts = await db.prisma.notificationContext.groupBy({
      by: ['taskId'],
      where: { taskId: { in: tasks.map((t) => t.id) } },
      _count: true,
    });
    expect(contexts.map((c) => c._count).sort()).toEqual([1, 1, 1, 1]);
  });
});
