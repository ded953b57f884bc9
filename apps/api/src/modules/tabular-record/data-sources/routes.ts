import {
  ERROR_REPLIES,
  ZCreateDataSourceRequestSchema,
  ZDataSourceParamsSchema,
  ZDataSourceRidReplySchema,
  ZDataSourceSchema,
  ZDeletedReplySchema,
  ZListDataSourcesQuerySchema,
  ZListDataSourcesReplySchema,
  ZRidFromNameParamsSchema,
  ZRidFromNameQuerySchema,
  ZUpdateDataSourceRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDataSource,
  dataSourceRidFromName,
  deleteDataSource,
  getDataSource,
  listDataSources,
  updateDataSource,
} from './service';

const tags = ['tabular record: data sources'];

/**
 * GET /dataSources ?dialect; POST /dataSources; GET, PUT, DELETE /dataSources/{dataSourceRid};
 * GET /dataSources/ridFromName/{name} (sign-in doc section 7; decisions 0280, 0282).
 */
const dataSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    '',
    {
      schema: {
        tags,
        summary: "Data sources of the caller's communities (management)",
        querystring: ZListDataSourcesQuerySchema,
        response: { 200: ZListDataSourcesReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listDataSources(app.prisma, caller(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Add a data source to a community (management-group admins); 409 for a name it has',
        body: ZCreateDataSourceRequestSchema,
        response: { 201: ZDataSourceSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDataSource(app.prisma, caller(request), request.body)),
  );

  app.get(
    '/ridFromName/:name',
    {
      schema: {
        tags,
        summary: "The id of the caller's community's data source of this name",
        params: ZRidFromNameParamsSchema,
        querystring: ZRidFromNameQuerySchema,
        response: { 200: ZDataSourceRidReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => dataSourceRidFromName(app.prisma, caller(request), request.params.name, request.query),
  );

  app.get(
    '/:dataSourceRid',
    {
      schema: {
        tags,
        summary: 'One data source',
        params: ZDataSourceParamsSchema,
        response: { 200: ZDataSourceSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getDataSource(app.prisma, caller(request), request.params.dataSourceRid),
  );

  app.put(
    '/:dataSourceRid',
    {
      schema: {
        tags,
        summary: 'Edit a data source (name, description, limits); built-in ones and stale writes get 409',
        params: ZDataSourceParamsSchema,
        body: ZUpdateDataSourceRequestSchema,
        response: { 200: ZDataSourceSchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      updateDataSource(app.prisma, caller(request), request.params.dataSourceRid, request.body),
  );

  app.delete(
    '/:dataSourceRid',
    {
      schema: {
        tags,
        summary: 'Delete a data source with its query definitions and their results (not a built-in one)',
        params: ZDataSourceParamsSchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteDataSource(app.prisma, caller(request), request.params.dataSourceRid),
  );
};
export default dataSourcesRoutes;
