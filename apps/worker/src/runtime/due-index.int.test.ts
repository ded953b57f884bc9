import { ADD_JOBS_SQL, addJobsParams, GENERIC_PLANS_SESSION_OPTIONS, JobName } from '@sage/db';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { DEAD_POOLS_SQL, OWN_STALE_LOCKS_SQL } from '../recovery/takeover';
import { eventually } from '../test/worker';
import { type JobProcess, startJobs } from './jobs';

/**
 * The job process's fetches read the due jobs only, and the takeover's sweeps the locked ones (decisions 0483, 0485). With many jobs queued for later (every
 * open task's next escalation runs: 30,000-60,000 in a minute at 500 presses/s), graphile-worker 0.17's fetch, ordered
 * by (priority, run_at) on its own indexes, read every waiting job whenever it found nothing due, and a one-job fetch
 * (a pool without a local queue) was planned that way even with the run_at index there. The fetches the three pools
 * really send are recorded here, then planned and run (rolled back) against 20,000 waiting jobs, as prepared
 * statements past PostgreSQL's five custom plans.
 */
const WAITING = 20_000;
const DUE_ELSEWHERE = 400;
let db: TestDatabase;
let jobs: JobProcess | undefined;
/** The fetches the pools sent, by text and task ids: the text and its values. */
const fetches = new Map<string, { text: string; values: unknown[] }>();
/** The connections the fetches were sent on. */
const fetchClients = new Set<pg.Client>();
const query = pg.Client.prototype.query;

beforeAll(async () => {
  db = await createTestDatabase();
  const inAnHour = new Date(Date.now() + 3_600_000);
  await db.prisma.$queryRawUnsafe(
    ADD_JOBS_SQL,
    ...addJobsParams(
      Array.from({ length: WAITING }, (_, i) => ({
        identifier: JobName.runNotificationBlock,
        payload: { contextId: `waiting-${i}`, blockIndex: 1, run: 0 },
        runAt: new Date(inAnHour.getTime() + i),
        jobKey: `notify-block:waiting-${i}:1`,
        priority: -(i % 4),
        maxAttempts: 3,
      })),
    ),
  );
  // And a few due jobs of a task no pool of this process runs (another process's), as a busy queue has at any moment:
  // with a handful due by the statistics, a one-job fetch is planned as a walk of graphile-worker's index.
  await db.prisma.$queryRawUnsafe(
    ADD_JOBS_SQL,
    ...addJobsParams(
      Array.from({ length: DUE_ELSEWHERE }, (_, i) => ({
        identifier: 'another-process-task',
        payload: { i },
        runAt: new Date(Date.now() - 1_000),
        jobKey: null,
        priority: 0,
        maxAttempts: 1,
      })),
    ),
  );
  await db.prisma.$executeRawUnsafe('ANALYZE graphile_worker._private_jobs');
  // Every fetch text the pools send, with its values (graphile-worker's own statement; its LIMIT is the pool's batch).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { text?: string; values?: unknown[] } | string;
    if (typeof config === 'object' && config?.text?.startsWith('with j as')) {
      const values = config.values ?? [];
      fetches.set(`${config.text}\u0000${JSON.stringify(values[1])}`, { text: config.text, values });
      fetchClients.add(this);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const config = loadWorkerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    WORKER_CONCURRENCY: '8',
    WORKER_TIMER_CONCURRENCY: '8',
  });
  jobs = await startJobs(config, { logger: false });
  // Each pool fetches as it starts; a NOTIFY of jobs queued for later wakes each again.
  await db.prisma.$executeRawUnsafe(`SELECT pg_notify('jobs:insert', '{"count":8}')`);
  await eventually(async () => fetches.size >= 3);
});

afterAll(async () => {
  pg.Client.prototype.query = query;
  await jobs?.close();
  await db?.drop();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe('[WORKER][FETCH]: the job queue fetch with 20,000 jobs queued for later', () => {
  it('each pool fetches a batch, and every fetch reads the due jobs by run_at, not the waiting ones', async () => {
    // The three pools (the other jobs', the timed jobs', the escalation starts'), each with a local queue: no fetch of
    // one job (decision 0483).
    const limits = [...fetches.values()].map(({ text }) => Number(/limit (\d+)/.exec(text)?.[1]));
    expect(limits.sort((a, b) => a - b)).toEqual([8, 16, 32]);

    // Planned as the queue's sessions plan them (decision 0492): generic plans only.
    const client = new pg.Client({ connectionString: db.url, options: GENERIC_PLANS_SESSION_OPTIONS });
    await client.connect();
    try {
      for (const [i, { text, values }] of [...fetches.values()].entries()) {
        await client.query('BEGIN');
        await client.query(`PREPARE fetch${i}(text, int[]) AS ${text}`);
        const args = `'${String(values[0]).replaceAll("'", "''")}', '{${(values[1] as number[]).join(',')}}'`;
        let plan: PlanNode | undefined;
        // Past the five custom plans, PostgreSQL may settle on a generic plan: the one every later fetch runs.
        for (let run = 0; run < 7; run++) {
          const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE fetch${i}(${args})`,
          );
          plan = rows[0]!['QUERY PLAN'][0].Plan;
        }
        await client.query('ROLLBACK');
        const jobReads = nodes(plan!).filter(
          (n) => n['Relation Name'] === '_private_jobs' && n['Node Type'] !== 'ModifyTable',
        );

        expect(jobReads.map((n) => n['Index Name'] ?? n['Node Type'])).toContain('sage_jobs_due_index');
        expect(jobReads.map((n) => n['Node Type'])).not.toContain('Seq Scan');
        // Nothing of the pool's is due: the due entries and their rows, where the waiting jobs' take thousands.
        const pages = (plan!['Shared Hit Blocks'] ?? 0) + (plan!['Shared Read Blocks'] ?? 0);
        expect(pages, text).toBeLessThan(2 * DUE_ELSEWHERE + 50);
      }
    } finally {
      await client.end();
    }
  });

  it("the fetches run on sessions that keep one generic plan (decision 0492); the jobs' own statements keep the default", async () => {
    expect(fetchClients.size).toBeGreaterThan(0);
    for (const client of fetchClients) {
      const { rows } = await client.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
      expect(rows[0]!.plan_cache_mode).toBe('force_generic_plan');
    }
    const { rows } = await jobs!.pool.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
    expect(rows[0]!.plan_cache_mode).toBe('auto');
  });

  it("the takeover's sweeps, once a second, read the locked jobs only", async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      for (const [sql, values] of [
        [DEAD_POOLS_SQL, [30_000, ['this-process']]],
        [OWN_STALE_LOCKS_SQL, [['this-process'], 30_000]],
      ] as const) {
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
          [...values],
        );
        const plan = rows[0]!['QUERY PLAN'][0].Plan;
        const jobReads = nodes(plan).filter((n) => n['Relation Name'] === '_private_jobs');
        expect(jobReads.map((n) => n['Index Name'] ?? n['Node Type'])).toEqual(['sage_jobs_locked_index']);
        expect((plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0), sql).toBeLessThan(20);
      }
    } finally {
      await client.end();
    }
  });
});
