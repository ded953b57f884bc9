import { randomUUID } from 'node:crypto';
import { recordTaskChangePg, type TaskChangedNotification } from '@sage/db';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgLiveBus, LIVE_BUS_APPLICATION_NAME } from './pg-bus';
import { DEVICE_QA_CHANNEL } from './subjects';
import { until } from './testing';

const quiet = { info() {}, warn() {}, error() {} };

describe('the Postgres live bus (LISTEN/NOTIFY, decision 0031)', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  const facilityId = randomUUID();
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await pool?.end();
    await db?.drop();
  });

  it('runs one query at a time on its connection: a heartbeat never overlaps the catch-up (no node-postgres queueing warning)', async () => {
    // A heartbeat every millisecond, and a catch-up long enough for many beats to fall due while it reads.
    const bus = await createPgLiveBus({
      connectionString: db.url,
      logger: quiet,
      heartbeatIntervalMs: 1,
      reconnectDelayMs: 10,
    });
    try {
      const changes: TaskChangedNotification[] = [];
      bus.subscribe((c) => changes.push(c));
      // The bus announces each reconnect to the session registry with `null` (some ends may have been missed).
      let reconnects = 0;
      bus.subscribeSessionEnded((id) => {
        if (id === null) reconnects++;
      });
      await pool.query(
        `INSERT INTO "TaskChange" ("facilityId", "taskId", status, severity)
         SELECT $1, 'backlog-' || i, 'OPEN_UNCLAIMED', 'STAFF_ASSIST' FROM generate_series(1, 30000) AS i`,
        [facilityId],
      );
      for (let drop = 0; drop < 3; drop++) {
        const seen = changes.length;
        const before = reconnects;
        const { rowCount } = await pool.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1`,
          [LIVE_BUS_APPLICATION_NAME],
        );
        expect(rowCount).toBe(1);
        await until(() => reconnects > before, 'the bus to reconnect');
        // The first catch-up replays the backlog; later ones find it delivered already.
        if (drop === 0) await until(() => changes.length >= seen + 30_000, 'the backlog replayed');
        await new Promise((r) => setTimeout(r, 50));
      }
      // Still live after the drops.
      const client = await pool.connect();
      let version: number;
      try {
        await client.query('BEGIN');
        version = await recordTaskChangePg(client, {
          facilityId,
          taskId: randomUUID(),
          status: 'OPEN_UNCLAIMED',
          severity: 'HIGH_PRIORITY',
        });
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await until(() => changes.some((c) => c.version === version), 'a change after the drops');
      expect(changes.filter((c) => c.version === version)).toHaveLength(1);
      expect(new Set(changes.map((c) => c.version)).size).toBe(changes.length);
      expect(warnings.map((w) => w.message).filter((m) => m.includes('already executing a query'))).toEqual(
        [],
      );
    } finally {
      await bus.close();
    }
  });

  it('delivers a device QA walk started or ended to its subscribers (docs/decisions/0505)', async () => {
    const bus = await createPgLiveBus({ connectionString: db.url, logger: quiet });
    try {
      const notices: unknown[] = [];
      bus.subscribeDeviceQa?.((n) => notices.push(n));
      await pool.query('SELECT pg_notify($1, $2)', [
        DEVICE_QA_CHANNEL,
        JSON.stringify({ facilityRid: facilityId }),
      ]);
      await until(() => notices.length === 1, 'the device QA notice');
      expect(notices).toEqual([{ facilityRid: facilityId }]);
    } finally {
      await bus.close();
    }
  });
});
