import {
  ERROR_REPLIES,
  ZCreateStaffFacilityPreferenceRequestSchema,
  ZErrorReplySchema,
  ZListStaffFacilityPreferencesReplySchema,
  ZPutStaffFacilityPreferenceRequestSchema,
  ZStaffFacilityPreferenceParamsSchema,
  ZStaffFacilityPreferenceSchema,
  ZStaffFacilitySearchRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStaffFacilityPreference,
  deleteStaffFacilityPreference,
  getStaffFacilityPreference,
  putStaffFacilityPreference,
  searchStaffFacilityPreferences,
} from './service';

const errors = { 400: ZErrorReplySchema, 401: ZErrorReplySchema, 403: ZErrorReplySchema };
const tags = ['admin: staff facility preferences'];
const path = '/staff/:staffMemberId/facility/:facilityId';

/** Staff facility preferences (alerts doc section 7): the care assignment (pinned residents). */
const staffPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    {
      schema: {
        tags,
        summary: 'My pinned residents at a facility',
        params: ZStaffFacilityPreferenceParamsSchema,
        response: { 200: ZStaffFacilityPreferenceSchema, ...errors },
      },
    },
    async (request) =>
      getStaffFacilityPreference(
        app.prisma,
        request.auth!.staffMemberId,
        request.params.staffMemberId,
        request.params.facilityId,
      ),
  );

  app.put(
    path,
    {
      schema: {
        tags,
        summary: 'Replace my pinned residents at a facility (on hold and archived residents are left out)',
        params: ZStaffFacilityPreferenceParamsSchema,
        body: ZPutStaffFacilityPreferenceRequestSchema,
        response: { 200: ZStaffFacilityPreferenceSchema, ...errors },
      },
    },
    async (request) =>
      putStaffFacilityPreference(
        app.prisma,
        request.auth!.staffMemberId,
        request.params.staffMemberId,
        request.params.facilityId,
        request.body,
      ),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create my preference at a facility (409 when there is one)',
        body: ZCreateStaffFacilityPreferenceRequestSchema,
        response: { 201: ZStaffFacilityPreferenceSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createStaffFacilityPreference(app.prisma, request.auth!.staffMemberId, request.body)),
  );

  app.delete(
    path,
    {
      schema: {
        tags,
        summary: 'Delete my preference at a facility',
        params: ZStaffFacilityPreferenceParamsSchema,
        response: { 204: z.null(), ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      await deleteStaffFacilityPreference(
        app.prisma,
        request.auth!.staffMemberId,
        request.params.staffMemberId,
        request.params.facilityId,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: 'My preferences (a Management group admin: those of their facilities)',
        body: ZStaffFacilitySearchRequestSchema,
        response: { 200: ZListStaffFacilityPreferencesReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => searchStaffFacilityPreferences(app.prisma, request.auth!.staffMemberId, request.body),
  );
};
export default staffPreferencesRoutes;
