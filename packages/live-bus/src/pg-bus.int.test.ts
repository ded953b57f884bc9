import { randomUUID } from 'node:crypto';
import { recordTaskChangePg, type TaskChangedNotification, withTransaction } from '@sage/db';
import { createTestDatabase, startTcpRelay, type TestDatabase } from '@sage/db/testing';
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
      const version = await withTransaction(pool, (client) =>
        recordTaskChangePg(client, {
          facilityId,
          taskId: randomUUID(),
          status: 'OPEN_UNCLAIMED',
          severity: 'HIGH_PRIORITY',
        }),
      );
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

  it('reconnects promptly once the database answers again, replays the gap, and gets a NOTIFY sent right after (decision 0590)', async () => {
    // The bus reaches PostgreSQL through a proxy the test closes (connections cut, new ones refused: a database
    // down, as during a failover) and opens again.
    const proxy = await startTcpRelay({ port: Number(new URL(db.url).port) });
    const lines: { level: string; msg: string }[] = [];
    const logger = {
      info: (_o: object, msg: string) => lines.push({ level: 'info', msg }),
      warn: (_o: object, msg: string) => lines.push({ level: 'warn', msg }),
      error: (_o: object, msg: string) => lines.push({ level: 'error', msg }),
    };
    const url = new URL(db.url);
    url.port = String(proxy.port);
    const bus = await createPgLiveBus({
      connectionString: url.toString(),
      logger,
      stillDownLogIntervalMs: 1_500,
    });
    try {
      const changes: TaskChangedNotification[] = [];
      const notices: unknown[] = [];
      let reconnects = 0;
      bus.subscribe((c) => changes.push(c));
      bus.subscribeDeviceQa?.((n) => notices.push(n));
      bus.subscribeSessionEnded((id) => {
        if (id === null) reconnects++;
      });
      const record = () =>
        withTransaction(pool, (client) =>
          recordTaskChangePg(client, {
            facilityId,
            taskId: randomUUID(),
            status: 'OPEN_UNCLAIMED',
            severity: 'HIGH_PRIORITY',
          }),
        );

      await proxy.cut();
      await until(() => !bus.connected(), 'the bus to notice the loss');
      const duringGap = await record();
      // Down long enough for the backoff to reach its cap and for one "still disconnected" error.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(bus.connected()).toBe(false);
      await proxy.restore();
      // A generous bound: the bus retries at least every second (it waited up to 5 s before).
      await until(() => reconnects === 1, 'the bus to reconnect once the database answers', 5_000);
      // Sent right after the reconnection: a device QA notice is never replayed, only the NOTIFY delivers it.
      const afterReconnect = await record();
      await pool.query('SELECT pg_notify($1, $2)', [
        DEVICE_QA_CHANNEL,
        JSON.stringify({ facilityRid: facilityId }),
      ]);
      await until(() => changes.some((c) => c.version === duringGap), 'the change recorded during the gap');
      await until(
        () => changes.some((c) => c.version === afterReconnect),
        'the change recorded right after the reconnect',
      );
      await until(() => notices.length === 1, 'the NOTIFY sent right after the reconnect');
      // One warn for the loss, one info when back; errors only while it stayed down (every 1.5 s here).
      expect(lines.filter((l) => l.level === 'warn')).toEqual([
        { level: 'warn', msg: 'live bus disconnected: reconnecting' },
      ]);
      expect(lines.filter((l) => l.level === 'info')).toEqual([
        { level: 'info', msg: 'live bus reconnected: replaying changes recorded meanwhile' },
      ]);
      const errors = lines.filter((l) => l.level === 'error');
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(new Set(errors.map((l) => l.msg))).toEqual(
        new Set(['live bus still disconnected: live screens get no changes until it reconnects']),
      );
    } finally {
      await bus.close();
      await proxy.close();
    }
  });
});
