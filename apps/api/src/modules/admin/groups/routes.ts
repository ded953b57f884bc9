import {
  ERROR_REPLIES,
  ZCreateGroupRequestSchema,
  ZGroupMemberSchema,
  ZGroupMembersReplySchema,
  ZGroupParamsSchema,
  ZGroupSchema,
  ZListGroupsQuerySchema,
  ZListGroupsReplySchema,
  ZPutGroupMembershipRequestSchema,
  ZRemoveGroupMemberQuerySchema,
  ZUpdateGroupRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  listMembers,
  putMembership,
  removeMember,
  updateGroup,
} from './service';

const errors = ERROR_REPLIES;
const tags = ['admin: groups'];

/** Groups and their membership (sign-in doc section 7 'Groups'; docs/decisions/0161). */
const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    '',
    {
      schema: {
        tags,
        summary: "Groups of the caller's facilities, with their members",
        querystring: ZListGroupsQuerySchema,
        response: { 200: ZListGroupsReplySchema, ...errors },
      },
    },
    async (request) => listGroups(app.prisma, caller(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a group in a facility (Management group admin)',
        body: ZCreateGroupRequestSchema,
        response: { 201: ZGroupSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createGroup(app.prisma, caller(request), request.body)),
  );

  app.get(
    '/:groupId',
    {
      schema: {
        tags,
        summary: 'A group with its members',
        params: ZGroupParamsSchema,
        response: { 200: ZGroupSchema, ...errors },
      },
    },
    async (request) => getGroup(app.prisma, caller(request), request.params.groupId),
  );

  app.put(
    '/:groupId',
    {
      schema: {
        tags,
        summary: 'Rename a group (Management group admin); 409 when changed meanwhile',
        params: ZGroupParamsSchema,
        body: ZUpdateGroupRequestSchema,
        response: { 200: ZGroupSchema, ...errors },
      },
    },
    async (request) => updateGroup(app.prisma, caller(request), request.params.groupId, request.body),
  );

  app.delete(
    '/:groupId',
    {
      schema: {
        tags,
        summary: 'Delete a group without members (Management group admin)',
        params: ZGroupParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteGroup(app.prisma, caller(request), request.params.groupId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:groupId/membership',
    {
      schema: {
        tags,
        summary: 'Members of a group (isAdmin, staffMember)',
        params: ZGroupParamsSchema,
        response: { 200: ZGroupMembersReplySchema, ...errors },
      },
    },
    async (request) => listMembers(app.prisma, caller(request), request.params.groupId),
  );

  app.put(
    '/:groupId/membership',
    {
      schema: {
        tags,
        summary: 'Add a person to a group, make them group admin or dismiss them (not the last admin)',
        params: ZGroupParamsSchema,
        body: ZPutGroupMembershipRequestSchema,
        response: { 200: ZGroupMemberSchema, ...errors },
      },
    },
    async (request) => putMembership(app.prisma, caller(request), request.params.groupId, request.body),
  );

  app.delete(
    '/:groupId/membership',
    {
      schema: {
        tags,
        summary: 'Remove a person from a group (they stay in at least one group)',
        params: ZGroupParamsSchema,
        querystring: ZRemoveGroupMemberQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMember(app.prisma, caller(request), request.params.groupId, request.query.staffMemberId);
      return reply.code(204).send(null);
    },
  );
};
export default groupsRoutes;
