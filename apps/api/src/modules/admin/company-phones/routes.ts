import {
  ERROR_REPLIES,
  ZBulkCreateCompanyPhonesRequestSchema,
  ZCompanyPhoneDetailSchema,
  ZCompanyPhoneDetailsReplySchema,
  ZCompanyPhoneParamsSchema,
  ZCreateCompanyPhoneRequestSchema,
  ZDeleteCompanyPhonesQuerySchema,
  ZDeletedReplySchema,
  ZListCompanyPhonesPageQuerySchema,
  ZUpdateCompanyPhoneRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkCreateCompanyPhones,
  createCompanyPhone,
  deleteCompanyPhones,
  getCompanyPhone,
  listCompanyPhones,
  updateCompanyPhone,
} from './service';

const tags = ['admin: company phones'];

/**
 * GET /companyPhones ?enterpriseId, facilityId, availablePhonesOnly; POST /companyPhones; DELETE /companyPhones
 * ?companyPhoneRids; POST /companyPhones/bulk; GET, PUT, DELETE /companyPhones/{id}.
 */
const companyPhonesRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Community phones, each with who is on shift with it',
        querystring: ZListCompanyPhonesPageQuerySchema,
        response: { 200: ZCompanyPhoneDetailsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listCompanyPhones(app.prisma, caller(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Add a company phone to a community (management)',
        body: ZCreateCompanyPhoneRequestSchema,
        response: { 201: ZCompanyPhoneDetailSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCompanyPhone(app.prisma, caller(request), request.body)),
  );

  app.delete(
    '',
    {
      schema: {
        tags,
        summary: 'Delete company phones by id, all or none; 409 for one in use on shift',
        querystring: ZDeleteCompanyPhonesQuerySchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteCompanyPhones(app.prisma, caller(request), request.query.companyPhoneRids),
  );

  app.post(
    '/bulk',
    {
      schema: {
        tags,
        summary: 'Add several company phones, all or none',
        body: ZBulkCreateCompanyPhonesRequestSchema,
        response: { 201: ZCompanyPhoneDetailsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bulkCreateCompanyPhones(app.prisma, caller(request), request.body)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One company phone',
        params: ZCompanyPhoneParamsSchema,
        response: { 200: ZCompanyPhoneDetailSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getCompanyPhone(app.prisma, caller(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Rename or renumber a company phone; stale writes get 409',
        params: ZCompanyPhoneParamsSchema,
        body: ZUpdateCompanyPhoneRequestSchema,
        response: { 200: ZCompanyPhoneDetailSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => updateCompanyPhone(app.prisma, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a company phone; 409 while it is in use on shift',
        params: ZCompanyPhoneParamsSchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteCompanyPhones(app.prisma, caller(request), [request.params.id]),
  );
};
export default companyPhonesRoutes;
