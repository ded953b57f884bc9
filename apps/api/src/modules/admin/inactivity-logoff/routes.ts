import {
  ERROR_REPLIES,
  ZFacilityIdParamsSchema,
  ZInactivityLogoffReplySchema,
  ZInactivityLogoffSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getInactivityLogoff, setInactivityLogoff } from './service';

const tags = ['admin: facilities'];

/** A facility's automatic logoff limits (decisions 0142-0143). */
const inactivityLogoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:facilityId/inactivityLogoff',
    {
      schema: {
        tags,
        summary: "The facility's automatic logoff limits, in minutes",
        params: ZFacilityIdParamsSchema,
        response: { 200: ZInactivityLogoffReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      getInactivityLogoff(app.prisma, request.auth!.staffMemberId, request.params.facilityId),
  );

  app.put(
    '/:facilityId/inactivityLogoff',
    {
      schema: {
        tags,
        summary: "Set the facility's automatic logoff limits (management-group admins)",
        params: ZFacilityIdParamsSchema,
        body: ZInactivityLogoffSchema,
        response: { 200: ZInactivityLogoffReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      setInactivityLogoff(app.prisma, request.auth!.staffMemberId, request.params.facilityId, request.body),
  );
};

export default inactivityLogoffRoutes;
