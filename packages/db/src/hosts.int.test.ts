import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma } from './client';
import { createPgClient, createPgPool, currentHost, HostDoesNotFitError } from './hosts';
import { destroyServer, type LocalServer, startPrimary, startStandby } from './local-cluster';

/**
 * The multi-host connection (decision 0520) and the pool roles (decision 0521) against two real servers: a primary
 * with a synchronous standby made by pg_basebackup -R (Debian's binaries), then a failover (the primary stopped,
 * the standby promoted).
 */
let primary: LocalServer;
let standby: LocalServer;
const pools: pg.Pool[] = [];

/** Resolves at `event` (unlike events.once, an 'error' on the way does not reject it). */
function next(emitter: NodeJS.EventEmitter, event: string): Promise<unknown[]> {
  return new Promise((resolve) => emitter.once(event, (...args: unknown[]) => resolve(args)));
}

function track(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  pools.push(pool);
  return pool;
}

/** Both hosts, the standby first: only the session requirement can pick the primary. */
function bothHosts(attrs: string): string {
  return `postgresql://postgres@127.0.0.1:${standby.port},127.0.0.1:${primary.port}/postgres?target_session_attrs=${attrs}`;
}

beforeAll(async () => {
  primary = await startPrimary({
    conf: ["synchronous_standby_names = 'standby'", 'synchronous_commit = remote_apply'],
  });
  standby = await startStandby(primary, { applicationName: 'standby' });
  const admin = createPgClient(primary.url());
  await admin.connect();
  // Committed only once the standby has applied it (remote_apply): the standby reads it at once.
  await admin.query('CREATE TABLE press (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
  await admin.query('INSERT INTO press (id) VALUES (1), (2)');
  await admin.end();
}, 120_000);

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => {})));
  if (standby) await destroyServer(standby);
  if (primary) await destroyServer(primary);
});

describe('a URL naming several hosts', () => {
  it('connects to the read-write one whatever the order', async () => {
    const pool = track(createPgPool(bothHosts('read-write'), { max: 2 }));
    const { rows } = await pool.query<{ in_recovery: boolean; port: number }>(
      "SELECT pg_is_in_recovery() AS in_recovery, current_setting('port')::int AS port",
    );
    expect(rows[0]).toEqual({ in_recovery: false, port: primary.port });
    expect(currentHost(bothHosts('read-write'))).toEqual({ host: '127.0.0.1', port: primary.port });
    await pool.query('INSERT INTO press (id) VALUES (3)');
  });

  it('gives a read pool the standby when the URL prefers one', async () => {
    const pool = track(createPgPool(bothHosts('prefer-standby'), { role: 'read', max: 1 }));
    const { rows } = await pool.query<{ in_recovery: boolean; n: number }>(
      'SELECT pg_is_in_recovery() AS in_recovery, count(*)::int AS n FROM press',
    );
    expect(rows[0]).toEqual({ in_recovery: true, n: 3 });
  });

  it('closes a connection that a write finds read-only, and the pool makes a new one', async () => {
    const pool = track(createPgPool(bothHosts('read-write'), { max: 1 }));
    const client = await pool.connect();
    const ended = next(client, 'end');
    await client.query('SET default_transaction_read_only = on');
    await expect(client.query('INSERT INTO press (id) VALUES (4)')).rejects.toMatchObject({ code: '25006' });
    await ended;
    client.release();
    await pool.query('INSERT INTO press (id) VALUES (4)');
    expect(pool.totalCount).toBe(1);
  });
});

describe('the primary role refuses a replica (the alert path never reads one)', () => {
  it('a pool made from the standby URL refuses every connection', async () => {
    const pool = track(createPgPool(standby.url(), { max: 1 }));
    const error = await pool.query('SELECT 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostDoesNotFitError);
    expect((error as Error).message).toMatch(
      new RegExp(`127.0.0.1:${standby.port} is a standby \\(in recovery\\), not read-write`),
    );
  });

  it('the Prisma client too, unless it is a read client', async () => {
    const writes = createPrisma(standby.url(), { max: 1 });
    await expect(writes.$queryRawUnsafe('SELECT 1')).rejects.toThrow(
      /is a standby \(in recovery\), not read-write/,
    );
    await writes.$disconnect();
    const reads = createPrisma(standby.url(), { max: 1, role: 'read' });
    const rows = await reads.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM press');
    expect(rows).toEqual([{ n: 4 }]);
    await reads.$disconnect();
  });
});

describe('a failover', () => {
  it('the pool and a LISTEN client find the promoted standby', async () => {
    const url = bothHosts('read-write');
    const pool = track(createPgPool(url, { max: 1 }));
    await pool.query('SELECT 1');
    expect(currentHost(url)?.port).toBe(primary.port);
    const listener = createPgClient(url);
    listener.on('error', () => {});
    await listener.connect();
    await listener.query('LISTEN press');
    const removed = next(pool, 'remove');
    const listenerEnded = next(listener, 'end');

    await primary.stop('fast');
    // The server ended both connections: the idle one left the pool, and the host is forgotten.
    await removed;
    await listenerEnded;
    expect(currentHost(url)).toBeNull();
    // No primary while the standby is still a standby.
    await expect(pool.query('SELECT 1')).rejects.toThrow(
      /no database host fits target_session_attrs=read-write/,
    );
    await standby.promote();
    // Alone now: no synchronous standby to wait for (what Patroni does when none is left; decision 0522).
    const alone = createPgClient(standby.url());
    await alone.connect();
    await alone.query("ALTER SYSTEM SET synchronous_standby_names = ''");
    await alone.query('SELECT pg_reload_conf()');
    await alone.end();

    const { rows } = await pool.query<{ port: number; n: number }>(
      "SELECT current_setting('port')::int AS port, count(*)::int AS n FROM press",
    );
    expect(rows[0]).toEqual({ port: standby.port, n: 4 });
    await pool.query('INSERT INTO press (id) VALUES (5)');
    const again = createPgClient(url);
    await again.connect();
    const notified = next(again, 'notification');
    await again.query('LISTEN press');
    await pool.query("NOTIFY press, 'after failover'");
    const [message] = (await notified) as [pg.Notification];
    expect(message.payload).toBe('after failover');
    await again.end();
  });
});
