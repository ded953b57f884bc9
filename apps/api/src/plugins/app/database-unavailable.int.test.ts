import { Writable } from 'node:stream';
import { PROFILE_HEADER } from '@sage/contract';
import { createPrisma } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { createTestDatabase, startTcpRelay } from '@sage/db/testing';
import { DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@sage/service-kit/errors';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../env';
import { openSessionToken } from '../../modules/auth/sessions/open-session';

/**
 * Decision 0593 (issue #30's leftover): a request that meets a database it cannot reach (a failover, a restart)
 * answers 503 with Retry-After, not a 500; the loss is logged once, and its return once, when a connection opens.
 */
describe('[API][ERRORS]: while the database cannot be reached', () => {
  it('answers 503 with Retry-After, logs the loss once and its return once, and serves again when it is back', async () => {
    const db = await createTestDatabase();
    const f = await createTestFacility(db.prisma);
    const server = new URL(db.url);
    const relay = await startTcpRelay({ host: server.hostname, port: Number(server.port || 5432) });
    const relayed = new URL(db.url);
    relayed.host = `127.0.0.1:${relay.port}`;
    const lines: { level: number; msg: string; source?: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: relayed.toString() });
    // The API's own client, through the relay (the test's client stays on the server, for the session below).
    const prisma = createPrisma(relayed.toString(), { connectionTimeoutMillis: 1_000 });
    const app = await buildApp(config, { prisma, logger: { level: 'debug', stream } });
    await app.ready();
    const { token } = await openSessionToken(db.prisma, f.staff.manager.id, config.JWT_SECRET, 600);
    const headers = { authorization: `Bearer ${token}`, [PROFILE_HEADER]: f.staff.manager.id };
    const readUnits = () =>
      app.inject({ method: 'GET', url: `/admin/api/v1/units?facilityId=${f.facilityId}`, headers });
    try {
      expect((await readUnits()).statusCode).toBe(200);

      await relay.cut();
      for (let i = 0; i < 3; i++) {
        const res = await readUnits();
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
        expect(res.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          code: 'database_unavailable',
          message: 'The database cannot be reached just now; try again in a few seconds',
        });
      }
      const warnings = lines.filter((l) => l.level === 40 && l.source === 'api');
      expect(warnings.map((l) => l.msg)).toEqual([
        'database connection lost: retrying (further failures at debug level)',
      ]);
      // No "request failed" error stack per request: the loss is not a bug.
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);

      await relay.restore();
      expect((await readUnits()).statusCode).toBe(200);
      expect(lines.filter((l) => l.msg === 'database connection back' && l.source === 'api')).toHaveLength(1);
    } finally {
      await app.close();
      await prisma.$disconnect();
      await relay.close();
      await db.drop();
    }
  });
});
