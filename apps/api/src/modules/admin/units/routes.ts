import { ZErrorReplySchema, ZListUnitsQuerySchema, ZListUnitsReplySchema } from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listUnits } from './service';

const unitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'List units of the facilities the caller works in',
        querystring: ZListUnitsQuerySchema,
        response: {
          200: ZListUnitsReplySchema,
          400: ZErrorReplySchema,
          401: ZErrorReplySchema,
          403: ZErrorReplySchema,
        },
      },
    },
    async (request) => listUnits(app.prisma, request.auth!.staffMemberId, request.query),
  );
};
export default unitsRoutes;
