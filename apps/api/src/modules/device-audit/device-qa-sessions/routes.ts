import {
  ERROR_REPLIES,
  ZArmDeviceQaTestRequestSchema,
  ZBulkUpdateDeviceQaSessionsRequestSchema,
  ZCreateDeviceQaSessionRequestSchema,
  ZDeviceAuditFacilityParamsSchema,
  ZDeviceQaSessionListReplySchema,
  ZDeviceQaSessionParamsSchema,
  ZDeviceQaSessionReplySchema,
  ZDeviceTestNoticesReplySchema,
  ZListDeviceQaSessionsQuerySchema,
  ZUpdateDeviceQaSessionRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  armTest,
  bulkUpdateWalks,
  currentDeviceTests,
  deleteWalk,
  endFromBanner,
  listWalks,
  startWalk,
  updateWalk,
} from './service';

const errors = ERROR_REPLIES;
const tags = ['device audit: device QA sessions'];

/**
 * Device QA sessions (docs/decisions/0270, 0271, 0505): a technician's walk testing every device. The walk silences
 * nothing by itself: only the device put on test is quiet, for its first press within 2 minutes. Management,
 * maintenance and provider support of the facility run it; every caregiver sees it in progress (the banner), and a
 * manager or nurse may end it.
 */
const deviceQaSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = (request: { auth?: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.post(
    '',
    {
      schema: {
        tags,
        summary:
          "Start the facility's QA walk (one at a time: 409; at most 60 min); it silences nothing by itself: put a device on test",
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

  app.get(
    '/current',
    {
      schema: {
        tags,
        summary:
          "The walks in progress in the caller's communities (the caregivers' banner), with who started them; any staff member",
        response: { 200: ZDeviceTestNoticesReplySchema, ...errors },
      },
    },
    async (request) => currentDeviceTests(app.prisma, staff(request), app.now()),
  );

  app.post(
    '/:deviceQaSessionRid/tests',
    {
      schema: {
        tags,
        summary:
          'Put one device on test (by deviceRid or hardwareId): its first ordinary press within 2 minutes raises no alert',
        params: ZDeviceQaSessionParamsSchema,
        body: ZArmDeviceQaTestRequestSchema,
        response: { 200: ZDeviceQaSessionReplySchema, ...errors },
      },
    },
    async (request) =>
      armTest(app.prisma, staff(request), request.params.deviceQaSessionRid, request.body, app.now()),
  );

  app.post(
    '/:deviceQaSessionRid/end',
    {
      schema: {
        tags,
        summary:
          "End a walk from the caregivers' banner (a manager, a nurse or a technician; 409 once ended); the walks still in progress",
        params: ZDeviceQaSessionParamsSchema,
        response: { 200: ZDeviceTestNoticesReplySchema, ...errors },
      },
    },
    async (request) =>
      endFromBanner(app.prisma, staff(request), request.params.deviceQaSessionRid, app.now()),
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
