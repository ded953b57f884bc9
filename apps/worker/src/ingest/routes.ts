import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  APP_VERSION,
  DEVICE_SUPERVISION_INTERVAL_MIN,
  GATEWAY_KEY_HEADER,
  GATEWAY_SUPERVISION_INTERVAL_MIN,
  INGEST_BATCH_MAX_EVENTS,
  INGEST_EVENTS_BATCH_PATH,
  INGEST_EVENTS_PATH,
  INGEST_RATE_LIMIT_PER_SECOND,
  parseIngestEventBatchFast,
  parseIngestEventFast,
  type TIngestEventBatchRequest,
  type TIngestEventRequest,
  ZErrorReplySchema,
  ZIngestEventBatchReplySchema,
  ZIngestEventBatchRequestSchema,
  ZIngestEventReplySchema,
  ZIngestEventRequestSchema,
} from '@sage/contract';
import { HttpError, unauthorized } from '@sage/service-kit/errors';
import type { FastifyRequest, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashGatewayKey } from './gateway-key';
import { cachedGatewayLookupByHash, type Gateway } from './gateways';
import { IngestGroupCommit } from './group-commit';
import { HeartbeatPath } from './heartbeats';
import { countEvents, ingestRateCounter } from './rate-limit';

export interface IngestRoutesOptions {
  /** Events one gateway key may post per window (default INGEST_RATE_LIMIT_PER_SECOND per second; decision 0103). */
  rateLimit?: { max: number; timeWindowMs: number };
}

/** The OpenAPI operation id of the ingest route, for hardware vendors' generated clients. */
export const INGEST_OPERATION_ID = 'postDeviceEvent';
/** The OpenAPI operation id of the batch route (decision 0920). */
export const INGEST_BATCH_OPERATION_ID = 'postDeviceEventBatch';

declare module 'fastify' {
  interface FastifyRequest {
    /** The gateway key's hash, taken once per request by the rate limit's key (decision 0860); null without a key. */
    gatewayKeyHash: string | null;
  }
}

/**
 * The rate-limit key: the gateway key's hash (the key itself is never kept, even in memory), so one community's
 * gateways behind one address do not share a budget; a request without a key is counted by its address. The hash
 * is kept on the request for the gateway's lookup: one hash a request (decision 0860).
 */
const gatewayRateKey = (request: FastifyRequest): string => {
  const key = request.headers[GATEWAY_KEY_HEADER];
  if (typeof key !== 'string' || !key) return `address:${request.ip}`;
  request.gatewayKeyHash = hashGatewayKey(key);
  return `gateway:${request.gatewayKeyHash}`;
};

/** The longest gateway key the header schema accepts. */
const GATEWAY_KEY_MAX = 500;
const ZGatewayKeyHeadersSchema = z.object({
  [GATEWAY_KEY_HEADER]: z.string().min(1).max(GATEWAY_KEY_MAX).optional(),
});

/**
 * The route's validators (decision 0860): a valid body or key header is taken without zod's machinery (the
 * contract's parseIngestEventFast: the schema's output); anything else is parsed by the schemas as before, so a bad
 * request gets the same 400 with the same issues. A valid header is left as it is (the schema changes nothing in
 * it), so reading the headers later copies nothing.
 */
const ingestValidatorCompiler =
  (parseFast: (data: unknown) => unknown): FastifySchemaCompiler<unknown> =>
  (route) => {
    const bySchema = validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
    if (route.httpPart === 'body')
      return (data: unknown) => {
        const value = parseFast(data);
        return value ? { value } : bySchema(data);
      };
    if (route.httpPart === 'headers')
      return (data: Record<string, unknown>) => {
        const key = data?.[GATEWAY_KEY_HEADER];
        if (
          key === undefined ||
          (typeof key === 'string' && key.length >= 1 && key.length <= GATEWAY_KEY_MAX)
        )
          return {};
        return bySchema(data);
      };
    return bySchema;
  };

/**
 * The 202's fixed shapes written directly (the schema's JSON, same keys and order): one event's id, or a batch's ids
 * (decision 0940); every other reply by its schema.
 */
const ingestSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const bySchema = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  if (String(route.httpStatus) !== '202') return bySchema;
  return (data: unknown) => {
    const reply = data as { accepted?: unknown; eventId?: unknown; eventIds?: unknown };
    if (reply.accepted !== true || Object.keys(reply).length !== 2) return bySchema(data);
    if (typeof reply.eventId === 'string')
      return `{"accepted":true,"eventId":${JSON.stringify(reply.eventId)}}`;
    if (Array.isArray(reply.eventIds) && reply.eventIds.every((id) => typeof id === 'string'))
      return `{"accepted":true,"eventIds":${JSON.stringify(reply.eventIds)}}`;
    return bySchema(data);
  };
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
  const findGateway = cachedGatewayLookupByHash(app.pool);
  app.decorateRequest('gatewayKeyHash', null);

  const limit = options.rateLimit ?? { max: INGEST_RATE_LIMIT_PER_SECOND, timeWindowMs: 1000 };
  const tooMany = (context: { max: number; ttl: number; after: string }) =>
    new HttpError(
      429,
      `Too many events from this gateway: at most ${context.max} per ${context.after}; retry after ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
      'rate_limited',
    );
  // The per-gateway budget (decision 0103), counted as @fastify/rate-limit did (decision 0860), in events.
  const budget = () =>
    ingestRateCounter({
      max: limit.max,
      timeWindowMs: limit.timeWindowMs,
      keyOf: gatewayRateKey,
      exceeded: tooMany,
    });
  const takeBudget = budget();
  // The batch route's budget is the gateway's too, but a budget of its own: what a gateway held back (heartbeats)
  // never takes the budget its alerts, posted one by one, need.
  const takeBatchBudget = budget();

  const knownGateway = (gateway: Gateway | null): Gateway => {
    if (!gateway) throw unauthorized(`${GATEWAY_KEY_HEADER} is missing or unknown`, 'invalid_gateway_key');
    return gateway;
  };
  /** The request's gateway by its key's hash (the rate limit's key took it); a remembered one not in a promise. */
  const gatewayOf = (request: FastifyRequest): Gateway | Promise<Gateway> => {
    const key = request.gatewayKeyHash ? null : request.headers[GATEWAY_KEY_HEADER];
    const hash = request.gatewayKeyHash ?? (typeof key === 'string' && key ? hashGatewayKey(key) : null);
    const found = hash ? findGateway(hash) : null;
    return found instanceof Promise ? found.then(knownGateway) : knownGateway(found);
  };
  const warnClamped = (request: FastifyRequest, gatewayId: string, event: TIngestEventRequest) =>
    request.log.warn(
      { gatewayId, eventId: event.eventId, timestamp: event.timestamp },
      'device event stamped ahead of the server clock: stored with its receipt time',
    );

  app.post(
    INGEST_EVENTS_PATH,
    {
      // A request counts once before its body is read, so a flood of bad requests is limited too.
      onRequest: countEvents(takeBudget, () => 1),
      schema: {
        operationId: INGEST_OPERATION_ID,
        summary: 'Report one device event from a facility gateway',
        description:
          'Replies 202 once the event is stored. 400 names the field and the rule; 401 for a missing or unknown ' +
          `gateway key; 429 past ${INGEST_RATE_LIMIT_PER_SECOND} events per second per gateway key, with Retry-After.`,
        tags: ['ingest'],
        security: [{ gatewayKey: [] }],
        headers: ZGatewayKeyHeadersSchema,
        body: ZIngestEventRequestSchema,
        response: {
          202: ZIngestEventReplySchema,
          400: ZErrorReplySchema,
          401: ZErrorReplySchema,
          429: ZErrorReplySchema,
        },
      },
      validatorCompiler: ingestValidatorCompiler(parseIngestEventFast),
      serializerCompiler: ingestSerializerCompiler,
    },
    async (request, reply) => {
      const found = gatewayOf(request);
      const gateway = found instanceof Promise ? await found : found;
      const { clamped } = await heartbeats.accept(gateway, request.body);
      if (clamped) warnClamped(request, gateway.id, request.body);
      return reply.code(202).send({ accepted: true, eventId: request.body.eventId });
    },
  );

  // A batch (decision 0920): what a gateway holds back (its devices' heartbeats) in one post. Its events are taken
  // in the order sent, each exactly as the one-event route takes it; the 202 once every one is stored.
  app.post(
    INGEST_EVENTS_BATCH_PATH,
    {
      onRequest: countEvents(takeBatchBudget, () => 1),
      // The batch's other events against its budget, once its body is known to be valid: all or none.
      preHandler: countEvents(
        takeBatchBudget,
        // Validated before this hook runs: a batch of 1 to INGEST_BATCH_MAX_EVENTS.
        (request) => (request.body as TIngestEventBatchRequest).events.length - 1,
      ),
      schema: {
        operationId: INGEST_BATCH_OPERATION_ID,
        summary: 'Report several device events from a facility gateway at once',
        description:
          `Up to ${INGEST_BATCH_MAX_EVENTS} events, each as POST ${INGEST_EVENTS_PATH} takes one, applied in the ` +
          "order sent. For what a gateway may hold back, its devices' heartbeats: send an alert (a press, a door, " +
          'a fall) at once, alone or in a batch of its own. Replies 202 once every event is stored, with their ids ' +
          'in order; sending the batch again after a failure is safe (each eventId has one effect). 400 names the ' +
          'field and the rule (events.<n>.<field>) and stores nothing; 401 for a missing or unknown gateway key; ' +
          `429 when its events would take the gateway's batches past ${INGEST_RATE_LIMIT_PER_SECOND} events per ` +
          "second (none stored), with Retry-After: a budget apart from the one-event route's, so what a gateway " +
          'held back never delays an alert it posts alone.',
        tags: ['ingest'],
        security: [{ gatewayKey: [] }],
        headers: ZGatewayKeyHeadersSchema,
        body: ZIngestEventBatchRequestSchema,
        response: {
          202: ZIngestEventBatchReplySchema,
          400: ZErrorReplySchema,
          401: ZErrorReplySchema,
          429: ZErrorReplySchema,
        },
      },
      validatorCompiler: ingestValidatorCompiler(parseIngestEventBatchFast),
      serializerCompiler: ingestSerializerCompiler,
    },
    async (request, reply) => {
      const found = gatewayOf(request);
      const gateway = found instanceof Promise ? await found : found;
      const { events } = request.body;
      // Each event goes its way at once, in order (a heartbeat to its window, the rest to the group commit).
      const accepted = await Promise.all(events.map((event) => heartbeats.accept(gateway, event)));
      for (const [n, { clamped }] of accepted.entries())
        if (clamped) warnClamped(request, gateway.id, events[n]!);
      return reply.code(202).send({ accepted: true, eventIds: events.map((event) => event.eventId) });
    },
  );
};
export default ingestRoutes;
