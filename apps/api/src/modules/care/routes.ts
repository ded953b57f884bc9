import {
  ERROR_REPLIES,
  ZCareEventFacilityQuerySchema,
  ZCareEventPageReplySchema,
  ZCareEventParamsSchema,
  ZCareEventSchema,
  ZCareOutcomePageReplySchema,
  ZCareOutcomeRecordSchema,
  ZCreateCareEventNoteRequestSchema,
  ZCreateCareEventRequestSchema,
  ZCreateCareOutcomeRequestSchema,
  ZLatestCareEventsQuerySchema,
  ZLatestCareEventsReplySchema,
  ZListCareEventsQuerySchema,
  ZLogCareRequestSchema,
  ZMigrateTaskRequestSchema,
  ZResidentActivitySchema,
  ZSearchCareEventsRequestSchema,
  ZSearchCareOutcomesRequestSchema,
  ZUpdateCareEventRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadViewer } from '../admin/tasks/access';
import {
  addCareEventNote,
  createCareEvent,
  findCareEvents,
  getCareEvent,
  latestCareEvents,
  migrateTaskToCareEvent,
  updateCareEvent,
} from './care-events';
import { createCareOutcome, logCare, searchCareOutcomes } from './log-care';

const errors = ERROR_REPLIES;
const tags = ['care'];

/** Care service (base /care/api/v1): care logs, care outcomes, care events. */
const careRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewerOf = (request: { auth: { staffMemberId: string } | null }) =>
    loadViewer(app.prisma, request.auth!.staffMemberId);

  app.post(
    '/loggedCare',
    {
      schema: {
        tags,
        summary: 'Log care or a refusal for a resident without an alert',
        body: ZLogCareRequestSchema,
        response: { 201: ZResidentActivitySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await logCare(app.prisma, await viewerOf(request), request.body)),
  );

  app.post(
    '/careOutcomes',
    {
      schema: {
        tags,
        summary: 'Record one outcome of care for a resident',
        body: ZCreateCareOutcomeRequestSchema,
        response: { 201: ZCareOutcomeRecordSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCareOutcome(app.prisma, await viewerOf(request), request.body)),
  );

  app.post(
    '/careOutcomes/search',
    {
      config: { audit: 'PHI', auditAction: 'READ' },
      schema: {
        tags,
        summary: 'Search care outcomes, newest first',
        body: ZSearchCareOutcomesRequestSchema,
        response: { 200: ZCareOutcomePageReplySchema, ...errors },
      },
    },
    async (request) => searchCareOutcomes(app.prisma, await viewerOf(request), request.body),
  );

  app.get(
    '/careEvents',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: 'List care events, newest first',
        querystring: ZListCareEventsQuerySchema,
        response: { 200: ZCareEventPageReplySchema, ...errors },
      },
    },
    async (request) => findCareEvents(app.prisma, await viewerOf(request), request.query),
  );

  app.post(
    '/careEvents',
    {
      schema: {
        tags,
        summary: 'Create a care event',
        body: ZCreateCareEventRequestSchema,
        response: { 201: ZCareEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCareEvent(app.prisma, await viewerOf(request), request.body)),
  );

  app.get(
    '/careEvents/latest',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: 'The latest care event per resident and per staff member',
        querystring: ZLatestCareEventsQuerySchema,
        response: { 200: ZLatestCareEventsReplySchema, ...errors },
      },
    },
    async (request) => latestCareEvents(app.prisma, await viewerOf(request), request.query),
  );

  app.post(
    '/careEvents/search',
    {
      config: { audit: 'PHI', auditAction: 'READ' },
      schema: {
        tags,
        summary: 'Search care events, newest first',
        body: ZSearchCareEventsRequestSchema,
        response: { 200: ZCareEventPageReplySchema, ...errors },
      },
    },
    async (request) => findCareEvents(app.prisma, await viewerOf(request), request.body),
  );

  app.post(
    '/careEvents/migrate',
    {
      schema: {
        tags,
        summary: 'Turn a resolved task into a care event',
        body: ZMigrateTaskRequestSchema,
        response: { 201: ZCareEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await migrateTaskToCareEvent(app.prisma, await viewerOf(request), request.body.taskRid)),
  );

  app.get(
    '/careEvents/:careEventRid',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: 'Get a care event',
        params: ZCareEventParamsSchema,
        querystring: ZCareEventFacilityQuerySchema,
        response: { 200: ZCareEventSchema, ...errors },
      },
    },
    async (request) =>
      getCareEvent(
        app.prisma,
        await viewerOf(request),
        request.params.careEventRid,
        request.query.facilityRid ?? request.query.facilityId,
      ),
  );

  app.put(
    '/careEvents/:careEventRid',
    {
      schema: {
        tags,
        summary: 'Update a care event',
        params: ZCareEventParamsSchema,
        body: ZUpdateCareEventRequestSchema,
        response: { 200: ZCareEventSchema, ...errors },
      },
    },
    async (request) =>
      updateCareEvent(app.prisma, await viewerOf(request), request.params.careEventRid, request.body),
  );

  app.post(
    '/careEvents/:careEventRid/notes',
    {
      schema: {
        tags,
        summary: 'Add a note to a care event',
        params: ZCareEventParamsSchema,
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
            await viewerOf(request),
            request.params.careEventRid,
            request.body,
          ),
        ),
  );
};
export default careRoutes;
