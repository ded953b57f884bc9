import {
  ZErrorReplySchema,
  ZPutStaffFacilityPreferenceRequestSchema,
  ZStaffFacilityPreferenceParamsSchema,
  ZStaffFacilityPreferenceSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStaffFacilityPreference, putStaffFacilityPreference } from './service';

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
};
export default staffPreferencesRoutes;
