import { JobName } from '@sage/db';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import type { Job } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { eventually } from '../test/worker';
import { type JobProcess, startJobs } from './jobs';

/**
 * Jobs queued for later start when due, not at the queue's next poll (decision 0431). The job process runs with
 * a one-minute poll: without the waker, a job queued 300 ms ahead would wait for that minute.
 */
const POLL_MS = 60_000;
let db: TestDatabase;
let jobs: JobProcess;
const started: Job[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  jobs = await startJobs(config, { logger: false, pollInterval: POLL_MS });
  jobs.runner.events.on('job:start', ({ job }) => started.push(job));
});

afterAll(async () => {
  await jobs?.close();
  await db?.drop();
});

const queue = (identifier: string, payload: object, inMs: number, key: string) =>
  db.prisma.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id::text FROM graphile_worker.add_job($1, $2::json, run_at := now() + make_interval(secs => $3::float8 / 1000),
                                                 job_key := $4)`,
    identifier,
    JSON.stringify(payload),
    inMs,
    key,
  );

const waiting = async (keys: string[]) =>
  (
    await db.prisma.$queryRawUnsafe<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE key = ANY($1::text[])',
      keys,
    )
  )[0]!.n;

describe('[WORKER][TIMERS]: jobs queued for later start when due', () => {
  it('runs an escalation block and a care-confirmation limit due in 300 and 600 ms long before the poll', async () => {
    const since = Date.now();
    const block = `notify-block:waker-test:${since}`;
    const care = `care-confirmation:waker-test-${since}`;
    await queue(JobName.runNotificationBlock, { contextId: 'waker-test', blockIndex: 0, run: 0 }, 300, block);
    await queue(
      JobName.careConfirmationTimeout,
      { taskId: `waker-test-${since}`, confirmingSince: new Date(since).toISOString() },
      600,
      care,
    );
    // Both ran (and finished) well inside the one-minute poll.
    await eventually(async () => (await waiting([block, care])) === 0, POLL_MS / 3);
    expect(Date.now() - since).toBeLessThan(POLL_MS);

    // Each started once, not before it was due, in the order they fell due.
    const mine = started.filter((j) => j.key === block || j.key === care);
    expect(mine.map((j) => j.key)).toEqual([block, care]);
    for (const j of mine) {
      expect(j.attempts).toBe(1);
      expect(new Date(j.locked_at!).getTime()).toBeGreaterThanOrEqual(new Date(j.run_at).getTime());
    }
  });

  it('picks up a waiting job whose run was brought forward under its key (a missed alert, decision 0144)', async () => {
    const since = Date.now();
    const key = `notify-block:waker-forward:${since}`;
    await queue(
      JobName.runNotificationBlock,
      { contextId: 'waker-forward', blockIndex: 1, run: 0 },
      3_600_000,
      key,
    );
    // The key replaced with a run in 300 ms, as escalateEarly does it (now) and a block run's next run does: no
    // NOTIFY of ours; graphile-worker's `add_jobs` sends one for a replaced row too (decision 0484).
    const forwardAt = Date.now() + 300;
    await queue(
      JobName.runNotificationBlock,
      { contextId: 'waker-forward', blockIndex: 1, run: 0 },
      300,
      key,
    );
    await eventually(async () => (await waiting([key])) === 0, POLL_MS / 3);
    expect(Date.now() - forwardAt).toBeLessThan(POLL_MS / 6);
    expect(started.filter((j) => j.key === key)).toHaveLength(1);
  });
});
