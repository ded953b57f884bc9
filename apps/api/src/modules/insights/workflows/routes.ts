import {
  ERROR_REPLIES,
  ZInsightActionRequestSchema,
  ZListWorkflowsQuerySchema,
  ZWorkflowActionReplySchema,
  ZWorkflowActionsReplySchema,
  ZWorkflowParamsSchema,
  ZWorkflowReplySchema,
  ZWorkflowsReplySchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RecognitionDeps } from '../../gamification/recognitions/service';
import { actOnWorkflow, getWorkflow, listActions, listWorkflows } from './service';

const tags = ['insights: workflows'];

/** GET /workflows; GET /workflows/{workflowRid}; GET and POST /workflows/{workflowRid}/actions. */
const workflowsRoutes: FastifyPluginAsyncZod<{ deps: RecognitionDeps }> = async (app, { deps }) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Workflows of the insights the caller may see, by insight, type and status',
        querystring: ZListWorkflowsQuerySchema,
        response: { 200: ZWorkflowsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listWorkflows(app.prisma, request.auth!.staffMemberId, request.query),
  );

  app.get(
    '/:workflowRid',
    {
      schema: {
        tags,
        summary: 'One workflow',
        params: ZWorkflowParamsSchema,
        response: { 200: ZWorkflowReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getWorkflow(app.prisma, request.auth!.staffMemberId, request.params.workflowRid),
  );

  app.get(
    '/:workflowRid/actions',
    {
      schema: {
        tags,
        summary: 'The actions taken on a workflow, oldest first',
        params: ZWorkflowParamsSchema,
        response: { 200: ZWorkflowActionsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listActions(app.prisma, request.auth!.staffMemberId, request.params.workflowRid),
  );

  app.post(
    '/:workflowRid/actions',
    {
      schema: {
        tags,
        summary: 'Act on an open workflow (dismiss, log an action, send a high five); 409 once closed',
        params: ZWorkflowParamsSchema,
        body: ZInsightActionRequestSchema,
        response: { 201: ZWorkflowActionReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await actOnWorkflow(deps, request.auth!.staffMemberId, request.params.workflowRid, request.body),
        ),
  );
};
export default workflowsRoutes;
