import {
  ERROR_REPLIES,
  ZAdminUnitListSchema,
  ZAdminUnitSchema,
  ZBulkCreateUnitsRequestSchema,
  ZCreateUnitRequestSchema,
  ZDeleteUnitsQuerySchema,
  ZDeleteUnitsReplySchema,
  ZErrorReplySchema,
  ZListUnitsQuerySchema,
  ZSearchUnitsReplySchema,
  ZSearchUnitsRequestSchema,
  ZUnitDetailReplySchema,
  ZUnitParamsSchema,
  ZUpdateUnitRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUnit, searchUnits } from './search-units';
import { listUnitsJson } from './service';
import {
  archiveUnit,
  bulkCreateUnits,
  createUnit,
  deleteUnits,
  restoreUnit,
  updateUnit,
} from './write-units';

const unitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'List units of the facilities the caller works in',
        querystring: ZListUnitsQuerySchema,
        response: {
          200: ZAdminUnitListSchema,
          400: ZErrorReplySchema,
          401: ZErrorReplySchema,
          403: ZErrorReplySchema,
        },
      },
    },
    // The reply's JSON as PostgreSQL built it, sent as it is (decision 0443; its shape is tested, not parsed).
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await listUnitsJson(app.prisma, request.auth!.staffMemberId, request.query)) as never),
  );

  app.post(
    '/search',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'Units with their current occupants (by facility, care zone or care type)',
        body: ZSearchUnitsRequestSchema,
        response: { 200: ZSearchUnitsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => searchUnits(app.prisma, request.auth!.staffMemberId, request.body),
  );

  app.get(
    '/:unitId',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'A unit with its occupants and devices',
        params: ZUnitParamsSchema,
        response: { 200: ZUnitDetailReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getUnit(app.prisma, request.auth!.staffMemberId, request.params.unitId),
  );

  // Writes: management of the unit's facility (docs/decisions/0150, 0153).
  app.post(
    '',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'Create a unit (management; 409 when the name is taken in the facility)',
        body: ZCreateUnitRequestSchema,
        response: { 201: ZAdminUnitSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createUnit(app.prisma, request.auth!.staffMemberId, request.body)),
  );

  app.post(
    '/bulk',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'Create several units, all or nothing (a bad row is named by its index)',
        body: ZBulkCreateUnitsRequestSchema,
        response: { 201: ZAdminUnitListSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bulkCreateUnits(app.prisma, request.auth!.staffMemberId, request.body)),
  );

  app.put(
    '/:unitId',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'Change a unit (the fields sent; 409 when stale or the name is taken)',
        params: ZUnitParamsSchema,
        body: ZUpdateUnitRequestSchema,
        response: { 200: ZAdminUnitSchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      updateUnit(app.prisma, request.auth!.staffMemberId, request.params.unitId, request.body),
  );

  // Archive and restore (decision 0612): a unit with history cannot be deleted; it can leave the lists.
  app.post(
    '/:unitId/archive',
    {
      schema: {
        tags: ['admin: units'],
        summary:
          'Archive a unit (management): out of the lists and pickers, its history kept; 409 while residents live there, a device is assigned or an alert is open',
        params: ZUnitParamsSchema,
        response: { 200: ZAdminUnitSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => archiveUnit(app.prisma, request.auth!.staffMemberId, request.params.unitId),
  );

  app.post(
    '/:unitId/restore',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'Restore an archived unit (management): back in the lists and pickers',
        params: ZUnitParamsSchema,
        response: { 200: ZAdminUnitSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => restoreUnit(app.prisma, request.auth!.staffMemberId, request.params.unitId),
  );

  app.delete(
    '/:unitId',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'Delete a unit nobody lives in and with no devices, alerts or check-ins on record',
        params: ZUnitParamsSchema,
        response: { 200: ZDeleteUnitsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteUnits(app.prisma, request.auth!.staffMemberId, [request.params.unitId]),
  );

  app.delete(
    '',
    {
      schema: {
        tags: ['admin: units'],
        summary: 'Delete the units named by unitRid (repeat the key), all or nothing',
        querystring: ZDeleteUnitsQuerySchema,
        response: { 200: ZDeleteUnitsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteUnits(app.prisma, request.auth!.staffMemberId, request.query.unitRid),
  );
};
export default unitsRoutes;
