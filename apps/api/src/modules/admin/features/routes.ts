import {
  ERROR_REPLIES,
  ZCreateFeatureRequestSchema,
  ZDeletedReplySchema,
  ZFeatureParamsSchema,
  ZFeatureSchema,
  ZListFeaturesQuerySchema,
  ZListFeaturesReplySchema,
  ZUpdateFeatureRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createFeature, deleteFeature, getFeature, listFeatures, updateFeature } from './service';

const tags = ['admin: features'];

/** GET /features ?facilityId; POST /features; GET, PUT, DELETE /features/{featureId} (decision 0175). */
const featuresRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    '',
    {
      schema: {
        tags,
        summary: "Features of the caller's communities",
        querystring: ZListFeaturesQuerySchema,
        response: { 200: ZListFeaturesReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listFeatures(app.prisma, caller(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Add a feature to a community (management); 409 for a name it already has',
        body: ZCreateFeatureRequestSchema,
        response: { 201: ZFeatureSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFeature(app.prisma, caller(request), request.body)),
  );

  app.get(
    '/:featureId',
    {
      schema: {
        tags,
        summary: 'One feature',
        params: ZFeatureParamsSchema,
        response: { 200: ZFeatureSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getFeature(app.prisma, caller(request), request.params.featureId),
  );

  app.put(
    '/:featureId',
    {
      schema: {
        tags,
        summary: 'Edit a feature (name, on or off, config); stale writes get 409',
        params: ZFeatureParamsSchema,
        body: ZUpdateFeatureRequestSchema,
        response: { 200: ZFeatureSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => updateFeature(app.prisma, caller(request), request.params.featureId, request.body),
  );

  app.delete(
    '/:featureId',
    {
      schema: {
        tags,
        summary: 'Delete a feature (management)',
        params: ZFeatureParamsSchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteFeature(app.prisma, caller(request), request.params.featureId),
  );
};
export default featuresRoutes;
