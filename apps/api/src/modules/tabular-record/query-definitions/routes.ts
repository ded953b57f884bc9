import {
  ERROR_REPLIES,
  ZCreateQueryDefinitionRequestSchema,
  ZDeletedReplySchema,
  ZListQueryDefinitionsQuerySchema,
  ZListQueryDefinitionsReplySchema,
  ZQueryDefinitionParamsSchema,
  ZQueryDefinitionRidReplySchema,
  ZQueryDefinitionSchema,
  ZRidFromNameParamsSchema,
  ZRidFromNameQuerySchema,
  ZUpdateQueryDefinitionRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createQueryDefinition,
  deleteQueryDefinition,
  getQueryDefinition,
  listQueryDefinitions,
  queryDefinitionRidFromName,
  updateQueryDefinition,
} from './service';

const tags = ['tabular record: query definitions'];

/**
 * GET /queryDefinitions ?dataSourceRid; POST /queryDefinitions; GET, PUT, DELETE
 * /queryDefinitions/{queryDefinitionRid}; GET /queryDefinitions/ridFromName/{name} (decisions 0280, 0282).
 */
const queryDefinitionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    '',
    {
      schema: {
        tags,
        summary: "Reports (query definitions) of the caller's communities (management)",
        querystring: ZListQueryDefinitionsQuerySchema,
        response: { 200: ZListQueryDefinitionsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listQueryDefinitions(app.prisma, caller(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary:
          'Add a report: one SELECT over the reporting views, with :named parameters (management-group admins)',
        body: ZCreateQueryDefinitionRequestSchema,
        response: { 201: ZQueryDefinitionSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createQueryDefinition(app.prisma, caller(request), request.body)),
  );

  app.get(
    '/ridFromName/:name',
    {
      schema: {
        tags,
        summary: "The id of the caller's community's report of this name",
        params: ZRidFromNameParamsSchema,
        querystring: ZRidFromNameQuerySchema,
        response: { 200: ZQueryDefinitionRidReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      queryDefinitionRidFromName(app.prisma, caller(request), request.params.name, request.query),
  );

  app.get(
    '/:queryDefinitionRid',
    {
      schema: {
        tags,
        summary: 'One report',
        params: ZQueryDefinitionParamsSchema,
        response: { 200: ZQueryDefinitionSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getQueryDefinition(app.prisma, caller(request), request.params.queryDefinitionRid),
  );

  app.put(
    '/:queryDefinitionRid',
    {
      schema: {
        tags,
        summary: 'Edit a report; built-in ones and stale writes get 409',
        params: ZQueryDefinitionParamsSchema,
        body: ZUpdateQueryDefinitionRequestSchema,
        response: { 200: ZQueryDefinitionSchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      updateQueryDefinition(app.prisma, caller(request), request.params.queryDefinitionRid, request.body),
  );

  app.delete(
    '/:queryDefinitionRid',
    {
      schema: {
        tags,
        summary: 'Delete a report with its results (not a built-in one)',
        params: ZQueryDefinitionParamsSchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteQueryDefinition(app.prisma, caller(request), request.params.queryDefinitionRid),
  );
};
export default queryDefinitionsRoutes;
