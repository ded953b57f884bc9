import { PROFILE_HEADER } from '@sage/contract';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../env';
import { openSessionToken } from '../modules/auth/sessions/open-session';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  /** Headers of a signed-in staff member (a real token of a real session, as the sign-in routes issue them). */
  headersFor(staffMemberId: string, ttlSeconds?: number): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** The whole API in-process on a fresh database of its own (use in beforeAll; close in afterAll). */
export async function buildTestApp(
  env: Record<string, string> | ((databaseUrl: string) => Record<string, string>) = {},
  options: { now?: () => Date } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const extra = typeof env === 'function' ? env(db.url) : env;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, ...extra });
  const app = await buildApp(config, { prisma: db.prisma, logger: false, now: options.now });
  await app.ready();
  return {
    app,
    db,
    config,
    async headersFor(staffMemberId, ttlSeconds = config.ACCESS_TOKEN_TTL_SECONDS) {
      const { token } = await openSessionToken(db.prisma, staffMemberId, config.JWT_SECRET, ttlSeconds);
      return { authorization: `Bearer ${token}`, [PROFILE_HEADER]: staffMemberId };
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
