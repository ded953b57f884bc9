import {
  ERROR_REPLIES,
  ZCheckInParamsSchema,
  ZCheckInReplySchema,
  ZCreateCheckInRequestSchema,
  ZListCheckInsQuerySchema,
  ZListCheckInsReplySchema,
  ZSearchCheckInsReplySchema,
  ZSearchCheckInsRequestSchema,
  ZUpdateCheckInRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCheckIn, getOrCreateCheckIn, listCheckIns, searchCheckIns, updateCheckIn } from './service';

const errors = ERROR_REPLIES;
const tags = ['admin: check-ins'];

/** Daily unit check-ins (alerts doc section 7): list, get-or-create for a unit, get, update. */
const checkInsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: "Check-ins of a day for the caller's facilities (units without one yet listed as PENDING)",
        querystring: ZListCheckInsQuerySchema,
        response: { 200: ZListCheckInsReplySchema, ...errors },
      },
    },
    async (request) => listCheckIns(app.prisma, request.auth!.staffMemberId, request.query, app.now()),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: "Today's check-in of a unit, created as PENDING when missing",
        body: ZCreateCheckInRequestSchema,
        response: { 200: ZCheckInReplySchema, ...errors },
      },
    },
    async (request) => getOrCreateCheckIn(app.prisma, request.auth!.staffMemberId, request.body, app.now()),
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary:
          "Search the stored check-ins of the caller's facilities (filters, days, paging; newest day first)",
        body: ZSearchCheckInsRequestSchema,
        response: { 200: ZSearchCheckInsReplySchema, ...errors },
      },
    },
    async (request) => searchCheckIns(app.prisma, request.auth!.staffMemberId, request.body),
  );

  app.get(
    '/:checkInId',
    {
      schema: {
        tags,
        summary: 'A check-in',
        params: ZCheckInParamsSchema,
        response: { 200: ZCheckInReplySchema, ...errors },
      },
    },
    async (request) => getCheckIn(app.prisma, request.auth!.staffMemberId, request.params.checkInId),
  );

  app.put(
    '/:checkInId',
    {
      schema: {
        tags,
        summary:
          'Check a unit in with a reason (COMPLETE) or remove its check-in (PENDING); 409 CHECK_IN_DOWNTIME before 4:00 am facility time',
        params: ZCheckInParamsSchema,
        body: ZUpdateCheckInRequestSchema,
        response: { 200: ZCheckInReplySchema, ...errors },
      },
    },
    async (request) =>
      updateCheckIn(
        app.prisma,
        request.auth!.staffMemberId,
        request.params.checkInId,
        request.body,
        app.now(),
      ),
  );
};
export default checkInsRoutes;
