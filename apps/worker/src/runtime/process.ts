import type { FastifyBaseLogger } from 'fastify';
import { loadWorkerConfig, type WorkerConfig, WorkerConfigError } from '../env';
import { isDatabaseUnavailable } from '../recovery/db-errors';

/** The worker's configuration, or the process stops with a message naming the variable. */
export function configOrExit(): WorkerConfig {
  try {
    return loadWorkerConfig();
  } catch (error) {
    if (error instanceof WorkerConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * graphile-worker 0.17 does not await `completeJob`/`failJob`: when the database drops the connection under a
 * finishing job, the rejection is unhandled, and Node's default would end the process. Such a rejection is
 * logged and the process carries on (the job's lock is freed by the takeover sweep, decision 0110); any
 * other unhandled rejection still ends it (its supervisor starts it again).
 */
export function handleUnhandledRejections(log: FastifyBaseLogger): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: reason }, 'lost a database call on a dropped connection; carrying on');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection; exiting');
    process.exit(1);
  });
}

/** SIGINT/SIGTERM close cleanly, once. */
export function closeOnSignals(log: FastifyBaseLogger, close: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'stopping');
      await close().catch((error) => log.error({ err: error }, 'stopping failed'));
      process.exit(0);
    });
  }
}
