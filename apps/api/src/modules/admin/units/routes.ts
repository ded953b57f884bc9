import {
  ERROR_REPLIES,
  ZErrorReplySchema,
  ZListUnitsQuerySchema,
  ZListUnitsReplySchema,
  ZSearchUnitsReplySchema,
  ZSearchUnitsRequestSchema,
  ZUnitDetailReplySchema,
  ZUnitParamsSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUnit, searchUnits } from './search-units';
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

  app.post(
    '/search',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'Units with their current occupants (by facility, care zone or care type)',
        body: ZSearchUnitsRequestSchema,
        response: { 200: ZSearchUnitsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => searchUnits(app.prisma, request.auth!.staffMemberId, request.body),
  );

  app.get(
    '/:unitId',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'A unit with its occupants and devices',
        params: ZUnitParamsSchema,
        response: { 200: ZUnitDetailReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getUnit(app.prisma, request.auth!.staffMemberId, request.params.unitId),
  );
};
export default unitsRoutes;
