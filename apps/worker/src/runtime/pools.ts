import { databaseOutage, isDatabaseUnavailable } from '@sage/db';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

type PoolLog = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

/**
 * A connection error of one of the pool's clients, idle or checked out (the job queue's LISTEN connection among
 * them), logged instead of crashing the process: the pool replaces the client. The database's loss is logged once
 * per process, and its return once (decision 0591); any other error of a client as an error, each time.
 */
export function logPoolErrors(pool: pg.Pool, log: PoolLog, source = 'pool'): void {
  const onError = (what: string) => (error: Error) => {
    if (isDatabaseUnavailable(error)) databaseOutage.lost(log, source, error);
    else log.error({ err: withoutClient(error) }, what);
  };
  pool.on('error', onError('database pool error'));
  pool.on('connect', (client) => {
    databaseOutage.back(log, source);
    client.on('error', onError('database client error'));
  });
}

/**
 * The error's own fields without the `client` pg-pool attaches to an idle client's error: logged with it, each
 * error of a failover was kilobytes of connection internals.
 */
function withoutClient(error: Error & { client?: unknown }): Record<string, unknown> {
  const { client: _client, ...fields } = error;
  return { ...fields, type: error.name, message: error.message, stack: error.stack };
}

/** One client of the pool for `fn`, released after (what graphile-worker's `helpers.withPgClient` does). */
export async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}
