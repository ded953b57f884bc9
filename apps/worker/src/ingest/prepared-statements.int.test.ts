import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { INGEST_CONNECTIONS, type IngestProcess, startIngest } from '../runtime/ingest';
import { pressEveryPendant } from '../test/worker';

interface Prepared {
  name: string;
  generic_plans: string;
  custom_plans: string;
}

/**
 * The ingest's batch statements are named and planned once per connection, generically, in its warm-up
 * (decision 0489): after the warm-up every connection holds them prepared, and a batch of real presses prepares
 * no statement of its own and makes no custom plan.
 */
describe('[WORKER][INGEST][PREPARED]: the batch statements prepared and planned by the warm-up', () => {
  let db: TestDatabase;
  let facilities: TestFacility[];
  let ingest: IngestProcess;

  /** Every connection of the ingest's pool at once (so each is asked), with its prepared statements. */
  const preparedByConnection = async (): Promise<Prepared[][]> => {
    const clients: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < INGEST_CONNECTIONS; i++) clients.push(await ingest.ingestPool.connect());
      return await Promise.all(
        clients.map(
          async (c) =>
            (
              await c.query<Prepared>(
                `SELECT name, generic_plans::text, custom_plans::text FROM pg_prepared_statements
                  WHERE name LIKE 'sage\\_%' ORDER BY name`,
              )
            ).rows,
        ),
      );
    } finally {
      for (const c of clients) c.release();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    facilities = [];
    for (let i = 0; i < 2; i++) facilities.push(await createTestFacility(db.prisma));
    const config = loadWorkerConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
    ingest = await startIngest(config, { logger: false, listen: false });
  });
  afterAll(async () => {
    await ingest?.close();
    await db?.drop();
  });

  it('leaves every connection with the batch statements prepared and no press preparing one', async () => {
    const warmed = await preparedByConnection();
    // The gateway lookup, the lock, store, read, raise, activity and add_jobs: the same set on every connection.
    expect(warmed[0]!.length).toBeGreaterThanOrEqual(7);
    for (const statements of warmed) {
      expect(statements.map((s) => s.name)).toEqual(warmed[0]!.map((s) => s.name));
      for (const s of statements) expect(s).toMatchObject({ generic_plans: '1', custom_plans: '0' });
    }

    const { presses, statuses } = await pressEveryPendant(ingest.ingest, facilities);
    expect(statuses).toEqual(presses.map(() => 202));
    expect(
      (await db.prisma.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM "Task"'))[0]!.n,
    ).toBe(presses.length);

    const after = await preparedByConnection();
    for (const statements of after) {
      // Nothing prepared by the presses' batches, and every execution on the warm-up's generic plan.
      expect(statements.map((s) => s.name)).toEqual(warmed[0]!.map((s) => s.name));
      for (const s of statements) expect(s.custom_plans).toBe('0');
    }
    expect(after.flat().reduce((n, s) => n + Number(s.generic_plans), 0)).toBeGreaterThan(
      warmed.flat().reduce((n, s) => n + Number(s.generic_plans), 0),
    );
  });
});
