import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({ status: z.enum(['ready', 'unavailable']), database: z.enum(['up', 'down']) });

/** Liveness (the process answers) and readiness (the database answers). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        security: [],
        response: { 200: ZHealth },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        security: [],
        response: { 200: ZReady, 503: ZReady },
      },
    },
    async (_request, reply) => {
      try {
        await app.prisma.$queryRaw`SELECT 1`;
        return { status: 'ready' as const, database: 'up' as const };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};
export default healthRoutes;
