import {
  ERROR_REPLIES,
  ZRecordTourRequestSchema,
  ZStaffMemberParamsSchema,
  ZStaffTourSchema,
  ZStaffTourSearchReplySchema,
  ZStaffTourSearchRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStaffTour, recordStaffTour, searchStaffTours } from './tour-service';

const errors = ERROR_REPLIES;
const tags = ['admin: staff'];

/** The guided tour's record per staff member (sign-in doc sections 2 and 4; docs/decisions/0360). */
const staffTourRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    '/staff/:staffMemberId/tour',
    {
      schema: {
        tags,
        summary:
          "A staff member's guided tour: offered, completed (the person, or a manager where they work)",
        params: ZStaffMemberParamsSchema,
        response: { 200: ZStaffTourSchema, ...errors },
      },
    },
    async (request) => getStaffTour(app.prisma, caller(request), request.params.staffMemberId),
  );

  app.put(
    '/staff/:staffMemberId/tour',
    {
      schema: {
        tags,
        summary: 'Record that the guided tour was offered or completed (the person themselves only)',
        params: ZStaffMemberParamsSchema,
        body: ZRecordTourRequestSchema,
        response: { 200: ZStaffTourSchema, ...errors },
      },
    },
    async (request) =>
      recordStaffTour(app.prisma, caller(request), request.params.staffMemberId, request.body),
  );

  app.post(
    '/staff/tour/search',
    {
      schema: {
        tags,
        summary: "Who at a facility has completed the guided tour (the facility's managers)",
        body: ZStaffTourSearchRequestSchema,
        response: { 200: ZStaffTourSearchReplySchema, ...errors },
      },
    },
    async (request) => searchStaffTours(app.prisma, caller(request), request.body),
  );
};
export default staffTourRoutes;
