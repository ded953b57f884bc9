import { JobName } from '@sage/db';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually } from '../test/worker';
import { type JobProcess, startJobs } from './jobs';

/**
 * A clean stop hands back the jobs a local queue holds (decision 0481). graphile-worker 0.17.3 releasing a local
 * queue that holds jobs with nothing else in flight throws ("Cannot background something when the queue is already
 * released"): the stop failed, the process's beats stayed behind and the held jobs waited for the takeover (5 s, an
 * attempt spent). Held deterministically: one timed slot (a local queue of two), its running care-confirmation limit
 * stopped on a lock of the task table while the second is held.
 */
let db: TestDatabase;
let jobs: JobProcess | undefined;
const logged: { level: number; msg: string }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await jobs?.close().catch(() => {});
  await db?.drop();
});

const jobsWithKeys = async (keys: string[]) =>
  db.prisma.$queryRawUnsafe<{ key: string; locked_by: string | null; attempts: number }[]>(
    'SELECT key, locked_by, attempts FROM graphile_worker._private_jobs WHERE key = ANY($1::text[]) ORDER BY key',
    keys,
  );

describe('[WORKER][RUNTIME]: a clean stop of the job process', () => {
  it('hands back the jobs its local queue holds, unspent, and stops without an error', async () => {
    const config = loadWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: db.url,
      WORKER_TIMER_CONCURRENCY: '1',
    });
    const log = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          const { level, msg } = JSON.parse(line) as { level: number; msg: string };
          logged.push({ level, msg });
        },
      },
    );
    jobs = await startJobs(config, { logger: log as never });
    const process = jobs;

    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    const keys = ['care-confirmation:stop-a', 'care-confirmation:stop-b', 'care-confirmation:stop-c'];
    let closing: Promise<void> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE "Task" IN SHARE MODE');
      const since = new Date(Date.now() - 60_000).toISOString();
      await db.prisma.$executeRawUnsafe(
        `SELECT graphile_worker.add_jobs(ARRAY(
           SELECT ROW($1, json_build_object('taskId', k, 'confirmingSince', $2::text), NULL, now() - interval '1 second',
                      5, k, 0, NULL)::graphile_worker.job_spec
             FROM unnest($3::text[]) AS k))`,
        JobName.careConfirmationTimeout,
        since,
        keys,
      );
      // One runs (waiting on the lock), one is held in the local queue, the third stays in the database.
      await eventually(async () => {
        const { rows } = await holder.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = '"Task"'::regclass`,
        );
        const locked = (await jobsWithKeys(keys)).filter((j) => j.locked_by !== null);
        return rows[0]!.n === 1 && locked.length === 2;
      });
      closing = process.close();
      // The stop waits for the running job: let it finish.
      await new Promise((r) => setTimeout(r, 300));
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }
    await expect(closing).resolves.toBeUndefined();
    jobs = undefined;
    expect(logged.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);

    // The running one completed (its task does not exist: nothing to fail); the held one is back in the queue with
    // its attempt unspent, like the one never fetched.
    const left = await jobsWithKeys(keys);
    expect(left).toHaveLength(2);
    for (const job of left) expect(job).toMatchObject({ locked_by: null, attempts: 0 });
    // Nothing left for a takeover: the process said goodbye.
    const beats = await db.prisma.$queryRawUnsafe<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM "WorkerHeartbeat"',
    );
    expect(beats[0]!.n).toBe(0);
  });
});
