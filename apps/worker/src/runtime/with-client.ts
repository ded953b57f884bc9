import type pg from 'pg';

/** One client of the pool for `fn`, released after (what graphile-worker's `helpers.withPgClient` does). */
export async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}
