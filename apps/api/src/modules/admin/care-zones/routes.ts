import {
  ERROR_REPLIES,
  ZCareZoneDetailSchema,
  ZCareZoneParamsSchema,
  ZCreateCareZoneRequestSchema,
  ZUpdateCareZoneRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCareZone, deleteCareZone, getCareZone, updateCareZone } from './service';

const tags = ['admin: care zones'];

/**
 * Care zones (sign-in doc section 7): POST /careZones; GET, POST (update), DELETE /careZones/{careZoneId}.
 * GET /careZones (the list) lives with the staff routes, where the 'Working In' drawer reads it.
 */
const careZonesRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (request: { auth: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a care zone with its unit tags (management)',
        body: ZCreateCareZoneRequestSchema,
        response: { 201: ZCareZoneDetailSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCareZone(app.prisma, me(request), request.body)),
  );

  app.get(
    '/:careZoneId',
    {
      schema: {
        tags,
        summary: 'A care zone with the units its tags take in',
        params: ZCareZoneParamsSchema,
        response: { 200: ZCareZoneDetailSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getCareZone(app.prisma, me(request), request.params.careZoneId),
  );

  app.post(
    '/:careZoneId',
    {
      schema: {
        tags,
        summary: "Change a care zone's name or unit tags (management; 409 when stale or the name is taken)",
        params: ZCareZoneParamsSchema,
        body: ZUpdateCareZoneRequestSchema,
        response: { 200: ZCareZoneDetailSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => updateCareZone(app.prisma, me(request), request.params.careZoneId, request.body),
  );

  app.delete(
    '/:careZoneId',
    {
      schema: {
        tags,
        summary: 'Delete a care zone (management)',
        params: ZCareZoneParamsSchema,
        response: { 200: z.object({ id: z.string() }), ...ERROR_REPLIES },
      },
    },
    async (request) => deleteCareZone(app.prisma, me(request), request.params.careZoneId),
  );
};
export default careZonesRoutes;
