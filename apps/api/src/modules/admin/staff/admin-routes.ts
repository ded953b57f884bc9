import {
  ERROR_REPLIES,
  type TStaffMember,
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_SMS_SENDER } from '../../auth/settings';
import { createSmsTransport } from '../../auth/transports';
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
import { type InviteSender, sendStaffInvites } from './invite-sms';
import { searchStaff } from './search-service';

const errors = ERROR_REPLIES;
const tags = ['admin: staff'];

/** Staff administration (sign-in doc section 7 'Staff'; docs/decisions/0160). */
const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';
  // The invite text (decision 0603): the sign-in codes' transport and sender; the app where the request came.
  const sms = await createSmsTransport(app.prisma, app.config);
  const inviteSender = (request: FastifyRequest): InviteSender => ({
    sms,
    from: app.config.TWILIO_FROM_NUMBER ?? DEFAULT_SMS_SENDER,
    appUrl: app.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`,
  });
  const invite = (request: FastifyRequest, created: TStaffMember[], facilityIds: string[]) =>
    sendStaffInvites(
      app.prisma,
      inviteSender(request),
      created.map((person, index) => ({
        staffMemberId: person.id,
        facilityId: facilityIds[index] as string,
      })),
      request.log,
    );

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
    async (request, reply) => {
      const created = await createStaffMember(app.prisma, caller(request), request.body);
      await invite(request, [created], [request.body.facilityId]);
      return reply.code(201).send(created);
    },
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
    async (request, reply) => {
      const { staffMembers } = request.body;
      const created = await bulkCreateStaff(app.prisma, caller(request), staffMembers);
      await invite(
        request,
        created,
        staffMembers.map((s) => s.facilityId),
      );
      return reply.code(201).send(created);
    },
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
