import {
  ERROR_REPLIES,
  ZLocationQueryParamsSchema,
  ZLocationQueryQuerySchema,
  ZLocationQueryReplySchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryLocation } from './service';

/** The location query service (sign-in doc section 7; docs/decisions/0272). */
const locationQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/locationQuery/:taskRid',
    {
      schema: {
        tags: ['location query'],
        summary:
          'Where an alert came from: device, allocation, room, unit, building, wing, floor (404 for an alert the caller may not see)',
        params: ZLocationQueryParamsSchema,
        querystring: ZLocationQueryQuerySchema,
        response: { 200: ZLocationQueryReplySchema, ...ERROR_REPLIES },
      },
      config: { audit: 'PHI' },
    },
    async (request) =>
      queryLocation(app.prisma, request.auth!.staffMemberId, request.params.taskRid, request.query.deviceRid),
  );
};

export default locationQueryRoutes;
