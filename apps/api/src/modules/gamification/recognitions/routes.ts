import {
  ERROR_REPLIES,
  ZCreateRecognitionRequestSchema,
  ZListRecognitionsQuerySchema,
  ZRecognitionParamsSchema,
  ZRecognitionReplySchema,
  ZRecognitionsReplySchema,
  ZSearchRecognitionsRequestSchema,
  ZUpdateRecognitionRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRecognition,
  getRecognition,
  listRecognitions,
  type RecognitionDeps,
  searchRecognitions,
  updateRecognition,
} from './service';

const tags = ['gamification: recognitions'];

/**
 * GET /recognitions ?recipientRid, facilityRid, seenByRecipient; POST /recognitions; POST /recognitions/search;
 * GET and PUT /recognitions/{recognitionRid} (alerts doc section 7).
 */
const recognitionsRoutes: FastifyPluginAsyncZod<{ deps: RecognitionDeps }> = async (app, { deps }) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'High fives the caller received or sent (management: all of the facility), newest first',
        querystring: ZListRecognitionsQuerySchema,
        response: { 200: ZRecognitionsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listRecognitions(app.prisma, request.auth!.staffMemberId, request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Send a colleague a high five (live and by push)',
        body: ZCreateRecognitionRequestSchema,
        response: { 201: ZRecognitionReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRecognition(deps, request.auth!.staffMemberId, request.body)),
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: 'Search high fives by facility, recipients, senders and seen',
        body: ZSearchRecognitionsRequestSchema,
        response: { 200: ZRecognitionsReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => searchRecognitions(app.prisma, request.auth!.staffMemberId, request.body),
  );

  app.get(
    '/:recognitionRid',
    {
      schema: {
        tags,
        summary: 'One high five',
        params: ZRecognitionParamsSchema,
        response: { 200: ZRecognitionReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getRecognition(app.prisma, request.auth!.staffMemberId, request.params.recognitionRid),
  );

  app.put(
    '/:recognitionRid',
    {
      schema: {
        tags,
        summary: 'Mark a high five seen (its recipient)',
        params: ZRecognitionParamsSchema,
        body: ZUpdateRecognitionRequestSchema,
        response: { 200: ZRecognitionReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      updateRecognition(app.prisma, request.auth!.staffMemberId, request.params.recognitionRid, request.body),
  );
};
export default recognitionsRoutes;
