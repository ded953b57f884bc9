import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing';

/**
 * Decision 0920: every heartbeat updates its device's row, and none of the columns it writes is indexed, so the
 * update can stay in the row's page (a HOT update: no index entry, the page pruned in place) when the page has
 * room. The table keeps half of each page free for that. Packed full (PostgreSQL's default), most of a fleet's
 * heartbeats moved their row to another page and wrote all four of the table's indexes.
 */
describe('Device rows keep room for their heartbeats (decision 0920)', () => {
  let db: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('updates a whole window of freshly written devices in place: no row leaves its page', async () => {
    await client.query('BEGIN');
    try {
      // Pages written at once, as a bulk registration (or the bench's fleet) writes them: full at fillfactor 100.
      const devices = 500;
      await client.query(
        `INSERT INTO "Device" ("hardwareId", type, "batteryLevel", "lastHeardAt")
         SELECT 'FILL-' || n, 'SAGE_BUTTON', 90, now() - interval '4 minutes' FROM generate_series(1, $1::int) n`,
        [devices],
      );
      // What the heartbeat path writes for each device of its window (ingest/heartbeats.ts HEARTBEATS_SQL).
      const { rowCount } = await client.query(
        `UPDATE "Device" SET "lastHeardAt" = now(), "batteryLevel" = 89, "updatedAt" = now()
          WHERE "hardwareId" LIKE 'FILL-%'`,
      );
      expect(rowCount).toBe(devices);
      const { rows } = await client.query<{ updated: string; hot: string }>(
        `SELECT pg_stat_get_xact_tuples_updated('"Device"'::regclass) AS updated,
                pg_stat_get_xact_tuples_hot_updated('"Device"'::regclass) AS hot`,
      );
      expect(Number(rows[0]!.updated)).toBe(devices);
      expect(Number(rows[0]!.hot)).toBe(devices);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});
