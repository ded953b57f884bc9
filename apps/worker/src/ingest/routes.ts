import { unauthorized } from '@sage/api/errors';
import {
  GATEWAY_KEY_HEADER,
  INGEST_EVENTS_PATH,
  ZErrorReplySchema,
  ZIngestEventReplySchema,
  ZIngestEventRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptDeviceEvent, findGateway } from './store';

/** POST /ingest/api/v1/events: facility gateways report device events here. */
const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    INGEST_EVENTS_PATH,
    {
      schema: {
        headers: z.object({ [GATEWAY_KEY_HEADER]: z.string().min(1).optional() }),
        body: ZIngestEventRequestSchema,
        response: { 202: ZIngestEventReplySchema, 400: ZErrorReplySchema, 401: ZErrorReplySchema },
      },
    },
    async (request, reply) => {
      const key = request.headers[GATEWAY_KEY_HEADER];
      const gateway = key ? await findGateway(app.pool, key) : null;
      if (!gateway) throw unauthorized(`${GATEWAY_KEY_HEADER} is missing or unknown`, 'invalid_gateway_key');
      await acceptDeviceEvent(app.pool, gateway, request.body);
      return reply.code(202).send({ accepted: true, eventId: request.body.eventId });
    },
  );
};
export default ingestRoutes;
