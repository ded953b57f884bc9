import errors from '@sage/api/errors';
import { createPrisma, JobName, type PrismaClient, pruneTaskChanges } from '@sage/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Logger, parseCronItems, type Runner, run, runMigrations, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { WorkerConfig } from './env';
import ingestRoutes from './ingest/routes';
import { careConfirmationTimeout } from './jobs/care-confirmation-timeout';
import { PROCESS_DEVICE_EVENT } from './jobs/names';
import { processDeviceEvent } from './jobs/process-device-event';
import { createNotificationTasks, type NotificationJobOptions } from './notifications/jobs';
import { supervisionCronItems, supervisionTasks } from './supervision/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    pool: pg.Pool;
  }
}

/** Connections the ingest pool and the jobs' Prisma client keep open (the job pool keeps one per job slot). */
const INGEST_STANDING = 2;
const PRISMA_STANDING = 3;

/**
 * Opens every pool's standing connections before the first event is accepted, so the first alert after a start
 * does not wait for them (and, with the pools' `min`, neither does the first one after a quiet hour).
 */
async function warmUp(pools: pg.Pool[], prisma: PrismaClient): Promise<void> {
  const open = async (pool: pg.Pool) => {
    const clients = await Promise.all(Array.from({ length: pool.options.min ?? 0 }, () => pool.connect()));
    for (const client of clients) client.release();
  };
  await Promise.all([
    ...pools.map(open),
    ...Array.from({ length: PRISMA_STANDING }, () => prisma.$queryRaw`SELECT 1`),
  ]);
}

export interface WorkerProcess {
  ingest: FastifyInstance;
  runner: Runner;
  /** The job queue's and the jobs' pool. */
  pool: pg.Pool;
  /** The ingest listener's pool. */
  ingestPool: pg.Pool;
  prisma: PrismaClient;
  close(): Promise<void>;
}

export interface StartWorkerOptions {
  logger?: boolean | object;
  /** Listen on INGEST_PORT (default) or leave the ingest app for inject() in tests. */
  listen?: boolean;
  /** Options of the notification jobs (tests: the local push service's TLS agent). */
  notifications?: NotificationJobOptions;
}

/**
 * The worker process: the device-ingest HTTP listener and the job queue (graphile-worker) that does all
 * timed work. Several may run side by side on one database.
 */
export async function startWorker(
  config: WorkerConfig,
  options: StartWorkerOptions = {},
): Promise<WorkerProcess> {
  const ingest = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers["x-gateway-key"]'] },
  });
  // Two pools: accepting events (the 202 every gateway waits for) never queues behind running jobs. Each
  // keeps its standing connections open through quiet spells (docs/decisions/0080).
  const pool = new pg.Pool({
    connectionString: config.DATABASE_URL,
    max: config.WORKER_CONCURRENCY + 4,
    min: config.WORKER_CONCURRENCY,
  });
  const ingestPool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 8, min: INGEST_STANDING });
  for (const p of [pool, ingestPool]) {
    // An idle client's connection error must not crash the process; the pool replaces the client.
    p.on('error', (error) => ingest.log.error({ err: error }, 'database pool error'));
    // Likewise for a client's error while checked out (the job queue's LISTEN connection among them).
    p.on('connect', (client) =>
      client.on('error', (error) => ingest.log.error({ err: error }, 'database client error')),
    );
  }
  const prisma = createPrisma(config.DATABASE_URL, { max: 5, min: PRISMA_STANDING });
  // The job queue logs through the worker's logger.
  const logger = new Logger((scope) => (level, message, meta) => {
    const log = ingest.log.child({ scope: scope.label ?? 'jobs', ...meta });
    if (level === 'error') log.error(message);
    else if (level === 'warning') log.warn(message);
    else if (level === 'info') log.info(message);
    else log.debug(message);
  });
  // The queue's own schema must exist before the first event is accepted.
  await runMigrations({ pgPool: pool, logger });

  const notificationTasks = await createNotificationTasks(prisma, config, {
    log: ingest.log,
    ...options.notifications,
  });
  const taskList: TaskList = {
    ...notificationTasks,
    ...supervisionTasks,
    [PROCESS_DEVICE_EVENT]: (payload, helpers) =>
      processDeviceEvent({ pool, logger: helpers.logger }, payload),
    [JobName.careConfirmationTimeout]: (payload, helpers) => careConfirmationTimeout(pool, payload, helpers),
    [JobName.pruneTaskChanges]: async (_payload, helpers) => {
      const deleted = await pruneTaskChanges(pool);
      if (deleted) helpers.logger.info(`pruned ${deleted} task changes past their retention`);
    },
  };
  const runner = await run({
    pgPool: pool,
    concurrency: config.WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList,
    // Housekeeping on the queue's own cron (one run per hour across all workers, none backfilled).
    parsedCronItems: parseCronItems([
      { task: JobName.pruneTaskChanges, match: '17 * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } },
      ...supervisionCronItems,
    ]),
    logger,
  });

  await warmUp([pool, ingestPool], prisma);

  ingest.setValidatorCompiler(validatorCompiler);
  ingest.setSerializerCompiler(serializerCompiler);
  ingest.decorate('pool', ingestPool);
  await ingest.register(errors);
  ingest.get('/healthz', async () => ({ status: 'ok' }));
  await ingest.register(ingestRoutes);
  if (options.listen !== false) await ingest.listen({ host: config.HOST, port: config.INGEST_PORT });

  let closed = false;
  return {
    ingest,
    runner,
    pool,
    ingestPool,
    prisma,
    async close() {
      if (closed) return;
      closed = true;
      // Stop taking events first, then let running jobs finish, then close connections.
      await ingest.close();
      await ingestPool.end();
      await runner.stop();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
