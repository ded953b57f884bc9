import {
  ERROR_REPLIES,
  ZCreateQueryExecutionRequestSchema,
  ZGetQueryExecutionQuerySchema,
  ZQueryExecutionParamsSchema,
  ZQueryExecutionSchema,
  ZSearchQueryExecutionsReplySchema,
  ZSearchQueryExecutionsRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelQueryExecution,
  createQueryExecution,
  expireQueryExecution,
  getQueryExecution,
  searchQueryExecutions,
} from './service';

const tags = ['tabular record: query executions'];

/**
 * POST /queryExecutions; GET /queryExecutions/{queryExecutionResultRid} ?lastSuccessfulExecution; DELETE
 * cancels; PUT expires; POST /queryExecutions/search (decisions 0281, 0282). Results may hold PHI (alerts per
 * resident): reading them is recorded.
 */
const queryExecutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Run a report: the execution is queued for the worker (management)',
        body: ZCreateQueryExecutionRequestSchema,
        response: { 201: ZQueryExecutionSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createQueryExecution(app.prisma, caller(request), request.body, app.now())),
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: "Executions of the caller's communities, newest first (without their rows)",
        body: ZSearchQueryExecutionsRequestSchema,
        response: { 200: ZSearchQueryExecutionsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => searchQueryExecutions(app.prisma, caller(request), request.body),
  );

  app.get(
    '/:queryExecutionResultRid',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary:
          'An execution with its rows (format=csv: the rows as CSV); lastSuccessfulExecution=true falls back to the newest succeeded run',
        params: ZQueryExecutionParamsSchema,
        querystring: ZGetQueryExecutionQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: {
          200: z.union([ZQueryExecutionSchema, z.string().describe('CSV with a header row')]),
          ...ERROR_REPLIES,
        },
      },
    },
    async (request, reply) => {
      const result = await getQueryExecution(
        app.prisma,
        caller(request),
        request.params.queryExecutionResultRid,
        request.query,
      );
      if (result.kind === 'json') return result.execution;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.filename}"`)
        .send(result.csv);
    },
  );

  app.delete(
    '/:queryExecutionResultRid',
    {
      schema: {
        tags,
        summary: 'Cancel a queued or running execution; 409 once it has ended',
        params: ZQueryExecutionParamsSchema,
        response: { 200: ZQueryExecutionSchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      cancelQueryExecution(app.prisma, caller(request), request.params.queryExecutionResultRid, app.now()),
  );

  app.put(
    '/:queryExecutionResultRid',
    {
      schema: {
        tags,
        summary: 'Expire an execution now: its rows are dropped (409 while it is queued or running)',
        params: ZQueryExecutionParamsSchema,
        response: { 200: ZQueryExecutionSchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      expireQueryExecution(app.prisma, caller(request), request.params.queryExecutionResultRid, app.now()),
  );
};
export default queryExecutionsRoutes;
