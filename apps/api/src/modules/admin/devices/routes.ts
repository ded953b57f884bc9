import {
  ERROR_REPLIES,
  ZDeviceAllocationParamsSchema,
  ZDeviceAllocationReplySchema,
  ZLatestDeviceActivityReplySchema,
  ZLatestDeviceActivityRequestSchema,
  ZListDeviceAllocationsQuerySchema,
  ZListDeviceAllocationsReplySchema,
  ZUpdateDeviceAllocationRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAllocation, latestActivity, listAllocations, unallocate, updateAllocation } from './service';

const errors = ERROR_REPLIES;
const tags = ['admin: devices'];

/** Devices (sign-in doc section 7): allocations and their latest activity; changes are management only. */
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
        response: { 200: ZDeviceAllocationReplySchema, ...errors },
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
};
export default devicesRoutes;
