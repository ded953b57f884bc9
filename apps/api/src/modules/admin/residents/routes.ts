import {
  ERROR_REPLIES,
  ZListResidentsQuerySchema,
  ZListResidentsReplySchema,
  ZResidentParamsSchema,
  ZResidentReplySchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getResident, listResidents } from './service';

const errors = ERROR_REPLIES;
const tags = ['admin: residents'];

/** Residents (alerts doc section 7): list and get, PHI only with PHI access. */
const residentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: "Residents of the caller's facilities (not archived unless asked)",
        querystring: ZListResidentsQuerySchema,
        response: { 200: ZListResidentsReplySchema, ...errors },
      },
    },
    async (request) => listResidents(app.prisma, request.auth!.staffMemberId, request.query),
  );

  app.get(
    '/:residentId',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: 'A resident',
        params: ZResidentParamsSchema,
        response: { 200: ZResidentReplySchema, ...errors },
      },
    },
    async (request) => getResident(app.prisma, request.auth!.staffMemberId, request.params.residentId),
  );
};
export default residentsRoutes;
