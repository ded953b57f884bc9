import { randomUUID } from 'node:crypto';
import {
  recordTaskChangePg,
  setTaskChangeNotify,
  type TaskChangedNotification,
  withTransaction,
} from '@sage/db';
import { createTestDatabase, startTcpRelay, type TestDatabase } from '@sage/db/testing';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNatsLiveBus, type NatsLiveBus } from './bus';
import { type LiveRelay, startLiveRelay } from './relay';
import { DEVICE_QA_CHANNEL, RECOGNITION_CHANNEL, SESSION_ENDED_CHANNEL } from './subjects';
import { type NatsServer, startNatsServer, until } from './testing';

const quiet = { info() {}, warn() {}, error() {} };

describe('the NATS live bus: relay and subscriber against a real nats-server and PostgreSQL (decision 0400)', () => {
  let db: TestDatabase;
  let nats: NatsServer;
  let pool: pg.Pool;
  const facilityId = randomUUID();
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    setTaskChangeNotify(false);
    [db, nats] = await Promise.all([createTestDatabase(), startNatsServer()]);
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
  });
  afterEach(async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  });
  afterAll(async () => {
    setTaskChangeNotify(true);
    await pool?.end();
    await nats?.stop();
    await db?.drop();
  });

  const relay = async (extra: Partial<Parameters<typeof startLiveRelay>[0]> = {}) => {
    const r = await startLiveRelay({ natsUrl: nats.url, connectionString: db.url, logger: quiet, ...extra });
    opened.push(r);
    return r;
  };
  const bus = async (healIntervalMs = 60_000) => {
    const b = await createNatsLiveBus({
      natsUrl: nats.url,
      connectionString: db.url,
      logger: quiet,
      healIntervalMs,
    });
    opened.push(b);
    const changes: TaskChangedNotification[] = [];
    const sessions: (string | null)[] = [];
    const recognitions: unknown[] = [];
    const deviceQa: unknown[] = [];
    b.subscribe((c) => changes.push(c));
    b.subscribeSessionEnded((s) => sessions.push(s));
    b.subscribeRecognitions((r) => recognitions.push(r));
    b.subscribeDeviceQa((n) => deviceQa.push(n));
    return { bus: b as NatsLiveBus, changes, sessions, recognitions, deviceQa };
  };
  const record = async (taskId = randomUUID()) => {
    const version = await withTransaction(pool, (client) =>
      recordTaskChangePg(client, { facilityId, taskId, status: 'OPEN_UNCLAIMED', severity: 'STAFF_ASSIST' }),
    );
    return { version, taskId };
  };
  const leading = (r: LiveRelay) => until(() => r.leading(), 'the relay to lead');

  it('publishes a committed change, without NOTIFY, to every subscriber, once', async () => {
    const r = await relay();
    await leading(r);
    const [a, b] = [await bus(), await bus()];
    const listen = await pool.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN task_changed%'`,
    );
    expect(listen.rows[0].n).toBe(0);
    const { version, taskId } = await record();
    for (const s of [a, b]) {
      const got = await until(() => s.changes.find((c) => c.version === version), 'the change');
      expect(got).toEqual({
        facilityId,
        taskId,
        status: 'OPEN_UNCLAIMED',
        severity: 'STAFF_ASSIST',
        version,
      });
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(a.changes.filter((c) => c.version === version)).toHaveLength(1);
  });

  it('republishes ended sessions, high fives and device QA walks committed in Postgres', async () => {
    const r = await relay();
    await leading(r);
    const s = await bus();
    const sessionId = randomUUID();
    const recognition = { recognitionRid: randomUUID(), recipientRid: randomUUID(), facilityRid: facilityId };
    await pool.query('SELECT pg_notify($1, $2)', [SESSION_ENDED_CHANNEL, sessionId]);
    await pool.query('SELECT pg_notify($1, $2)', [RECOGNITION_CHANNEL, JSON.stringify(recognition)]);
    await until(() => s.sessions.includes(sessionId), 'the ended session');
    await until(() => s.recognitions.length === 1, 'the recognition');
    expect(s.recognitions[0]).toEqual(recognition);
    // A walk started or ended (docs/decisions/0505): the banner's notice reaches every API process.
    await pool.query('SELECT pg_notify($1, $2)', [
      DEVICE_QA_CHANNEL,
      JSON.stringify({ facilityRid: facilityId }),
    ]);
    await until(() => s.deviceQa.length === 1, 'the device QA notice');
    expect(s.deviceQa[0]).toEqual({ facilityRid: facilityId });
  });

  it('publishes a version committed after a later one (commit order is not version order)', async () => {
    const r = await relay();
    await leading(r);
    const s = await bus();
    const slow = await pool.connect();
    try {
      await slow.query('BEGIN');
      const early = await recordTaskChangePg(slow, {
        facilityId,
        taskId: randomUUID(),
        status: 'OPEN_UNCLAIMED',
        severity: 'MEDIUM_PRIORITY',
      });
      const { version: later } = await record();
      expect(later).toBeGreaterThan(early);
      await until(() => s.changes.some((c) => c.version === later), 'the later change');
      await new Promise((r) => setTimeout(r, 100));
      await slow.query('COMMIT');
      await until(() => s.changes.some((c) => c.version === early), 'the earlier version, committed last');
    } finally {
      slow.release();
    }
  });

  it('one relay publishes; when it goes, another takes over and publishes what was committed meanwhile', async () => {
    const first = await relay({ standbyRetryMs: 100 });
    await leading(first);
    const second = await relay({ standbyRetryMs: 100 });
    await new Promise((r) => setTimeout(r, 300));
    expect(second.leading()).toBe(false);
    const s = await bus();
    await first.close();
    const { version } = await record();
    await leading(second);
    await until(() => s.changes.some((c) => c.version === version), 'the change committed between relays');
  });

  it('after the NATS server restarts, delivers the changes committed while it was down (catch-up)', async () => {
    const r = await relay();
    await leading(r);
    const s = await bus();
    await nats.stop();
    await until(() => !s.bus.connected(), 'the bus to notice');
    const missed = [await record(), await record()];
    await nats.start();
    await until(() => s.bus.connected(), 'the bus to reconnect', 15_000);
    for (const { version } of missed) {
      await until(() => s.changes.some((c) => c.version === version), `version ${version}`);
    }
    expect(s.sessions).toContain(null);
    const { version } = await record();
    await until(() => s.changes.some((c) => c.version === version), 'a change after the restart');
  });

  it('a change committed while only the relay is cut off from NATS is published once it reconnects', async () => {
    // The relay reaches NATS through a proxy this test cuts; the subscriber stays connected all along, so it has
    // no reconnect of its own to catch up on. nats.js drops what is published while disconnected.
    const proxy = await startTcpRelay({ port: nats.port });
    opened.push(proxy);
    const r = await relay({ natsUrl: `nats://127.0.0.1:${proxy.port}` });
    await leading(r);
    const s = await bus();
    const { version: before } = await record();
    await until(() => s.changes.some((c) => c.version === before), 'a change before the cut');
    await proxy.cut();
    await until(() => !r.connected(), 'the relay to notice');
    const { version } = await record();
    // Long enough for the relay's polls (every 20 ms) to have seen the row while cut off.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await proxy.restore();
    await until(() => r.connected(), 'the relay to reconnect');
    await until(
      () => s.changes.some((c) => c.version === version),
      'the change committed while cut off',
      10_000,
    );
    expect(s.changes.filter((c) => c.version === version)).toHaveLength(1);
  });

  it('a subscriber that reconnects replays the TaskChange rows it missed, with no relay to publish them', async () => {
    const s = await bus();
    await nats.stop();
    await until(() => !s.bus.connected(), 'the bus to notice');
    const { version } = await record();
    await nats.start();
    await until(
      () => s.changes.some((c) => c.version === version),
      'the change replayed after the reconnect',
      15_000,
    );
  });

  it('heals a change no relay ever published, from the TaskChange rows', async () => {
    const s = await bus(200);
    const { version } = await record();
    await new Promise((r) => setTimeout(r, 300));
    expect(s.changes.some((c) => c.version === version)).toBe(false);
    await until(() => s.changes.some((c) => c.version === version), 'the healed change', 10_000);
  });
});
