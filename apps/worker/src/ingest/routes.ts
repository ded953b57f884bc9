import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  APP_VERSION,
  DEVICE_SUPERVISION_INTERVAL_MIN,
  GATEWAY_KEY_HEADER,
  GATEWAY_SUPERVISION_INTERVAL_MIN,
  INGEST_EVENTS_PATH,
  INGEST_RATE_LIMIT_PER_SECOND,
  ZErrorReplySchema,
  ZIngestEventReplySchema,
  ZIngestEventRequestSchema,
} from '@sage/contract';
import { HttpError, unauthorized } from '@sage/service-kit/errors';
import type { FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashGatewayKey } from './gateway-key';
import { cachedGatewayLookup } from './gateways';
import { IngestGroupCommit } from './group-commit';
import { HeartbeatPath } from './heartbeats';

export interface IngestRoutesOptions {
  /** Events one gateway key may post per window (default INGEST_RATE_LIMIT_PER_SECOND per second; decision 0103). */
  rateLimit?: { max: number; timeWindowMs: number };
}

/** The OpenAPI operation id of the ingest route, for hardware vendors' generated clients. */
export const INGEST_OPERATION_ID = 'postDeviceEvent';

/**
 * The rate-limit key: the gateway key's hash (the key itself is never kept, even in memory), so one community's
 * gateways behind one address do not share a budget; a request without a key is counted by its address.
 */
const gatewayRateKey = (request: FastifyRequest): string => {
  const key = request.headers[GATEWAY_KEY_HEADER];
  return typeof key === 'string' && key ? `gateway:${hashGatewayKey(key)}` : `address:${request.ip}`;
};

/**
 * POST /ingest/api/v1/events: facility gateways report device events here. The plugin carries its own
 * OpenAPI document (GET /docs/json, the UI at /docs: decision 0104) and the per-gateway rate limit.
 */
const ingestRoutes: FastifyPluginAsyncZod<IngestRoutesOptions> = async (app, options) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sage Care device ingest',
        version: APP_VERSION,
        description:
          'Facility gateways post device events here. Each event is stored durably before the 202; an eventId ' +
          'this gateway already sent is accepted again with no second effect. Unknown hardware, and hardware of ' +
          'another community, is accepted (202) and recorded without effect. Supervision: each device should send ' +
          'a HEARTBEAT (with its battery level) at least hourly, and the gateway a HEARTBEAT of its own (any ' +
          `hardware id of its own) every 5 minutes when it has nothing else to send; a device not heard from for ` +
          `its supervision interval (${DEVICE_SUPERVISION_INTERVAL_MIN.SAGE_BUTTON / 60} h for buttons and door alarms, ${DEVICE_SUPERVISION_INTERVAL_MIN.FALL_DETECTION_DEVICE / 60} h for room sensors) or a gateway silent for ` +
          `${GATEWAY_SUPERVISION_INTERVAL_MIN} minutes is reported to the community as device trouble.`,
      },
      components: {
        securitySchemes: { gatewayKey: { type: 'apiKey', in: 'header', name: GATEWAY_KEY_HEADER } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(rateLimit, { global: false });
  // Events are stored and applied in group commits, the 202 after the commit (decision 0410).
  const groupCommit = new IngestGroupCommit(app.pool, {
    info: (message, meta) => app.log.info(meta ?? {}, message),
    warn: (message, meta) => app.log.warn(meta ?? {}, message),
  });
  // Heartbeats that can change nothing but a device's last heard and battery: one statement a window (decision 0660).
  const heartbeats = new HeartbeatPath(app.pool, (gateway, event) => groupCommit.accept(gateway, event), {
    info: (message, meta) => app.log.info(meta ?? {}, message),
    warn: (message, meta) => app.log.warn(meta ?? {}, message),
  });
  app.addHook('onClose', async () => {
    await heartbeats.drain();
    await groupCommit.drain();
  });
  const findGateway = cachedGatewayLookup(app.pool);

  const limit = options.rateLimit ?? { max: INGEST_RATE_LIMIT_PER_SECOND, timeWindowMs: 1000 };
  app.post(
    INGEST_EVENTS_PATH,
    {
      config: {
        rateLimit: {
          max: limit.max,
          timeWindow: limit.timeWindowMs,
          keyGenerator: gatewayRateKey,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              `Too many events from this gateway: at most ${context.max} per ${context.after}; retry after ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
              'rate_limited',
            ),
        },
      },
      schema: {
        operationId: INGEST_OPERATION_ID,
        summary: 'Report one device event from a facility gateway',
        description:
          'Replies 202 once the event is stored. 400 names the field and the rule; 401 for a missing or unknown ' +
          `gateway key; 429 past ${INGEST_RATE_LIMIT_PER_SECOND} events per second per gateway key, with Retry-After.`,
        tags: ['ingest'],
        security: [{ gatewayKey: [] }],
        headers: z.object({ [GATEWAY_KEY_HEADER]: z.string().min(1).max(500).optional() }),
        body: ZIngestEventRequestSchema,
        response: {
          202: ZIngestEventReplySchema,
          400: ZErrorReplySchema,
          401: ZErrorReplySchema,
          429: ZErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[GATEWAY_KEY_HEADER];
      const gateway = key ? await findGateway(key) : null;
      if (!gateway) throw unauthorized(`${GATEWAY_KEY_HEADER} is missing or unknown`, 'invalid_gateway_key');
      const { clamped } = await heartbeats.accept(gateway, request.body);
      if (clamped) {
        request.log.warn(
          { gatewayId: gateway.id, eventId: request.body.eventId, timestamp: request.body.timestamp },
          'device event stamped ahead of the server clock: stored with its receipt time',
        );
      }
      return reply.code(202).send({ accepted: true, eventId: request.body.eventId });
    },
  );
};
export default ingestRoutes;
