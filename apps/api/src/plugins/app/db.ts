import { createPrisma, databaseOutage, onConnectionOpened, type PrismaClient } from '@sage/db';
import { readDatabaseUrl } from '@sage/service-kit/env';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The primary: every write, and every read of the alert path (decision 0521). */
    prisma: PrismaClient;
    /**
     * The read path (insights, response-time figures): READ_DATABASE_URL, a replica, when set; else `prisma`. Never
     * for the alert path or for a write (decision 0521).
     */
    readPrisma: PrismaClient;
  }
}

/** The Prisma client: given (tests share theirs) or opened from DATABASE_URL and closed with the app. */
export default fp<{ prisma?: PrismaClient }>(
  async function db(app: FastifyInstance, opts) {
    // A few connections stay open through quiet spells: the first read after one does not wait for a connect
    // (docs/decisions/0080).
    const prisma =
      opts.prisma ?? createPrisma(app.config.DATABASE_URL, { min: 2, applicationName: 'sage-api' });
    app.decorate('prisma', prisma);
    // Requests that met a lost database answered 503 and logged the loss once (decision 0593); the first new
    // connection that opens says it is back.
    onConnectionOpened(prisma, () => databaseOutage.back(app.log, 'api'));
    if (!opts.prisma) app.addHook('onClose', () => prisma.$disconnect());
    if (app.config.READ_DATABASE_URL) {
      const readPrisma = createPrisma(readDatabaseUrl(app.config), {
        role: 'read',
        applicationName: 'sage-api-read',
      });
      app.decorate('readPrisma', readPrisma);
      app.addHook('onClose', () => readPrisma.$disconnect());
    } else {
      app.decorate('readPrisma', prisma);
    }
  },
  { name: 'db', dependencies: ['config'] },
);
