import { ZErrorReplySchema, ZOutboxQuerySchema, ZOutboxReplySchema } from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_RATE_LIMITS } from '../../../plugins/app/public-limits';

/**
 * GET /dev/api/v1/outbox?to=<E.164 number or email>: the local outbox, newest first. Registered only with the
 * outbox transport (never in production: the config refuses the outbox there).
 */
const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { rateLimit: PUBLIC_RATE_LIMITS.devOutbox },
      schema: {
        tags: ['dev'],
        summary: 'Messages of the local outbox to one recipient, newest first',
        querystring: ZOutboxQuerySchema,
        response: { 200: ZOutboxReplySchema, 400: ZErrorReplySchema, 429: ZErrorReplySchema },
      },
    },
    async (request) => {
      const rows = await app.prisma.outboxMessage.findMany({
        where: { to: request.query.to },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: 50,
        select: { to: true, from: true, body: true, createdAt: true },
      });
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );
};
export default outboxRoutes;
