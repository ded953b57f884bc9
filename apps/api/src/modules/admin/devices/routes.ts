import {
  ERROR_REPLIES,
  ZBulkCreateDeviceAllocationsReplySchema,
  ZBulkCreateDeviceAllocationsRequestSchema,
  ZCreateDeviceAllocationRequestSchema,
  ZCreateDeviceRequestSchema,
  ZCreatedDeviceAllocationReplySchema,
  ZDeviceActivityPageReplySchema,
  ZDeviceActivitySearchRequestSchema,
  ZDeviceAllocationParamsSchema,
  ZDeviceAllocationReplySchema,
  ZDevicePageReplySchema,
  ZDeviceParamsSchema,
  ZLatestAllocatedActivityReplySchema,
  ZLatestAllocatedActivityRequestSchema,
  ZLatestDeviceActivityReplySchema,
  ZLatestDeviceActivityRequestSchema,
  ZListDeviceAllocationsQuerySchema,
  ZListDeviceAllocationsReplySchema,
  ZListDevicesQuerySchema,
  ZRegisteredDeviceReplySchema,
  ZSimulateDeviceParamsSchema,
  ZSimulateDeviceReplySchema,
  ZSimulateDeviceRequestSchema,
  ZUpdateDeviceAllocationRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestAllocatedActivity, searchActivity } from './activity-service';
import { createAllocations, deleteAllocation } from './allocation-writes';
import { createDevice, deleteDevice, getDevice, listDevices, simulateDeviceEvent } from './registry-service';
import { getAllocation, latestActivity, listAllocations, unallocate, updateAllocation } from './service';

const errors = ERROR_REPLIES;
const tags = ['admin: devices'];

/**
 * Devices (sign-in doc section 7): the registry, allocations and their activity, simulated presses. The
 * registry, every change and simulation are management only (decisions 0070, 0190); reading allocations
 * and activity is open to the facility's staff (the pendants drawer).
 */
const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/allocated',
    {
      schema: {
        tags,
        summary: "Active device allocations of the caller's facilities",
        querystring: ZListDeviceAllocationsQuerySchema,
        response: { 200: ZListDeviceAllocationsReplySchema, ...errors },
      },
    },
    async (request) => listAllocations(app.prisma, request.auth!.staffMemberId, request.query),
  );

  app.get(
    '/allocated/:id',
    {
      schema: {
        tags,
        summary: 'A device allocation (also once unallocated)',
        params: ZDeviceAllocationParamsSchema,
        response: { 200: ZDeviceAllocationReplySchema, ...errors },
      },
    },
    async (request) => getAllocation(app.prisma, request.auth!.staffMemberId, request.params.id),
  );

  app.put(
    '/allocated/:id',
    {
      schema: {
        tags,
        summary: 'Assign the device to a resident or a unit and room, or rename it (management only)',
        params: ZDeviceAllocationParamsSchema,
        body: ZUpdateDeviceAllocationRequestSchema,
        response: { 200: ZCreatedDeviceAllocationReplySchema, ...errors },
      },
    },
    async (request) =>
      updateAllocation(app.prisma, request.auth!.staffMemberId, request.params.id, request.body),
  );

  app.post(
    '/allocated/:id/unallocate',
    {
      schema: {
        tags,
        summary: 'Unassign the device (management only); it stays registered to the facility',
        params: ZDeviceAllocationParamsSchema,
        response: { 200: ZDeviceAllocationReplySchema, ...errors },
      },
    },
    async (request) => unallocate(app.prisma, request.auth!.staffMemberId, request.params.id),
  );

  app.post(
    '/activity/latest',
    {
      schema: {
        tags,
        summary: 'Latest battery level and press of devices of a facility',
        body: ZLatestDeviceActivityRequestSchema,
        response: { 200: ZLatestDeviceActivityReplySchema, ...errors },
      },
    },
    async (request) => latestActivity(app.prisma, request.auth!.staffMemberId, request.body),
  );

  app.post(
    '/allocated',
    {
      schema: {
        tags,
        summary: 'Allocate a registered device to a resident, a unit (and room) or a door (management only)',
        body: ZCreateDeviceAllocationRequestSchema,
        response: { 201: ZCreatedDeviceAllocationReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createAllocations(app.prisma, request.auth!.staffMemberId, [request.body], false);
      return reply.code(201).send(created[0]!);
    },
  );

  app.post(
    '/allocated/bulk',
    {
      schema: {
        tags,
        summary: 'Allocate several devices at once, all or nothing (management only)',
        body: ZBulkCreateDeviceAllocationsRequestSchema,
        response: { 201: ZBulkCreateDeviceAllocationsReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createAllocations(app.prisma, request.auth!.staffMemberId, request.body, true)),
  );

  app.delete(
    '/allocated/:id',
    {
      schema: {
        tags,
        summary: 'Delete a device allocation record, freeing the device (management only)',
        params: ZDeviceAllocationParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAllocation(app.prisma, request.auth!.staffMemberId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/activity',
    {
      schema: {
        tags,
        summary: "Activity history of a facility's devices, newest first",
        body: ZDeviceActivitySearchRequestSchema,
        response: { 200: ZDeviceActivityPageReplySchema, ...errors },
      },
    },
    async (request) => searchActivity(app.prisma, request.auth!.staffMemberId, request.body),
  );

  app.post(
    '/activity/allocated/latest',
    {
      schema: {
        tags,
        summary: 'Latest activity and battery of each allocated device of a facility',
        body: ZLatestAllocatedActivityRequestSchema,
        response: { 200: ZLatestAllocatedActivityReplySchema, ...errors },
      },
    },
    async (request) => latestAllocatedActivity(app.prisma, request.auth!.staffMemberId, request.body),
  );

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Devices registered to the facilities I manage, newest first, paged (management only)',
        querystring: ZListDevicesQuerySchema,
        response: { 200: ZDevicePageReplySchema, ...errors },
      },
    },
    async (request) => listDevices(app.prisma, request.auth!.staffMemberId, request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Register a device to a facility (management only); a hardware id registered already is 409',
        body: ZCreateDeviceRequestSchema,
        response: { 201: ZRegisteredDeviceReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDevice(app.prisma, request.auth!.staffMemberId, request.body)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'A registered device (management only)',
        params: ZDeviceParamsSchema,
        response: { 200: ZRegisteredDeviceReplySchema, ...errors },
      },
    },
    async (request) => getDevice(app.prisma, request.auth!.staffMemberId, request.params.id),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a device (management only); refused while it is allocated',
        params: ZDeviceParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDevice(app.prisma, request.auth!.staffMemberId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:deviceType/simulate',
    {
      schema: {
        tags,
        summary: 'Simulate an event of a device, processed exactly as a gateway event (management only)',
        params: ZSimulateDeviceParamsSchema,
        body: ZSimulateDeviceRequestSchema,
        response: { 202: ZSimulateDeviceReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await simulateDeviceEvent(
            app.prisma,
            request.auth!.staffMemberId,
            request.params.deviceType,
            request.body,
          ),
        ),
  );
};
export default devicesRoutes;
