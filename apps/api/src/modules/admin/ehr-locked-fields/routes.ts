import {
  ERROR_REPLIES,
  ZCreateEhrLockedFieldRequestSchema,
  ZEhrLockedFieldListSchema,
  ZEhrLockedFieldParamsSchema,
  ZEhrLockedFieldSchema,
  ZListEhrLockedFieldsQuerySchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createEhrLockedField, deleteEhrLockedField, listEhrLockedFields } from './service';

const tags = ['admin: EHR locked fields'];

/** EHR locked fields (sign-in doc section 7): POST /ehrLockedFields; DELETE /ehrLockedFields/{id}; and the list. */
const ehrLockedFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (request: { auth: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.get(
    '',
    {
      schema: {
        tags,
        summary: "Fields the EHR integration keeps in the caller's facilities (read-only in the product)",
        querystring: ZListEhrLockedFieldsQuerySchema,
        response: { 200: ZEhrLockedFieldListSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => listEhrLockedFields(app.prisma, me(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Lock a resident field to the EHR integration (management)',
        body: ZCreateEhrLockedFieldRequestSchema,
        response: { 201: ZEhrLockedFieldSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createEhrLockedField(app.prisma, me(request), request.body)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Unlock a field (management)',
        params: ZEhrLockedFieldParamsSchema,
        response: { 200: z.object({ id: z.string() }), ...ERROR_REPLIES },
      },
    },
    async (request) => deleteEhrLockedField(app.prisma, me(request), request.params.id),
  );
};
export default ehrLockedFieldsRoutes;
