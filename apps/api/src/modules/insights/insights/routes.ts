import {
  ERROR_REPLIES,
  ZInsightParamsSchema,
  ZInsightReplySchema,
  ZInsightsReplySchema,
  ZSearchInsightsRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getInsight, resetInsight, searchInsights } from './service';

const tags = ['insights: insights'];

/** GET /insights/{insightRid}; POST /insights/{insightRid}/reset; POST /insights/search (alerts doc section 7). */
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: "A facility's insights the caller may see, newest first",
        body: ZSearchInsightsRequestSchema,
        response: { 200: ZInsightsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => searchInsights(app.readPrisma, request.auth!.staffMemberId, request.body),
  );

  app.get(
    '/:insightRid',
    {
      schema: {
        tags,
        summary: 'One insight with its workflows',
        params: ZInsightParamsSchema,
        response: { 200: ZInsightReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getInsight(app.readPrisma, request.auth!.staffMemberId, request.params.insightRid),
  );

  app.post(
    '/:insightRid/reset',
    {
      schema: {
        tags,
        summary: 'Open an insight again for action (management)',
        params: ZInsightParamsSchema,
        response: { 200: ZInsightReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => resetInsight(app.prisma, request.auth!.staffMemberId, request.params.insightRid),
  );
};
export default insightsRoutes;
