import type pg from 'pg';

export interface TransactionOptions {
  /**
   * The statement that opens the transaction: 'BEGIN' by default; e.g. 'BEGIN READ ONLY' (a report's user SQL),
   * 'BEGIN ISOLATION LEVEL SERIALIZABLE'.
   */
  begin?: string;
  /** End it with ROLLBACK even when `work` returns: a dry run that runs every statement and keeps nothing. */
  rollBack?: boolean;
}

/**
 * Runs `work` in one transaction on `client`: BEGIN (or `options.begin`), COMMIT when it returns (ROLLBACK with
 * `options.rollBack`); on any error ROLLBACK (its own failure, e.g. the connection is gone, is ignored) and the
 * error thrown on. For raw `pg` clients; Prisma's `$transaction` does the same for a Prisma client.
 */
export async function inTransaction<T, C extends pg.ClientBase>(
  client: C,
  work: (client: C) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  await client.query(options.begin ?? 'BEGIN');
  try {
    const result = await work(client);
    await client.query(options.rollBack ? 'ROLLBACK' : 'COMMIT');
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
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, work, options);
  } finally {
    client.release();
  }
}
