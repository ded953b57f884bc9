import {
  ERROR_REPLIES,
  ZCreateEnterpriseRequestSchema,
  ZDeletedReplySchema,
  ZEnterpriseParamsSchema,
  ZEnterpriseSchema,
  ZListEnterprisesQuerySchema,
  ZListEnterprisesReplySchema,
  ZUpdateEnterpriseRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createEnterprise,
  deleteEnterprise,
  getEnterprise,
  listEnterprises,
  updateEnterprise,
} from './service';

const tags = ['admin: enterprises'];

/** GET and POST /enterprises; GET, PUT, DELETE /enterprises/{enterpriseId} (decision 0170 for who may). */
const enterprisesRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Companies the caller may see, with how many of their communities the caller sees',
        querystring: ZListEnterprisesQuerySchema,
        response: { 200: ZListEnterprisesReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listEnterprises(app.prisma, caller(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create a company (provider support)',
        body: ZCreateEnterpriseRequestSchema,
        response: { 201: ZEnterpriseSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createEnterprise(app.prisma, caller(request), request.body)),
  );

  app.get(
    '/:enterpriseId',
    {
      schema: {
        tags,
        summary: 'One company',
        params: ZEnterpriseParamsSchema,
        response: { 200: ZEnterpriseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getEnterprise(app.prisma, caller(request), request.params.enterpriseId),
  );

  app.put(
    '/:enterpriseId',
    {
      schema: {
        tags,
        summary: 'Rename a company (its management-group admins or provider support); stale writes get 409',
        params: ZEnterpriseParamsSchema,
        body: ZUpdateEnterpriseRequestSchema,
        response: { 200: ZEnterpriseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      updateEnterprise(app.prisma, caller(request), request.params.enterpriseId, request.body),
  );

  app.delete(
    '/:enterpriseId',
    {
      schema: {
        tags,
        summary: 'Delete a company without communities (provider support); 409 while it has some',
        params: ZEnterpriseParamsSchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteEnterprise(app.prisma, caller(request), request.params.enterpriseId),
  );
};
export default enterprisesRoutes;
