import { createPrisma, type PrismaClient } from '@sage/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    prisma: PrismaClient;
  }
}

/** The Prisma client: given (tests share theirs) or opened from DATABASE_URL and closed with the app. */
export default fp<{ prisma?: PrismaClient }>(
  async function db(app: FastifyInstance, opts) {
    // A few connections stay open through quiet spells: the first read after one does not wait for a connect
    // (docs/decisions/0080).
    const prisma = opts.prisma ?? createPrisma(app.config.DATABASE_URL, { min: 2 });
    app.decorate('prisma', prisma);
    if (!opts.prisma) app.addHook('onClose', () => prisma.$disconnect());
  },
  { name: 'db', dependencies: ['config'] },
);
