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
    const prisma = opts.prisma ?? createPrisma(app.config.DATABASE_URL);
    app.decorate('prisma', prisma);
    if (!opts.prisma) app.addHook('onClose', () => prisma.$disconnect());
  },
  { name: 'db', dependencies: ['config'] },
);
