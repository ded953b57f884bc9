import {
  ERROR_REPLIES,
  ZArchiveStaffQuerySchema,
  ZBulkCreateStaffReplySchema,
  ZBulkCreateStaffRequestSchema,
  ZCreateStaffRequestSchema,
  ZFacilityConfigParamsSchema,
  ZListStaffFacilityConfigsReplySchema,
  ZRemoveStaffFacilitiesRequestSchema,
  ZStaffFacilitiesReplySchema,
  ZStaffFacilitySearchRequestSchema,
  ZStaffMemberParamsSchema,
  ZStaffMemberSchema,
  ZStaffPermissionsReplySchema,
  ZStaffPermissionsRequestSchema,
  ZStaffSearchReplySchema,
  ZStaffSearchRequestSchema,
  ZUpdateStaffRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  archiveStaffMember,
  bulkCreateStaff,
  createStaffMember,
  deleteStaffMember,
  listStaffFacilities,
  removeStaffFromFacilities,
  staffPermissions,
  updateStaffMember,
} from './admin-service';
import { deleteFacilityConfig, searchFacilityConfigs } from './facility-config-service';
import { searchStaff } from './search-service';

const errors = ERROR_REPLIES;
const tags = ['admin: staff'];

/** Staff administration (sign-in doc section 7 'Staff'; docs/decisions/0160). */
const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.post(
    '/staff',
    {
      schema: {
        tags,
        summary: 'Invite a staff member by phone number into groups of a facility (Management group admin)',
        body: ZCreateStaffRequestSchema,
        response: { 201: ZStaffMemberSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createStaffMember(app.prisma, caller(request), request.body)),
  );

  app.post(
    '/staff/bulk',
    {
      schema: {
        tags,
        summary: 'Invite several staff members at once (all or nothing)',
        body: ZBulkCreateStaffRequestSchema,
        response: { 201: ZBulkCreateStaffReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bulkCreateStaff(app.prisma, caller(request), request.body.staffMembers)),
  );

  app.post(
    '/staff/permissions',
    {
      schema: {
        tags,
        summary: "A staff member's derived permissions at a facility (the caller's by default)",
        body: ZStaffPermissionsRequestSchema,
        response: { 200: ZStaffPermissionsReplySchema, ...errors },
      },
    },
    async (request) => staffPermissions(app.prisma, caller(request), request.body),
  );

  app.post(
    '/staff/profile/search',
    {
      schema: {
        tags,
        summary: "Search staff of the caller's facilities by name, group and archive state (paged)",
        body: ZStaffSearchRequestSchema,
        response: { 200: ZStaffSearchReplySchema, ...errors },
      },
    },
    async (request) => searchStaff(app.prisma, caller(request), request.body),
  );

  app.put(
    '/staff/:staffMemberId',
    {
      schema: {
        tags,
        summary: 'Update a staff member (phone number and email need canEditPII); 409 when changed meanwhile',
        params: ZStaffMemberParamsSchema,
        body: ZUpdateStaffRequestSchema,
        response: { 200: ZStaffMemberSchema, ...errors },
      },
    },
    async (request) =>
      updateStaffMember(app.prisma, caller(request), request.params.staffMemberId, request.body),
  );

  app.delete(
    '/staff/:staffMemberId',
    {
      schema: {
        tags,
        summary: 'Delete a staff member without records to keep (else 409: archive instead)',
        params: ZStaffMemberParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteStaffMember(app.prisma, caller(request), request.params.staffMemberId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/:staffMemberId/archive',
    {
      schema: {
        tags,
        summary: 'Archive (archive=true, the default) or restore a staff member',
        params: ZStaffMemberParamsSchema,
        querystring: ZArchiveStaffQuerySchema,
        response: { 200: ZStaffMemberSchema, ...errors },
      },
    },
    async (request) =>
      archiveStaffMember(app.prisma, caller(request), request.params.staffMemberId, request.query.archive),
  );

  app.get(
    '/staff/:staffMemberId/facilities',
    {
      schema: {
        tags,
        summary: "The facilities a staff member works in (among the caller's)",
        params: ZStaffMemberParamsSchema,
        response: { 200: ZStaffFacilitiesReplySchema, ...errors },
      },
    },
    async (request) => listStaffFacilities(app.prisma, caller(request), request.params.staffMemberId),
  );

  app.delete(
    '/staff/:staffMemberId/facilities',
    {
      schema: {
        tags,
        summary: 'Remove a staff member from facilities (body: facility ids), all in one transaction',
        params: ZStaffMemberParamsSchema,
        body: ZRemoveStaffFacilitiesRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeStaffFromFacilities(
        app.prisma,
        caller(request),
        request.params.staffMemberId,
        request.body,
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/staffMemberFacilityConfig/:id',
    {
      schema: {
        tags,
        summary: 'Delete a staff member facility config (the person or a Management group admin)',
        params: ZFacilityConfigParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteFacilityConfig(app.prisma, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staffMemberFacilityConfig/search',
    {
      schema: {
        tags,
        summary: "Facility configs of the staff of the caller's facilities",
        body: ZStaffFacilitySearchRequestSchema,
        response: { 200: ZListStaffFacilityConfigsReplySchema, ...errors },
      },
    },
    async (request) => searchFacilityConfigs(app.prisma, caller(request), request.body),
  );
};
export default staffAdminRoutes;
