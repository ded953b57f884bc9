import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import errors, { sqlState } from '@sage/service-kit/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The net under the request schemas (decision 0121): a value PostgreSQL refuses as data answers 400, not
 * 500. The routes here skip validation on purpose, to reach the real database with what a schema gap would let
 * through.
 */
describe('[API][ERRORS] PostgreSQL data errors', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const warnings: unknown[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    app = Fastify({ logger: false });
    await app.register(errors);
    app.addHook('onRequest', async (request) => {
      request.log.warn = ((...args: unknown[]) => {
        warnings.push(args[0]);
      }) as typeof request.log.warn;
    });
    app.get('/nul', async () => db.prisma.unit.findFirst({ where: { id: 'a\u0000b' } }));
    app.get('/year-zero', async () =>
      db.prisma.unit.findFirst({ where: { createdAt: { gt: new Date('0000-01-01T00:00:00Z') } } }),
    );
    app.get('/out-of-range', async () => db.prisma.$queryRawUnsafe('select $1::int as n', 99_999_999_999));
    app.get('/not-an-int', async () => db.prisma.$queryRawUnsafe("select 'abc'::int as n"));
    app.get('/other', async () => db.prisma.$queryRawUnsafe('select * from no_such_table'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it.each([
    ['/nul', '22021'],
    ['/year-zero', '22008'],
    ['/out-of-range', '22003'],
    ['/not-an-int', '22P02'],
  ])('%s (SQLSTATE %s) answers 400 INVALID_VALUE and logs a warning naming the route', async (url, state) => {
    warnings.length = 0;
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'INVALID_VALUE' });
    expect(warnings).toEqual([expect.objectContaining({ sqlState: state, route: url, method: 'GET' })]);
  });

  it('leaves other database errors a 500 that says nothing more', async () => {
    const res = await app.inject({ method: 'GET', url: '/other' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
  });

  it('reads the SQLSTATE from pg errors and from the errors Prisma wraps', () => {
    expect(sqlState({ code: '22021' })).toBe('22021');
    expect(
      sqlState({ code: 'P2039', meta: { driverAdapterError: { cause: { originalCode: '22008' } } } }),
    ).toBe('22008');
    expect(sqlState(new Error('wrapped', { cause: { code: '22P05' } }))).toBe('22P05');
    expect(sqlState({ code: 'P2002' })).toBeUndefined();
    expect(sqlState(new Error('plain'))).toBeUndefined();
  });

  it('names the body of a request whose JSON does not parse', async () => {
    const api = Fastify({ logger: false });
    await api.register(errors);
    api.post('/echo', async (request) => request.body);
    const res = await api.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ issues: [{ field: 'body', rule: 'parse' }] });
    await api.close();
  });
});
