import {
  ERROR_REPLIES,
  ZBulkResolveReplySchema,
  ZBulkResolveTasksRequestSchema,
  ZCareConfirmationTrackerReplySchema,
  ZCreateTaskNoteRequestSchema,
  ZCreateTaskRequestSchema,
  ZCreateTaskUpdateRequestSchema,
  ZFacilityRidParamsSchema,
  ZFollowUpRequestSchema,
  ZMyTasksRequestSchema,
  ZResidentTaskActivityRequestSchema,
  ZResolveTaskRequestSchema,
  ZSearchTasksRequestSchema,
  ZTaskNoteParamsSchema,
  ZTaskNoteReplySchema,
  ZTaskPageReplySchema,
  ZTaskParamsSchema,
  ZTaskReplySchema,
  ZTaskUpdateParamsSchema,
  ZTaskUpdateReplySchema,
  ZUpdateTaskNoteRequestSchema,
  ZUpdateTaskRequestSchema,
  ZVideoReplayQuerySchema,
} from '@sage/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadViewer } from './access';
import { cancelTask, changeTaskStatus, createTask, unassignTask, updateTask } from './change-task';
import {
  getCareConfirmationTracker,
  getTaskJson,
  getVideoReplay,
  myTasks,
  residentTaskActivity,
  searchTasksJson,
} from './find-tasks';
import { closeFollowUp } from './follow-up';
import { bulkResolveTasks, resolveTask } from './resolve-task';
import { addTaskNote, addTaskUpdate, deleteTaskNote, deleteTaskUpdate, editTaskNote } from './task-notes';

const errors = ERROR_REPLIES;

/**
 * Sends a reply PostgreSQL built as JSON text, as it is: not parsed, checked by the response schema and
 * serialized again (decision 0390). Its shape is the contract's: tests parse these replies with the reply
 * schema and compare them with `toTaskReply`.
 */
const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json as never);
const tags = ['admin: tasks'];

/** Admin tasks API (alerts doc section 7): thin routes over the task services. */
const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewerOf = (request: { auth: { staffMemberId: string } | null }) =>
    loadViewer(app.prisma, request.auth!.staffMemberId);

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a manual task',
        body: ZCreateTaskRequestSchema,
        response: { 201: ZTaskReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTask(app.prisma, await viewerOf(request), request.body)),
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: 'Search tasks (most severe and oldest first)',
        body: ZSearchTasksRequestSchema,
        response: { 200: ZTaskPageReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await searchTasksJson(app.prisma, await viewerOf(request), request.body)),
  );

  app.post(
    '/mine',
    {
      schema: {
        tags,
        summary: 'Tasks assigned to me or my groups, open first',
        body: ZMyTasksRequestSchema,
        response: { 200: ZTaskPageReplySchema, ...errors },
      },
    },
    async (request) => myTasks(app.prisma, await viewerOf(request), request.body),
  );

  app.post(
    '/resident-activity',
    {
      config: { audit: 'PHI', auditAction: 'READ' },
      schema: {
        tags,
        summary: "A resident's tasks, newest first",
        body: ZResidentTaskActivityRequestSchema,
        response: { 200: ZTaskPageReplySchema, ...errors },
      },
    },
    async (request) => residentTaskActivity(app.prisma, await viewerOf(request), request.body),
  );

  app.post(
    '/resolve/:facilityRid',
    {
      schema: {
        tags,
        summary: "Resolve many of a facility's open tasks at once (supervisors)",
        params: ZFacilityRidParamsSchema,
        body: ZBulkResolveTasksRequestSchema,
        response: { 200: ZBulkResolveReplySchema, ...errors },
      },
    },
    async (request) =>
      bulkResolveTasks(app.prisma, await viewerOf(request), request.params.facilityRid, request.body),
  );

  app.post(
    '/updates',
    {
      schema: {
        tags,
        summary: "Add a manual entry to a task's timeline",
        body: ZCreateTaskUpdateRequestSchema,
        response: { 201: ZTaskUpdateReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addTaskUpdate(app.prisma, await viewerOf(request), request.body)),
  );

  app.delete(
    '/updates/:updateId',
    {
      schema: {
        tags,
        summary: 'Delete a manual entry',
        params: ZTaskUpdateParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTaskUpdate(app.prisma, await viewerOf(request), request.params.updateId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/notes/:noteId',
    {
      schema: {
        tags,
        summary: 'Edit a task note (its author)',
        params: ZTaskNoteParamsSchema,
        body: ZUpdateTaskNoteRequestSchema,
        response: { 200: ZTaskNoteReplySchema, ...errors },
      },
    },
    async (request) => editTaskNote(app.prisma, await viewerOf(request), request.params.noteId, request.body),
  );

  app.delete(
    '/notes/:noteId',
    {
      schema: {
        tags,
        summary: 'Delete a task note',
        params: ZTaskNoteParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTaskNote(app.prisma, await viewerOf(request), request.params.noteId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:taskId',
    {
      schema: {
        tags,
        summary: 'Get a task',
        params: ZTaskParamsSchema,
        response: { 200: ZTaskReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await getTaskJson(app.prisma, await viewerOf(request), request.params.taskId)),
  );

  app.put(
    '/:taskId',
    {
      schema: {
        tags,
        summary: 'Status update (body { status }: claim, unclaim, start or cancel care confirmation) or edit',
        params: ZTaskParamsSchema,
        body: ZUpdateTaskRequestSchema,
        response: { 200: ZTaskReplySchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { status, ...fields } = request.body;
      return status
        ? changeTaskStatus(app.prisma, viewer, request.params.taskId, status)
        : updateTask(app.prisma, viewer, request.params.taskId, fields);
    },
  );

  app.delete(
    '/:taskId',
    {
      schema: {
        tags,
        summary: 'Delete (cancel) an open task: CLOSED_CANCELED, kept in the log',
        params: ZTaskParamsSchema,
        response: { 200: ZTaskReplySchema, ...errors },
      },
    },
    async (request) => cancelTask(app.prisma, await viewerOf(request), request.params.taskId),
  );

  app.put(
    '/:taskId/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve a task with the care provided',
        params: ZTaskParamsSchema,
        body: ZResolveTaskRequestSchema,
        response: { 200: ZTaskReplySchema, ...errors },
      },
    },
    async (request) => resolveTask(app.prisma, await viewerOf(request), request.params.taskId, request.body),
  );

  app.put(
    '/:taskId/follow-up',
    {
      schema: {
        tags,
        summary: "Close an escalated observation's follow-up: what the nurse did and a note (decision 0620)",
        params: ZTaskParamsSchema,
        body: ZFollowUpRequestSchema,
        response: { 200: ZTaskReplySchema, ...errors },
      },
    },
    async (request) =>
      closeFollowUp(app.prisma, await viewerOf(request), request.params.taskId, request.body),
  );

  app.get(
    '/:taskId/care-confirmation-tracker',
    {
      schema: {
        tags,
        summary: 'The task and the ms since its last update (polled every 1 s while confirming)',
        params: ZTaskParamsSchema,
        response: { 200: ZCareConfirmationTrackerReplySchema, ...errors },
      },
    },
    async (request) => getCareConfirmationTracker(app.prisma, await viewerOf(request), request.params.taskId),
  );

  app.post(
    '/:taskId/notes',
    {
      schema: {
        tags,
        summary: 'Add a note to a task',
        params: ZTaskParamsSchema,
        body: ZCreateTaskNoteRequestSchema,
        response: { 201: ZTaskNoteReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addTaskNote(app.prisma, await viewerOf(request), request.params.taskId, request.body)),
  );

  app.post(
    '/:taskId/unassign',
    {
      schema: {
        tags,
        summary: 'Give the task back: it becomes unclaimed',
        params: ZTaskParamsSchema,
        response: { 200: ZTaskReplySchema, ...errors },
      },
    },
    async (request) => unassignTask(app.prisma, await viewerOf(request), request.params.taskId),
  );

  app.get(
    '/:taskId/videoReplay',
    {
      schema: {
        tags,
        summary: 'Video replay of an alert (404 while no video source is configured)',
        params: ZTaskParamsSchema,
        querystring: ZVideoReplayQuerySchema,
        response: { ...errors },
      },
    },
    async (request) => getVideoReplay(app.prisma, await viewerOf(request), request.params.taskId),
  );
};
export default tasksRoutes;
