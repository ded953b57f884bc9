import type pg from 'pg';

/**
 * Runs `work` in one transaction on `client`: BEGIN (or `begin`, e.g. 'BEGIN ISOLATION LEVEL SERIALIZABLE'),
 * COMMIT when it returns; on any error ROLLBACK (its own failure, e.g. the connection is gone, is ignored) and the
 * error thrown on. For raw `pg` clients; Prisma's `$transaction` does the same for a Prisma client.
 */
export async function inTransaction<T, C extends pg.ClientBase>(
  client: C,
  work: (client: C) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  await client.query(begin);
  try {
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** One connection of `pool` for one transaction (`inTransaction`), released after. */
export async function withTransaction<T>(
  pool: Pick<pg.Pool, 'connect'>,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, work);
  } finally {
    client.release();
  }
}
