import {
  ERROR_REPLIES,
  ZCreateNotificationContextRequestSchema,
  ZCreateNotificationPolicyRequestSchema,
  ZNotificationContextReplySchema,
  ZNotificationFilterParamsSchema,
  ZNotificationFilterQuerySchema,
  ZNotificationFilterReplySchema,
  ZNotificationPoliciesQuerySchema,
  ZNotificationPolicyParamsSchema,
  ZNotificationPolicyQuerySchema,
  ZNotificationPolicyReplySchema,
  ZPatchNotificationFilterRequestSchema,
  ZPatchNotificationPolicyQuerySchema,
  ZPatchNotificationPolicyRequestSchema,
} from '@sage/contract';
import { scheduleTaskNotifications } from '@sage/db';
import { conflict, forbidden, notFound } from '@sage/service-kit/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFacility, requireFacilityManager } from './access';
import { createPolicy, getFilter, getPolicy, listPolicies, patchFilter, patchPolicy } from './policies';

const errors = ERROR_REPLIES;
const tags = ['admin: notification policies'];

/** Admin: /notificationPolicies and /notificationContexts (sign-in doc section 7). */
export const notificationPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (request: { auth: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a notification policy (management)',
        body: ZCreateNotificationPolicyRequestSchema,
        response: { 201: ZNotificationPolicyReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await requireFacilityManager(app.prisma, me(request), request.body.facilityRid);
      reply.code(201);
      return createPolicy(app.prisma, caller, request.body);
    },
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: "The facility's notification policies",
        querystring: ZNotificationPoliciesQuerySchema,
        response: { 200: z.array(ZNotificationPolicyReplySchema), ...errors },
      },
    },
    async (request) => {
      await requireFacility(app.prisma, me(request), request.query.facilityRid);
      return listPolicies(app.prisma, request.query.facilityRid);
    },
  );

  app.get(
    '/blocks/:blockRid/filters/:filterRid',
    {
      schema: {
        tags,
        summary: 'One filter of a block',
        params: ZNotificationFilterParamsSchema,
        querystring: ZNotificationFilterQuerySchema,
        response: { 200: ZNotificationFilterReplySchema, ...errors },
      },
    },
    async (request) => {
      await requireFacility(app.prisma, me(request), request.query.facilityRid);
      const { blockRid, filterRid } = request.params;
      return getFilter(app.prisma, request.query.facilityRid, blockRid, filterRid);
    },
  );

  app.patch(
    '/blocks/:blockRid/filters/:filterRid',
    {
      schema: {
        tags,
        summary: "Change one filter (management); bumps the policy's version, 409 when the version is stale",
        params: ZNotificationFilterParamsSchema,
        querystring: ZNotificationFilterQuerySchema,
        body: ZPatchNotificationFilterRequestSchema,
        response: { 200: ZNotificationFilterReplySchema, ...errors },
      },
    },
    async (request) => {
      const { facilityRid, notificationPolicyVersion } = request.query;
      await requireFacilityManager(app.prisma, me(request), facilityRid);
      const { blockRid, filterRid } = request.params;
      return patchFilter(
        app.prisma,
        facilityRid,
        blockRid,
        filterRid,
        notificationPolicyVersion,
        request.body,
      );
    },
  );

  app.get(
    '/:rid',
    {
      schema: {
        tags,
        summary: 'One notification policy (404 when notificationPolicyVersion is not the current one)',
        params: ZNotificationPolicyParamsSchema,
        querystring: ZNotificationPolicyQuerySchema,
        response: { 200: ZNotificationPolicyReplySchema, ...errors },
      },
    },
    async (request) => {
      const { facilityRid, notificationPolicyVersion } = request.query;
      await requireFacility(app.prisma, me(request), facilityRid);
      return getPolicy(app.prisma, facilityRid, request.params.rid, notificationPolicyVersion);
    },
  );

  app.patch(
    '/:rid',
    {
      schema: {
        tags,
        summary: 'Change a policy made on notificationPolicyVersion (management); 409 when stale',
        params: ZNotificationPolicyParamsSchema,
        querystring: ZPatchNotificationPolicyQuerySchema,
        body: ZPatchNotificationPolicyRequestSchema,
        response: { 200: ZNotificationPolicyReplySchema, ...errors },
      },
    },
    async (request) => {
      const { facilityRid, notificationPolicyVersion } = request.query;
      await requireFacilityManager(app.prisma, me(request), facilityRid);
      return patchPolicy(
        app.prisma,
        facilityRid,
        request.params.rid,
        notificationPolicyVersion,
        request.body,
      );
    },
  );
};

export const notificationContextRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Start (again) the notification escalation of an open, unclaimed task',
        body: ZCreateNotificationContextRequestSchema,
        response: { 202: ZNotificationContextReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { facilityRid, taskId } = request.body;
      const caller = await requireFacility(app.prisma, request.auth!.staffMemberId, facilityRid);
      if (!caller.permissions.canViewAlerts) {
        throw forbidden('Only care staff and management may start notifications');
      }
      await app.prisma.$transaction(async (tx) => {
        const task = await tx.task.findFirst({
          where: { id: taskId, facilityId: facilityRid },
          select: { status: true, severityRank: true },
        });
        if (!task) throw notFound(`Task ${taskId} not found in facility ${facilityRid}`);
        if (task.status !== 'OPEN_UNCLAIMED') {
          throw conflict(
            `Task ${taskId} is ${task.status}: only unclaimed tasks are notified`,
            'TASK_NOT_UNCLAIMED',
          );
        }
        // A running escalation ends first (the next block run would otherwise keep going beside the new one).
        await tx.notificationContext.updateMany({
          where: { facilityId: facilityRid, taskId, completedAt: null },
          data: { completedAt: new Date() },
        });
        await scheduleTaskNotifications(tx, {
          taskId,
          facilityId: facilityRid,
          severityRank: task.severityRank,
        });
      });
      reply.code(202);
      return { taskId, facilityRid, status: 'QUEUED' as const };
    },
  );
};
