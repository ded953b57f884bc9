import {
  ERROR_REPLIES,
  ZCreateTaskScheduleRequestSchema,
  ZDeletedReplySchema,
  ZSearchTaskSchedulesRequestSchema,
  ZTaskSchedulePageReplySchema,
  ZTaskScheduleParamsSchema,
  ZTaskScheduleSchema,
  ZUpdateTaskScheduleRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadViewer } from '../tasks/access';
import {
  createTaskSchedule,
  deleteTaskSchedule,
  getTaskSchedule,
  searchTaskSchedules,
  unassignTaskSchedule,
  unsetTaskScheduleDuration,
  updateTaskSchedule,
} from './service';

const tags = ['admin: task schedules'];
const errors = ERROR_REPLIES;

/**
 * Task schedules (sign-in doc section 7): POST /schedules/tasks; GET, PUT, DELETE /schedules/tasks/{scheduleId};
 * POST /schedules/tasks/search; POST .../{scheduleId}/unassign; POST .../{scheduleId}/unset-duration.
 */
const taskSchedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewerOf = (request: { auth: { staffMemberId: string } | null }) =>
    loadViewer(app.prisma, request.auth!.staffMemberId);

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a task schedule (management)',
        body: ZCreateTaskScheduleRequestSchema,
        response: { 201: ZTaskScheduleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTaskSchedule(app.prisma, await viewerOf(request), request.body)),
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: 'Search task schedules, next run first',
        body: ZSearchTaskSchedulesRequestSchema,
        response: { 200: ZTaskSchedulePageReplySchema, ...errors },
      },
    },
    async (request) => searchTaskSchedules(app.prisma, await viewerOf(request), request.body),
  );

  app.get(
    '/:scheduleId',
    {
      schema: {
        tags,
        summary: 'Get a task schedule',
        params: ZTaskScheduleParamsSchema,
        response: { 200: ZTaskScheduleSchema, ...errors },
      },
    },
    async (request) => getTaskSchedule(app.prisma, await viewerOf(request), request.params.scheduleId),
  );

  app.put(
    '/:scheduleId',
    {
      schema: {
        tags,
        summary: 'Replace a task schedule (management); a stale updatedAt gets 409',
        params: ZTaskScheduleParamsSchema,
        body: ZUpdateTaskScheduleRequestSchema,
        response: { 200: ZTaskScheduleSchema, ...errors },
      },
    },
    async (request) =>
      updateTaskSchedule(app.prisma, await viewerOf(request), request.params.scheduleId, request.body),
  );

  app.delete(
    '/:scheduleId',
    {
      schema: {
        tags,
        summary: 'Delete a task schedule (management); tasks already created stay',
        params: ZTaskScheduleParamsSchema,
        response: { 200: ZDeletedReplySchema, ...errors },
      },
    },
    async (request) => deleteTaskSchedule(app.prisma, await viewerOf(request), request.params.scheduleId),
  );

  app.post(
    '/:scheduleId/unassign',
    {
      schema: {
        tags,
        summary: "Remove the schedule's assignee (its group stays)",
        params: ZTaskScheduleParamsSchema,
        response: { 200: ZTaskScheduleSchema, ...errors },
      },
    },
    async (request) => unassignTaskSchedule(app.prisma, await viewerOf(request), request.params.scheduleId),
  );

  app.post(
    '/:scheduleId/unset-duration',
    {
      schema: {
        tags,
        summary: "Remove the duration of the schedule's occurrences",
        params: ZTaskScheduleParamsSchema,
        response: { 200: ZTaskScheduleSchema, ...errors },
      },
    },
    async (request) =>
      unsetTaskScheduleDuration(app.prisma, await viewerOf(request), request.params.scheduleId),
  );
};
export default taskSchedulesRoutes;
