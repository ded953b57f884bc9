import {
  ERROR_REPLIES,
  ZAdminCareEventParamsSchema,
  ZCareEventFacilityQuerySchema,
  ZCareEventSchema,
  ZCreateCareEventNoteRequestSchema,
  ZLatestCareActivityReplySchema,
  ZLatestCareActivityRequestSchema,
  ZResidentActivitiesQuerySchema,
  ZResidentActivitiesReplySchema,
  ZResidentParamsSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadViewer } from '../admin/tasks/access';
import { addCareEventNote, getCareEvent } from './care-events';
import { latestCareActivity, residentActivities } from './resident-care';

const errors = ERROR_REPLIES;

/** Admin API care events: GET /careEvents/{careEventId} with facilityId; POST .../notes. Prefix /careEvents. */
export const adminCareEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: care events'];
  app.get(
    '/:careEventId',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: 'Get a care event',
        params: ZAdminCareEventParamsSchema,
        querystring: ZCareEventFacilityQuerySchema,
        response: { 200: ZCareEventSchema, ...errors },
      },
    },
    async (request) =>
      getCareEvent(
        app.prisma,
        await loadViewer(app.prisma, request.auth!.staffMemberId),
        request.params.careEventId,
        request.query.facilityId ?? request.query.facilityRid,
      ),
  );
  app.post(
    '/:careEventId/notes',
    {
      schema: {
        tags,
        summary: 'Add a note to a care event (noteType, content, creatorRid)',
        params: ZAdminCareEventParamsSchema,
        body: ZCreateCareEventNoteRequestSchema,
        response: { 201: ZCareEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addCareEventNote(
            app.prisma,
            await loadViewer(app.prisma, request.auth!.staffMemberId),
            request.params.careEventId,
            request.body,
          ),
        ),
  );
};

/** Admin API residents' care activity: careActivity/latest and {residentId}/activities. Prefix /residents. */
export const adminResidentCareRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: residents'];
  app.post(
    '/careActivity/latest',
    {
      config: { audit: 'PHI', auditAction: 'READ' },
      schema: {
        tags,
        summary: 'Minutes since the last care activity, per resident',
        body: ZLatestCareActivityRequestSchema,
        response: { 200: ZLatestCareActivityReplySchema, ...errors },
      },
    },
    async (request) =>
      latestCareActivity(
        app.prisma,
        await loadViewer(app.prisma, request.auth!.staffMemberId),
        request.body.residentRids,
      ),
  );
  app.get(
    '/:residentId/activities',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: "A resident's care log, newest first",
        params: ZResidentParamsSchema,
        querystring: ZResidentActivitiesQuerySchema,
        response: { 200: ZResidentActivitiesReplySchema, ...errors },
      },
    },
    async (request) =>
      residentActivities(
        app.prisma,
        await loadViewer(app.prisma, request.auth!.staffMemberId),
        request.params.residentId,
        request.query,
      ),
  );
};
