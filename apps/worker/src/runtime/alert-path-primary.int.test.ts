import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../env';
import { startIngest } from './ingest';
import { startJobs } from './jobs';
import { startStandbyWatch } from './standby-watch';

/**
 * The alert path never runs on a replica (decision 0521): the ingest and the job process (escalations,
 * care-confirmation limits) given a URL whose sessions are read-only, as a replica's are, refuse to start and say
 * why, rather than answer 202 for presses they cannot store. The read URL is for reports only.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

function readOnly(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', '-c default_transaction_read_only=on');
  return u.toString();
}

describe('the alert path refuses a read-only server', () => {
  it('the ingest', async () => {
    const config = loadWorkerConfig({ NODE_ENV: 'test', DATABASE_URL: readOnly(db.url), INGEST_PORT: '0' });
    await expect(startIngest(config, { logger: false, listen: false })).rejects.toThrow(
      /is read-only, not read-write: the connection was closed/,
    );
  });

  it('the job process', async () => {
    const config = loadWorkerConfig({ NODE_ENV: 'test', DATABASE_URL: readOnly(db.url) });
    await expect(startJobs(config, { logger: false })).rejects.toThrow(/is read-only, not read-write/);
  });

  it('READ_DATABASE_URL does not change what the ingest writes to', async () => {
    const config = loadWorkerConfig({
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      READ_DATABASE_URL: readOnly(db.url),
      INGEST_PORT: '0',
    });
    const { ingest, close } = await startIngest(config, { logger: false, listen: false });
    const health = await ingest.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
    await close();
  });
});

describe('the standby watch (decision 0523)', () => {
  it('says loudly that a primary of a multi-host URL has no standby', async () => {
    const u = new URL(db.url);
    const multi = db.url.replace(
      `${u.hostname}:${u.port}`,
      `${u.hostname}:${u.port},${u.hostname}:${u.port}`,
    );
    const { createPgPool } = await import('@sage/db/hosts');
    const pool = createPgPool(multi, { max: 1 });
    const errors: string[] = [];
    const log = {
      error: (_: object, m: string) => {
        errors.push(m);
      },
      warn: () => {},
    };
    const watch = startStandbyWatch(pool, multi, log, 60_000);
    await watch.check();
    watch.stop();
    await pool.end();
    expect(watch.state).toMatchObject({
      expected: true,
      streaming: 0,
      trouble: expect.stringMatching(/no standby/),
    });
    expect(errors).toEqual([
      'database has no standby: commits are on one machine only until a standby streams again',
    ]);
  });
});
