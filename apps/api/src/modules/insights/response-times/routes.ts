import { ERROR_REPLIES, ZResponseTimesQuerySchema, ZResponseTimesReplySchema } from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responseTimes } from './response-times';

const tags = ['insights: response times'];

/** Response-time figures of a facility for its managers (issue 14; docs/decisions/0300-0303). */
const responseTimesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary:
          'Claim, at-bedside and resolve times (p50, p90, count) of a facility over a period, overall and by staff member, shift, care zone, alert kind and hour of day (management)',
        querystring: ZResponseTimesQuerySchema,
        response: { 200: ZResponseTimesReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => responseTimes(app.readPrisma, request.auth!.staffMemberId, request.query),
  );
};

export default responseTimesRoutes;
