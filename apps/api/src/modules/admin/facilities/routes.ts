import {
  ERROR_REPLIES,
  ZCreateFacilityRequestSchema,
  ZDeletedReplySchema,
  ZFacilityParamsSchema,
  ZFacilitySchema,
  ZFacilityStatusParamsSchema,
  ZListFacilitiesQuerySchema,
  ZListFacilitiesReplySchema,
  ZSetFacilityStatusRequestSchema,
  ZUpdateFacilityRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createFacility,
  deleteFacility,
  getFacility,
  listFacilities,
  setFacilityStatus,
  updateFacility,
} from './service';

const tags = ['admin: facilities'];

/**
 * GET /facilities ?enterpriseId, emergencyNotificationNumber; POST /facilities; GET, PUT, DELETE
 * /facilities/{facilityId}; PUT /facilities/status/{facilityRid} (decision 0170 for who may).
 */
const facilitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Communities the caller may see (by company, emergency number or name)',
        querystring: ZListFacilitiesQuerySchema,
        response: { 200: ZListFacilitiesReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listFacilities(app.prisma, caller(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary:
          'Create a community in a company, with its groups (management-group admins, provider support)',
        body: ZCreateFacilityRequestSchema,
        response: { 201: ZFacilitySchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFacility(app.prisma, caller(request), request.body)),
  );

  app.put(
    '/status/:facilityRid',
    {
      schema: {
        tags,
        summary: "Change a community's status (ONBOARDING, ACTIVE, INACTIVE)",
        params: ZFacilityStatusParamsSchema,
        body: ZSetFacilityStatusRequestSchema,
        response: { 200: ZFacilitySchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      setFacilityStatus(app.prisma, caller(request), request.params.facilityRid, request.body),
  );

  app.get(
    '/:facilityId',
    {
      schema: {
        tags,
        summary: 'One community with its config',
        params: ZFacilityParamsSchema,
        response: { 200: ZFacilitySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getFacility(app.prisma, caller(request), request.params.facilityId),
  );

  app.put(
    '/:facilityId',
    {
      schema: {
        tags,
        summary: "Edit a community's fields and config; stale writes get 409",
        params: ZFacilityParamsSchema,
        body: ZUpdateFacilityRequestSchema,
        response: { 200: ZFacilitySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => updateFacility(app.prisma, caller(request), request.params.facilityId, request.body),
  );

  app.delete(
    '/:facilityId',
    {
      schema: {
        tags,
        summary: 'Delete an empty community; 409 while it has units, residents, devices, alerts or staff',
        params: ZFacilityParamsSchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteFacility(app.prisma, caller(request), request.params.facilityId),
  );
};
export default facilitiesRoutes;
