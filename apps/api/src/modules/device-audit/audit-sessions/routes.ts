import {
  ERROR_REPLIES,
  ZAuditSessionListReplySchema,
  ZAuditSessionParamsSchema,
  ZAuditSessionRecordListReplySchema,
  ZAuditSessionRecordsQuerySchema,
  ZAuditSessionReplySchema,
  ZCreateAuditSessionRequestSchema,
  ZDeviceAuditFacilityParamsSchema,
  ZEndFacilityAuditSessionsQuerySchema,
  ZListAuditSessionsQuerySchema,
  ZTerminateAlertLocationsReplySchema,
  ZUpdateAuditSessionRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelFacilityAuditSessions,
  createAuditSession,
  deleteAuditSession,
  listAuditSessionRecords,
  listAuditSessions,
  terminateAlertLocations,
  updateAuditSession,
} from './service';

const errors = ERROR_REPLIES;
const tags = ['device audit: audit sessions'];

/**
 * Audit sessions (sign-in doc section 7 'Device audit service'; docs/decisions/0270): management, maintenance
 * and provider support of the facility; another community's session is 404.
 */
const auditSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = (request: { auth?: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Start an audit session (one in progress per facility and type: 409)',
        body: ZCreateAuditSessionRequestSchema,
        response: { 201: ZAuditSessionReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAuditSession(app.prisma, staff(request), request.body, app.now())),
  );

  app.get(
    '/facilities/:facilityRid',
    {
      schema: {
        tags,
        summary: "A facility's audit sessions, newest first, by type and status",
        params: ZDeviceAuditFacilityParamsSchema,
        querystring: ZListAuditSessionsQuerySchema,
        response: { 200: ZAuditSessionListReplySchema, ...errors },
      },
    },
    async (request) =>
      listAuditSessions(app.prisma, staff(request), request.params.facilityRid, request.query),
  );

  app.delete(
    '/facilities/:facilityRid',
    {
      schema: {
        tags,
        summary: "Cancel a facility's audit sessions in progress (of a type); replies with those canceled",
        params: ZDeviceAuditFacilityParamsSchema,
        querystring: ZEndFacilityAuditSessionsQuerySchema,
        response: { 200: ZAuditSessionListReplySchema, ...errors },
      },
    },
    async (request) =>
      cancelFacilityAuditSessions(
        app.prisma,
        staff(request),
        request.params.facilityRid,
        request.query.sessionType,
        app.now(),
      ),
  );

  app.get(
    '/records',
    {
      schema: {
        tags,
        summary: 'What audit sessions observed: the devices of their walks, their alert location checks',
        querystring: ZAuditSessionRecordsQuerySchema,
        response: { 200: ZAuditSessionRecordListReplySchema, ...errors },
      },
    },
    async (request) => listAuditSessionRecords(app.prisma, staff(request), request.query.auditSessionRids),
  );

  app.put(
    '/:auditSessionRid',
    {
      schema: {
        tags,
        summary:
          'End an audit session (its walk and alert location sessions with it; 409 once ended) or change its notes',
        params: ZAuditSessionParamsSchema,
        body: ZUpdateAuditSessionRequestSchema,
        response: { 200: ZAuditSessionReplySchema, ...errors },
      },
    },
    async (request) =>
      updateAuditSession(app.prisma, staff(request), request.params.auditSessionRid, request.body, app.now()),
  );

  app.delete(
    '/:auditSessionRid',
    {
      schema: {
        tags,
        summary: 'Delete an audit session and its records',
        params: ZAuditSessionParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAuditSession(app.prisma, staff(request), request.params.auditSessionRid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:auditSessionRid/terminateAlertLocations',
    {
      schema: {
        tags,
        summary: "Terminate the audit session's alert location sessions in progress",
        params: ZAuditSessionParamsSchema,
        response: { 200: ZTerminateAlertLocationsReplySchema, ...errors },
      },
    },
    async (request) =>
      terminateAlertLocations(app.prisma, staff(request), request.params.auditSessionRid, app.now()),
  );
};

export default auditSessionsRoutes;
