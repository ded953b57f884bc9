import { TASK_CHANGED_CHANNEL } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { INGEST_CONNECTIONS, type IngestProcess, startIngest } from '../runtime/ingest';
import { pressEveryPendant } from '../test/worker';

/**
 * The ingest's start (decision 0482): every connection of its pool is open before it accepts events, each has
 * run a whole batch of one press (rolled back), and the first presses, sent together from every gateway, open
 * no connection of their own (a new one's first batch cost 40-50 ms more than a warm one's).
 */
describe('[WORKER][INGEST][WARM-UP]: every ingest connection open and warmed before the first press', () => {
  let db: TestDatabase;
  let facilities: TestFacility[];
  let ingest: IngestProcess;
  let listener: pg.Client;
  const notified: string[] = [];
  let versionBefore: bigint;

  const counts = async () =>
    (
      await db.prisma.$queryRawUnsafe<Record<string, number>[]>(
        `SELECT (SELECT count(*)::int FROM "Task") AS tasks, (SELECT count(*)::int FROM "TaskChange") AS changes,
                (SELECT count(*)::int FROM "DeviceEvent") AS events,
                (SELECT count(*)::int FROM graphile_worker._private_jobs) AS jobs`,
      )
    )[0];
  const lastVersion = async () =>
    (
      await db.prisma.$queryRawUnsafe<{ v: bigint }[]>(
        `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM "TaskChange_version_seq"`,
      )
    )[0]!.v;
  /** The ingest's backends in this database, by pid, with when each was opened. */
  const ingestBackends = () =>
    db.prisma.$queryRawUnsafe<{ pid: number; started: Date }[]>(
      `SELECT pid, backend_start AS started FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'sage-ingest' ORDER BY pid`,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    // Three facilities with their gateways and residents' pendants: the warm-up's presses are theirs.
    facilities = [];
    for (let i = 0; i < 3; i++) facilities.push(await createTestFacility(db.prisma));
    listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (n) => {
      if (n.channel === TASK_CHANGED_CHANNEL) notified.push(n.payload ?? '');
    });
    await listener.query(`LISTEN ${TASK_CHANGED_CHANNEL}`);
    versionBefore = await lastVersion();
    const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
    ingest = await startIngest(config, { logger: false, listen: false });
  });
  afterAll(async () => {
    await ingest?.close();
    await listener?.end();
    await db?.drop();
  });

  it('opens every connection of its pool at start and runs a whole batch on each, keeping nothing', async () => {
    expect(ingest.ingestPool.totalCount).toBe(INGEST_CONNECTIONS);
    expect(await ingestBackends()).toHaveLength(INGEST_CONNECTIONS);
    // Each connection raised a task for real (its TaskChange took a version), then rolled back: no task,
    // change, event or job kept, and no NOTIFY sent.
    expect((await lastVersion()) - versionBefore).toBe(BigInt(INGEST_CONNECTIONS));
    expect(await counts()).toEqual({ tasks: 0, changes: 0, events: 0, jobs: 0 });
    await new Promise((r) => setTimeout(r, 100));
    expect(notified).toEqual([]);
  });

  it('takes the first presses of every gateway at once on those connections, opening none', async () => {
    const before = await ingestBackends();
    const { presses, statuses } = await pressEveryPendant(ingest.ingest, facilities);
    expect(statuses).toEqual(presses.map(() => 202));
    // The same backends, opened at start: the pool did not grow nor replace one.
    expect(await ingestBackends()).toEqual(before);
    // The warm-up left the raise whole: every press raised its task, with its change and NOTIFY, once.
    expect(await counts()).toMatchObject({ tasks: presses.length, changes: presses.length });
    for (let i = 0; i < 100 && notified.length < presses.length; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(notified).toHaveLength(presses.length);
  });
});
