import { Writable } from 'node:stream';
import { CLIENT_ERROR_RATE_PER_MINUTE, CLIENT_ERRORS_PATH, PROFILE_HEADER } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { type Config, loadConfig } from '../../../env';
import { openSessionToken } from '../../auth/sessions/open-session';

/** The API with its log captured (JSON lines), as the server writes it. */
describe('[CLIENT ERRORS]: the web app reports errors to the server log, with the session and no PHI', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let config: Config;
  let f: TestFacility;
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const reports = () => lines.filter((l) => l.msg === 'web app error');

  beforeAll(async () => {
    db = await createTestDatabase();
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: db.url });
    app = await buildApp(config, { prisma: db.prisma, logger: { level: 'info', stream } });
    await app.ready();
    f = await createTestFacility(db.prisma);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: CLIENT_ERRORS_PATH,
      payload: payload as object,
      headers,
      remoteAddress,
    });

  it('a signed-in report is logged at error level with the staff member, session and facility', async () => {
    const { token, sessionId } = await openSessionToken(
      db.prisma,
      f.staff.caregiver.id,
      config.JWT_SECRET,
      600,
    );
    const res = await post(
      {
        source: 'WINDOW_ERROR',
        name: 'TypeError',
        message: 'x is undefined',
        stack: 'TypeError: x is undefined\n    at render (app.js:1:2)',
        path: '/alerts/123',
        facilityId: f.facilityId,
      },
      { authorization: `Bearer ${token}`, [PROFILE_HEADER]: f.staff.caregiver.id },
    );
    expect(res.statusCode).toBe(202);
    const entry = reports().at(-1)!;
    expect(entry).toMatchObject({
      level: 50,
      staffMemberId: f.staff.caregiver.id,
      sessionId,
      facilityId: f.facilityId,
      signedIn: true,
      clientError: { source: 'WINDOW_ERROR', message: 'x is undefined', path: '/alerts/123' },
    });
  });

  it('an unauthenticated report (the sign-in page) is accepted and logged at warn level, without a session', async () => {
    const res = await post(
      { source: 'UNHANDLED_REJECTION', message: 'fetch failed', path: '/signin' },
      {},
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(202);
    const entry = reports().at(-1)!;
    expect(entry).toMatchObject({ level: 40, signedIn: false, clientError: { message: 'fetch failed' } });
    expect(entry.sessionId).toBeUndefined();
    expect(entry.staffMemberId).toBeUndefined();
  });

  it('bad input is a 400 naming the field: unknown fields, query strings, too long texts, a wrong source', async () => {
    const before = reports().length;
    const cases: [unknown, string][] = [
      [{ source: 'WINDOW_ERROR', message: 'x', pageText: 'Margaret Hale' }, 'body'],
      [{ source: 'WINDOW_ERROR', message: 'x', path: '/residents?name=Hale' }, 'body.path'],
      [{ source: 'WINDOW_ERROR', message: 'x'.repeat(1_001) }, 'body.message'],
      [{ source: 'WINDOW_ERROR', message: 'x', stack: 's'.repeat(8_001) }, 'body.stack'],
      [{ source: 'CONSOLE', message: 'x' }, 'body.source'],
      [{ source: 'WINDOW_ERROR' }, 'body.message'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload, {}, '10.0.0.3');
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().issues[0].field).toBe(field);
    }
    const huge = await post(
      { source: 'WINDOW_ERROR', message: 'x', stack: 's'.repeat(20_000) },
      {},
      '10.0.0.3',
    );
    expect(huge.statusCode).toBe(413);
    expect(reports().length).toBe(before);
  });

  it('is rate-limited per address (429 past the limit; another address is still heard)', async () => {
    const body = { source: 'REPORTED', message: 'again' };
    for (let i = 0; i < CLIENT_ERROR_RATE_PER_MINUTE; i++)
      expect((await post(body, {}, '10.0.0.9')).statusCode).toBe(202);
    expect((await post(body, {}, '10.0.0.9')).statusCode).toBe(429);
    expect((await post(body, {}, '10.0.0.10')).statusCode).toBe(202);
  });
});
