import {
  ERROR_REPLIES,
  ZBulkCreateDoorsRequestSchema,
  ZCreateDoorRequestSchema,
  ZDoorAlarmScheduleListReplySchema,
  ZDoorAlarmScheduleParamsSchema,
  ZDoorAlarmScheduleReplySchema,
  ZDoorDefaultsQuerySchema,
  ZDoorListReplySchema,
  ZDoorParamsSchema,
  ZDoorReplySchema,
  ZSaveDefaultDoorAlarmScheduleRequestSchema,
  ZSaveDoorAlarmScheduleRequestSchema,
  ZSearchDoorAlarmSchedulesRequestSchema,
  ZSearchDoorsRequestSchema,
  ZUpdateDoorRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDoors, deleteDoor, getDoor, searchDoors, updateDoor } from './door-service';
import {
  deleteDefaultSchedule,
  deleteSchedule,
  getDefaultSchedule,
  getSchedule,
  saveDefaultSchedule,
  saveSchedule,
  searchSchedules,
} from './schedule-service';

const errors = ERROR_REPLIES;
const tags = ['admin: doors'];

/**
 * Doors and door alarm schedules (sign-in doc section 7 'Doors'; docs/decisions/0191). Reading is open to the
 * facility's staff; every change is management only.
 */
const doorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = (request: { auth?: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a door (management only); a name taken in the facility is 409',
        body: ZCreateDoorRequestSchema,
        response: { 201: ZDoorReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const [door] = await createDoors(app.prisma, staff(request), [request.body], false);
      return reply.code(201).send(door!);
    },
  );

  app.post(
    '/bulk',
    {
      schema: {
        tags,
        summary: 'Create several doors, all or nothing (management only)',
        body: ZBulkCreateDoorsRequestSchema,
        response: { 201: ZDoorListReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDoors(app.prisma, staff(request), request.body, true)),
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: 'Search the doors of my facilities, with their allocated device and schedule',
        body: ZSearchDoorsRequestSchema,
        response: { 200: ZDoorListReplySchema, ...errors },
      },
    },
    async (request) => searchDoors(app.prisma, staff(request), request.body),
  );

  app.post(
    '/doorAlarmSchedules',
    {
      schema: {
        tags,
        summary: 'Create a door alarm schedule, or update the one named (management only)',
        body: ZSaveDoorAlarmScheduleRequestSchema,
        response: { 200: ZDoorAlarmScheduleReplySchema, ...errors },
      },
    },
    async (request) => saveSchedule(app.prisma, staff(request), request.body),
  );

  app.post(
    '/doorAlarmSchedules/defaults',
    {
      schema: {
        tags,
        summary: "Set the facility's default door alarm schedule (management only)",
        body: ZSaveDefaultDoorAlarmScheduleRequestSchema,
        response: { 200: ZDoorAlarmScheduleReplySchema, ...errors },
      },
    },
    async (request) => saveDefaultSchedule(app.prisma, staff(request), request.body),
  );

  app.get(
    '/doorAlarmSchedules/defaults',
    {
      schema: {
        tags,
        summary: "The facility's default door alarm schedule (404 when it has none)",
        querystring: ZDoorDefaultsQuerySchema,
        response: { 200: ZDoorAlarmScheduleReplySchema, ...errors },
      },
    },
    async (request) => getDefaultSchedule(app.prisma, staff(request), request.query.facilityRid),
  );

  app.delete(
    '/doorAlarmSchedules/defaults',
    {
      schema: {
        tags,
        summary: "Delete the facility's default door alarm schedule (management only)",
        querystring: ZDoorDefaultsQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDefaultSchedule(app.prisma, staff(request), request.query.facilityRid);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/doorAlarmSchedules/:doorAlarmScheduleRid',
    {
      schema: {
        tags,
        summary: 'A door alarm schedule',
        params: ZDoorAlarmScheduleParamsSchema,
        response: { 200: ZDoorAlarmScheduleReplySchema, ...errors },
      },
    },
    async (request) => getSchedule(app.prisma, staff(request), request.params.doorAlarmScheduleRid),
  );

  app.delete(
    '/doorAlarmSchedules/:doorAlarmScheduleRid',
    {
      schema: {
        tags,
        summary: 'Delete a door alarm schedule; its doors follow the facility default (management only)',
        params: ZDoorAlarmScheduleParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSchedule(app.prisma, staff(request), request.params.doorAlarmScheduleRid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/doorAlarmsSchedules/search',
    {
      schema: {
        tags,
        summary: 'Search the door alarm schedules of my facilities (path spelled as the spec)',
        body: ZSearchDoorAlarmSchedulesRequestSchema,
        response: { 200: ZDoorAlarmScheduleListReplySchema, ...errors },
      },
    },
    async (request) => searchSchedules(app.prisma, staff(request), request.body),
  );

  app.get(
    '/:doorRid',
    {
      schema: {
        tags,
        summary: 'A door with its allocated device and schedule',
        params: ZDoorParamsSchema,
        response: { 200: ZDoorReplySchema, ...errors },
      },
    },
    async (request) => getDoor(app.prisma, staff(request), request.params.doorRid),
  );

  app.post(
    '/:doorRid',
    {
      schema: {
        tags,
        summary: 'Update a door: rename it or link its schedule (management only)',
        params: ZDoorParamsSchema,
        body: ZUpdateDoorRequestSchema,
        response: { 200: ZDoorReplySchema, ...errors },
      },
    },
    async (request) => updateDoor(app.prisma, staff(request), request.params.doorRid, request.body),
  );

  app.delete(
    '/:doorRid',
    {
      schema: {
        tags,
        summary: 'Delete a door (management only); refused while a device is allocated to it',
        params: ZDoorParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDoor(app.prisma, staff(request), request.params.doorRid);
      return reply.code(204).send(null);
    },
  );
};
export default doorsRoutes;
