import {
  ERROR_REPLIES,
  ZBulkUpdateDeviceQaSessionsRequestSchema,
  ZCreateDeviceQaSessionRequestSchema,
  ZDeviceAuditFacilityParamsSchema,
  ZDeviceQaSessionListReplySchema,
  ZDeviceQaSessionParamsSchema,
  ZDeviceQaSessionReplySchema,
  ZListDeviceQaSessionsQuerySchema,
  ZUpdateDeviceQaSessionRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkUpdateWalks, deleteWalk, listWalks, startWalk, updateWalk } from './service';

const errors = ERROR_REPLIES;
const tags = ['device audit: device QA sessions'];

/**
 * Device QA sessions (docs/decisions/0270, 0271): a technician's walk pressing every device; its presses are
 * recorded by the ingest and raise no alert. Management, maintenance and provider support of the facility.
 */
const deviceQaSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = (request: { auth?: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.post(
    '',
    {
      schema: {
        tags,
        summary: "Start the facility's QA walk (one at a time: 409); presses raise no alert until it ends",
        body: ZCreateDeviceQaSessionRequestSchema,
        response: { 201: ZDeviceQaSessionReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await startWalk(app.prisma, staff(request), request.body, app.now())),
  );

  app.get(
    '/facilities/:facilityRid',
    {
      schema: {
        tags,
        summary: "A facility's QA walks, newest first, each with its devices heard and not heard",
        params: ZDeviceAuditFacilityParamsSchema,
        querystring: ZListDeviceQaSessionsQuerySchema,
        response: { 200: ZDeviceQaSessionListReplySchema, ...errors },
      },
    },
    async (request) =>
      listWalks(app.prisma, staff(request), request.params.facilityRid, request.query.status, app.now()),
  );

  app.put(
    '/bulk',
    {
      schema: {
        tags,
        summary: 'Finish, cancel or annotate several walks, all or nothing',
        body: ZBulkUpdateDeviceQaSessionsRequestSchema,
        response: { 200: ZDeviceQaSessionListReplySchema, ...errors },
      },
    },
    async (request) => bulkUpdateWalks(app.prisma, staff(request), request.body, app.now()),
  );

  app.put(
    '/:deviceQaSessionRid',
    {
      schema: {
        tags,
        summary: 'Finish (COMPLETED) or cancel a walk (409 once ended), or change its notes',
        params: ZDeviceQaSessionParamsSchema,
        body: ZUpdateDeviceQaSessionRequestSchema,
        response: { 200: ZDeviceQaSessionReplySchema, ...errors },
      },
    },
    async (request) =>
      updateWalk(app.prisma, staff(request), request.params.deviceQaSessionRid, request.body, app.now()),
  );

  app.delete(
    '/:deviceQaSessionRid',
    {
      schema: {
        tags,
        summary: 'Delete a walk (presses alert again from then)',
        params: ZDeviceQaSessionParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteWalk(app.prisma, staff(request), request.params.deviceQaSessionRid);
      return reply.code(204).send(null);
    },
  );
};

export default deviceQaSessionsRoutes;
