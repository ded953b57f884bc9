import { createPgPool, databaseOutage, GENERIC_PLANS_SESSION_OPTIONS, setTaskChangeNotify } from '@sage/db';
import errors from '@sage/service-kit/errors';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Logger, runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Logger as PinoLogger } from 'pino';
import type { WorkerConfig } from '../env';
import { warmUpGroupCommit } from '../ingest/group-commit';
import ingestRoutes from '../ingest/routes';
import { isDatabaseUnavailable } from '../recovery/db-errors';
import { lazyChildLoggerFactory } from './lazy-logger';
import { logPoolErrors } from './pools';
import { startStandbyWatch } from './standby-watch';

declare module 'fastify' {
  interface FastifyInstance {
    pool: pg.Pool;
  }
}

/**
 * The ingest pool's connections, all opened and warmed at start and kept open (decisions 0080, 0482): the first
 * second of presses (every gateway's lookup at once, 3 batches in flight) used to grow the pool from 2 to 7,
 * and a new connection's first batch paid 40-50 ms more than a warm one's.
 */
export const INGEST_CONNECTIONS = 8;
/** What a gateway is told to wait before sending again while the database is unreachable (decision 0112). */
export const INGEST_RETRY_AFTER_SECONDS = 1;

export interface IngestProcess {
  ingest: FastifyInstance;
  ingestPool: pg.Pool;
  close(): Promise<void>;
}

export interface StartIngestOptions {
  logger?: boolean | object;
  /** Listen on INGEST_PORT (default) or leave the ingest app for inject() in tests. */
  listen?: boolean;
}

/** Logs graphile-worker's messages through a pino-like logger. */
export function queueLogger(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    // A line about one job (graphile-worker's 'Completed task …' and the tasks' own results) is written for
    // every press: debug, so the default level writes nothing per event (issue #18). Warnings and errors stay.
    // graphile-worker's poll and notify listener each report a lost database on every retry: once per process
    // instead (decision 0591).
    const error = (meta as { error?: unknown } | undefined)?.error;
    if ((level === 'error' || level === 'warning') && isDatabaseUnavailable(error)) {
      databaseOutage.lost(log, scope.label ?? 'jobs', error);
      return;
    }
    const perJob = scope.jobId !== undefined || (meta as { job?: unknown } | undefined)?.job !== undefined;
    const to =
      level === 'error'
        ? 'error'
        : level === 'warning'
          ? 'warn'
          : level === 'info' && !perJob
            ? 'info'
            : 'debug';
    // Fastify's logger is pino's (its type leaves isLevelEnabled out); no child is made for a line not written.
    if (!(log as unknown as Pick<PinoLogger, 'isLevelEnabled'>).isLevelEnabled(to)) return;
    log.child({ scope: scope.label ?? 'jobs', ...meta })[to](message);
  });
}

/**
 * The device-ingest HTTP listener (decision 0111): stores each event and queues its job in one transaction.
 * It needs the database only, never the job process, so gateways are answered while that restarts; while
 * the database itself is unreachable it answers 503 with Retry-After and the gateway sends the event again.
 */
export async function startIngest(
  config: WorkerConfig,
  options: StartIngestOptions = {},
): Promise<IngestProcess> {
  // With the NATS live bus the ingest's task changes are not NOTIFY'd: a relay (in an API or job process) publishes
  // the committed TaskChange rows (decision 0400). Set before the warm-up prepares the statements that record them.
  const notifies = !config.LIVE_BUS_URL;
  setTaskChangeNotify(notifies);
  const ingest = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers["x-gateway-key"]'] },
    // Gateways post an event per press and a heartbeat per device every few minutes: nothing is logged per
    // accepted event at the default level (issue #18); a request the ingest refuses or fails is (below).
    disableRequestLogging: true,
    // A request's logger is made when it first writes a line: nothing is written for an accepted event (decision 0860).
    childLoggerFactory: lazyChildLoggerFactory,
  });
  /** Requests answered 503 for a database away: logged once per loss (decision 0591), not one line each. */
  const refusedForOutage = new WeakSet<object>();
  // A callback hook, not an async one: no promise per request (decision 0860).
  ingest.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 400 && !refusedForOutage.has(request)) {
      const line = { method: request.method, url: request.url, statusCode: reply.statusCode };
      if (reply.statusCode >= 500) request.log.error(line, 'request failed');
      else request.log.warn(line, 'request refused');
    }
    done();
  });
  // A connection that cannot be had within 5 s is an outage: answer 503 rather than keep the gateway waiting.
  const ingestPool = createPgPool(config.DATABASE_URL, {
    max: INGEST_CONNECTIONS,
    min: INGEST_CONNECTIONS,
    connectionTimeoutMillis: 5_000,
    application_name: 'sage-ingest',
    // Generic plans only (decision 0489): the batch statements are named, their generic plans are the custom ones'
    // index probes for a batch of 1 as of 200 events, so each connection plans each statement once, in its
    // warm-up, instead of for its first five batches (PostgreSQL's default) or, unnamed, for every batch.
    // graphile-worker's `add_jobs` plans its inserts once per connection too.
    options: GENERIC_PLANS_SESSION_OPTIONS,
  });
  logPoolErrors(ingestPool, ingest.log);
  // add_job (called in the accepting transaction) must exist before the first event is accepted.
  await runMigrations({ pgPool: ingestPool, logger: queueLogger(ingest.log) });
  const clients = await Promise.all(Array.from({ length: INGEST_CONNECTIONS }, () => ingestPool.connect()));
  // Every connection warmed with a whole batch, rolled back (decisions 0415, 0482); best effort.
  const warmUpStarted = performance.now();
  await Promise.all(
    clients.map((client, index) =>
      warmUpGroupCommit(
        client,
        {
          info: (message, meta) => ingest.log.debug(meta ?? {}, message),
          warn: (message, meta) => ingest.log.warn(meta ?? {}, message),
        },
        index,
      ).catch((error: unknown) =>
        ingest.log.warn({ err: error }, 'ingest warm-up failed (events are accepted all the same)'),
      ),
    ),
  );
  ingest.log.info(
    { connections: clients.length, ms: Math.round(performance.now() - warmUpStarted) },
    'ingest connections warmed',
  );
  for (const client of clients) client.release();

  ingest.setValidatorCompiler(validatorCompiler);
  ingest.setSerializerCompiler(serializerCompiler);
  ingest.decorate('pool', ingestPool);
  await ingest.register(errors);
  // The system-trouble signal of a primary without its standby (decision 0523): still 200, the ingest accepts.
  const standbyWatch = startStandbyWatch(ingestPool, config.DATABASE_URL, ingest.log);
  ingest.get('/healthz', async () => ({
    status: 'ok',
    ...(standbyWatch.state.expected
      ? {
          database: {
            standby: standbyWatch.state.trouble === null,
            streaming: standbyWatch.state.streaming,
            synchronous: standbyWatch.state.synchronous,
            trouble: standbyWatch.state.trouble,
          },
        }
      : {}),
  }));
  const shared = ingest.errorHandler;
  await ingest.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (!isDatabaseUnavailable(error)) return shared.call(scope, error, request, reply);
      // Every gateway resends each second until the database is back: the loss is logged once per process.
      databaseOutage.lost(request.log, 'ingest', error);
      refusedForOutage.add(request);
      return reply.code(503).header('retry-after', String(INGEST_RETRY_AFTER_SECONDS)).send({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'database_unavailable',
        message: 'The event was not stored; send it again',
      });
    });
    await scope.register(ingestRoutes);
  });
  if (options.listen !== false) await ingest.listen({ host: config.HOST, port: config.INGEST_PORT });

  let closed = false;
  return {
    ingest,
    ingestPool,
    async close() {
      if (closed) return;
      closed = true;
      standbyWatch.stop();
      await ingest.close();
      await ingestPool.end();
      if (!notifies) setTaskChangeNotify(true);
    },
  };
}
