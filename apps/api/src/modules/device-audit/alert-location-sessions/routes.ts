import {
  ERROR_REPLIES,
  ZAlertLocationSessionParamsSchema,
  ZAlertLocationSessionReplySchema,
  ZCreateAlertLocationSessionRequestSchema,
  ZUpdateAlertLocationSessionRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAlertLocationSession,
  deleteAlertLocationSession,
  updateAlertLocationSession,
} from './service';

const errors = ERROR_REPLIES;
const tags = ['device audit: alert location sessions'];

/** Alert location sessions (docs/decisions/0270): press a device, check where its alert says it came from. */
const alertLocationSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = (request: { auth?: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Start checking where the alerts of a device say they come from',
        body: ZCreateAlertLocationSessionRequestSchema,
        response: { 201: ZAlertLocationSessionReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createAlertLocationSession(app.prisma, staff(request), request.body, app.now())),
  );

  app.put(
    '/:alertLocationSessionRid',
    {
      schema: {
        tags,
        summary: 'Name the alert, say whether its place was right, end the session (409 once ended)',
        params: ZAlertLocationSessionParamsSchema,
        body: ZUpdateAlertLocationSessionRequestSchema,
        response: { 200: ZAlertLocationSessionReplySchema, ...errors },
      },
    },
    async (request) =>
      updateAlertLocationSession(
        app.prisma,
        staff(request),
        request.params.alertLocationSessionRid,
        request.body,
        app.now(),
      ),
  );

  app.delete(
    '/:alertLocationSessionRid',
    {
      schema: {
        tags,
        summary: 'Delete an alert location session',
        params: ZAlertLocationSessionParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAlertLocationSession(app.prisma, staff(request), request.params.alertLocationSessionRid);
      return reply.code(204).send(null);
    },
  );
};

export default alertLocationSessionsRoutes;
