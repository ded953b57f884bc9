import { databaseOutage, isDatabaseUnavailable, type PrismaClient } from '@sage/db';
import errors from '@sage/service-kit/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './env';
import { registerModules } from './modules';
import audit from './plugins/app/audit';
import auth from './plugins/app/auth';
import config from './plugins/app/config';
import db from './plugins/app/db';
import liveBus from './plugins/app/live-bus';
import noStore from './plugins/app/no-store';
import rateLimits from './plugins/app/rate-limit';
import web from './plugins/app/web';
import compression from './plugins/external/compress';
import openapi from './plugins/external/openapi';
import security from './plugins/external/security';

/**
 * Largest request body any route takes (JSON of the APIs); routes that take less say so (sign-in, webhooks).
 * 413 above it. The biggest real bodies (bulk subscriptions, policies) stay far below (decision 0133).
 */
export const BODY_LIMIT_BYTES = 256 * 1024;

export interface BuildAppOptions {
  /** Use this client instead of opening one from DATABASE_URL (tests share theirs). */
  prisma?: PrismaClient;
  /** Pino logger options, or false to keep tests quiet. */
  logger?: boolean | object;
  /** The clock routes read as `app.now()` (tests pass a fixed one); the system clock by default. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time; a seam for tests (BuildAppOptions.now). */
    now: () => Date;
  }
}

/** The whole API process as one Fastify instance; the server and the tests both build it here. */
export async function buildApp(cfg: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: cfg.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers["x-gateway-key"]'],
    },
    trustProxy: cfg.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('now', options.now ?? (() => new Date()));

  await app.register(config, { config: cfg });
  await app.register(errors, {
    databaseUnavailable: {
      is: isDatabaseUnavailable,
      lost: (log, error) => databaseOutage.lost(log, 'api', error),
    },
  });
  await app.register(security);
  await app.register(noStore);
  await app.register(compression);
  await app.register(db, { prisma: options.prisma });
  await app.register(rateLimits);
  await app.register(openapi);
  await app.register(liveBus);
  await app.register(auth);
  await app.register(audit);
  await registerModules(app);
  await app.register(web);
  return app;
}
