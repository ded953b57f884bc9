import {
  ERROR_REPLIES,
  ZEnterpriseProfilesReplySchema,
  ZFacilityConfigParamsSchema,
  ZListCareZonesQuerySchema,
  ZListCareZonesReplySchema,
  ZListStaffQuerySchema,
  ZListStaffReplySchema,
  ZOnCallParamsSchema,
  ZOnCallStaffReplySchema,
  ZOnCallStaffRequestSchema,
  ZOnCallStateSchema,
  ZSetOnCallRequestSchema,
  ZStaffMemberFacilityConfigRequestSchema,
  ZStaffMemberFacilityConfigSchema,
  ZStaffMemberParamsSchema,
  ZStaffMemberSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import staffAdminRoutes from './admin-routes';
import { createFacilityConfig, getFacilityConfig, updateFacilityConfig } from './facility-config-service';
import { listCareZones } from './places-service';
import {
  getOnCallState,
  getStaffMember,
  listEnterpriseProfiles,
  listOnCallStaff,
  listStaff,
  setOnCallState,
} from './profile-service';

const errors = ERROR_REPLIES;

/** Staff profile, shift, care-zone preference and company phones (admin API, sign-in doc section 7). */
const staffProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';
  // Create, update, archive, remove, permissions and search (docs/decisions/0160).
  await app.register(staffAdminRoutes);

  app.get(
    '/staff',
    {
      config: { audit: 'PII' },
      schema: {
        tags: ['admin: staff'],
        summary: 'Staff of the facilities the caller works in, with memberships, on-call states and configs',
        querystring: ZListStaffQuerySchema,
        response: { 200: ZListStaffReplySchema, ...errors },
      },
    },
    async (request) => listStaff(app.prisma, caller(request), request.query),
  );

  app.get(
    '/staff/profiles',
    {
      schema: {
        tags: ['admin: staff'],
        summary: "The caller's enterprises and the facilities they work in",
        response: { 200: ZEnterpriseProfilesReplySchema, ...errors },
      },
    },
    async (request) => listEnterpriseProfiles(app.prisma, caller(request)),
  );

  app.post(
    '/staff/oncall',
    {
      schema: {
        tags: ['admin: staff'],
        summary: 'Who is on shift at a facility',
        body: ZOnCallStaffRequestSchema,
        response: { 200: ZOnCallStaffReplySchema, ...errors },
      },
    },
    async (request) => listOnCallStaff(app.prisma, caller(request), request.body.facilityRid),
  );

  app.get(
    '/staff/:staffMemberId',
    {
      config: { audit: 'PII' },
      schema: {
        tags: ['admin: staff'],
        summary: 'A staff member: groups, on-call states, facility configs with care zones',
        params: ZStaffMemberParamsSchema,
        response: { 200: ZStaffMemberSchema, ...errors },
      },
    },
    async (request) => getStaffMember(app.prisma, caller(request), request.params.staffMemberId),
  );

  app.get(
    '/staff/:staffMemberId/on-call/:facilityId',
    {
      schema: {
        tags: ['admin: staff'],
        summary: "A staff member's shift (on-call state) at a facility",
        params: ZOnCallParamsSchema,
        response: { 200: ZOnCallStateSchema, ...errors },
      },
    },
    async (request) =>
      getOnCallState(app.prisma, caller(request), request.params.staffMemberId, request.params.facilityId),
  );

  app.post(
    '/staff/:staffMemberId/on-call/:facilityId',
    {
      schema: {
        tags: ['admin: staff'],
        summary: 'Go on or off shift, with a company phone or another device',
        params: ZOnCallParamsSchema,
        body: ZSetOnCallRequestSchema,
        response: { 200: ZOnCallStateSchema, ...errors },
      },
    },
    async (request) =>
      setOnCallState(
        app.prisma,
        caller(request),
        request.params.staffMemberId,
        request.params.facilityId,
        request.body,
      ),
  );

  app.post(
    '/staffMemberFacilityConfig',
    {
      schema: {
        tags: ['admin: staff'],
        summary: 'Create a staff member facility config (care zones and alert preferences)',
        body: ZStaffMemberFacilityConfigRequestSchema,
        response: { 201: ZStaffMemberFacilityConfigSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFacilityConfig(app.prisma, caller(request), request.body)),
  );

  app.get(
    '/staffMemberFacilityConfig/:id',
    {
      schema: {
        tags: ['admin: staff'],
        summary: 'A staff member facility config',
        params: ZFacilityConfigParamsSchema,
        response: { 200: ZStaffMemberFacilityConfigSchema, ...errors },
      },
    },
    async (request) => getFacilityConfig(app.prisma, caller(request), request.params.id),
  );

  app.put(
    '/staffMemberFacilityConfig/:id',
    {
      schema: {
        tags: ['admin: staff'],
        summary: 'Update care zones and alert preferences (skipped when nothing changes)',
        params: ZFacilityConfigParamsSchema,
        body: ZStaffMemberFacilityConfigRequestSchema,
        response: { 200: ZStaffMemberFacilityConfigSchema, ...errors },
      },
    },
    async (request) => updateFacilityConfig(app.prisma, caller(request), request.params.id, request.body),
  );

  app.get(
    '/careZones',
    {
      schema: {
        tags: ['admin: care zones'],
        summary: "Care zones of the caller's facilities",
        querystring: ZListCareZonesQuerySchema,
        response: { 200: ZListCareZonesReplySchema, ...errors },
      },
    },
    async (request) => listCareZones(app.prisma, caller(request), request.query),
  );
};
export default staffProfileRoutes;
