import type { PrismaClient } from '@sage/db';
import type { FastifyInstance } from 'fastify';
import type { Runner } from 'graphile-worker';
import type pg from 'pg';
import type { WorkerConfig } from './env';
import type { NotificationJobOptions } from './notifications/jobs';
import type { Takeover, TakeoverTimings } from './recovery/takeover';
import { startIngest } from './runtime/ingest';
import { startJobs } from './runtime/jobs';

export { startIngest } from './runtime/ingest';
export { startJobs } from './runtime/jobs';

export interface WorkerProcess {
  ingest: FastifyInstance;
  runner: Runner;
  /** The jobs' own pool. */
  pool: pg.Pool;
  /** The job queue's pool (graphile-worker and the due-job waker; decision 0492). */
  queuePool: pg.Pool;
  /** The ingest listener's pool. */
  ingestPool: pg.Pool;
  prisma: PrismaClient;
  takeover: Takeover;
  close(): Promise<void>;
}

export interface StartWorkerOptions {
  logger?: boolean | object;
  /** Listen on INGEST_PORT (default) or leave the ingest app for inject() in tests. */
  listen?: boolean;
  /** Options of the notification jobs (tests: the local push service's TLS agent). */
  notifications?: NotificationJobOptions;
  /** Takeover timings (tests shorten them). */
  takeover?: Partial<TakeoverTimings>;
}

/**
 * The device-ingest listener and the job queue in ONE process, for tests and the end-to-end stack. In
 * production they run as two processes (`ingest-main.ts`, `jobs-main.ts`; decision 0111), so accepting a
 * press never depends on the process that applies it. Several may run side by side on one database.
 */
export async function startWorker(
  config: WorkerConfig,
  options: StartWorkerOptions = {},
): Promise<WorkerProcess> {
  const {
    ingest,
    ingestPool,
    close: closeIngest,
  } = await startIngest(config, {
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
    listen: false,
  });
  const jobs = await startJobs(config, {
    logger: options.logger === false ? false : ingest.log,
    ...(options.notifications ? { notifications: options.notifications } : {}),
    ...(options.takeover ? { takeover: options.takeover } : {}),
  });
  if (options.listen !== false) await ingest.listen({ host: config.HOST, port: config.INGEST_PORT });

  let closed = false;
  return {
    ingest,
    runner: jobs.runner,
    pool: jobs.pool,
    queuePool: jobs.queuePool,
    ingestPool,
    prisma: jobs.prisma,
    takeover: jobs.takeover,
    async close() {
      if (closed) return;
      closed = true;
      // Stop taking events first, then let running jobs finish, then close connections.
      await closeIngest();
      await jobs.close();
    },
  };
}
