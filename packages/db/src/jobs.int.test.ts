import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_JOBS_SQL, addJobsParams, type JobRow } from './jobs';
import { createTestDatabase, type TestDatabase } from './testing';

interface QueuedRow {
  identifier: string;
  key: string | null;
  payload: unknown;
  priority: number;
  max_attempts: number;
  run_at: Date;
}

describe('ADD_JOBS_SQL: many jobs in one add_jobs call (decision 0433)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  const queue = async (rows: JobRow[]) =>
    (await db.prisma.$queryRawUnsafe<{ n: number }[]>(ADD_JOBS_SQL, ...addJobsParams(rows)))[0]!.n;
  const jobs = () =>
    db.prisma.$queryRawUnsafe<QueuedRow[]>(
      `SELECT t.identifier, j.key, j.payload, j.priority, j.max_attempts, j.run_at
         FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        ORDER BY j.id`,
    );

  it('queues every row as add_job would, replaces a pending job of the same key, keeps the last of a key given twice', async () => {
    const later = new Date(Date.now() + 3_600_000);
    expect(
      await queue([
        { identifier: 'a', payload: { n: 1 }, runAt: later, jobKey: 'k1', priority: 2, maxAttempts: 3 },
        { identifier: 'a', payload: { n: 2 }, runAt: null, jobKey: null, priority: 0, maxAttempts: 5 },
      ]),
    ).toBe(2);
    // k1 again (replaces the pending job), k2 twice in one call (the last wins), and a row without a key.
    expect(
      await queue([
        { identifier: 'a', payload: { n: 3 }, runAt: later, jobKey: 'k1', priority: 1, maxAttempts: 3 },
        { identifier: 'b', payload: { n: 4 }, runAt: later, jobKey: 'k2', priority: 0, maxAttempts: 3 },
        { identifier: 'b', payload: { n: 5 }, runAt: later, jobKey: 'k2', priority: 4, maxAttempts: 3 },
        { identifier: 'b', payload: [{ n: 6 }], runAt: null, jobKey: null, priority: 0, maxAttempts: 1 },
      ]),
    ).toBe(3);
    const rows = await jobs();
    expect(
      rows.map(({ identifier, key, payload, priority, max_attempts }) => ({
        identifier,
        key,
        payload,
        priority,
        max_attempts,
      })),
    ).toEqual([
      { identifier: 'a', key: 'k1', payload: { n: 3 }, priority: 1, max_attempts: 3 },
      { identifier: 'a', key: null, payload: { n: 2 }, priority: 0, max_attempts: 5 },
      { identifier: 'b', key: 'k2', payload: { n: 5 }, priority: 4, max_attempts: 3 },
      { identifier: 'b', key: null, payload: [{ n: 6 }], priority: 0, max_attempts: 1 },
    ]);
    expect(rows[0]!.run_at.getTime()).toBe(later.getTime());
  });

  it('queues nothing for no rows', async () => {
    const before = (await jobs()).length;
    expect(await queue([])).toBe(0);
    expect((await jobs()).length).toBe(before);
  });
});
