import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from './testing';
import { inTransaction, withTransaction } from './transaction';

/**
 * The raw-`pg` transaction helper on real PostgreSQL: work kept when it returns, nothing kept when it throws (the
 * error thrown on), nothing kept by a dry run (`rollBack`), and a `begin` of 'BEGIN READ ONLY' refuses a write.
 */
let db: { url: string; drop(): Promise<void> };
let pool: pg.Pool;

const count = async () => Number((await pool.query('SELECT count(*) AS n FROM t')).rows[0].n);

beforeAll(async () => {
  db = await createEmptyDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  await pool.query('CREATE TABLE t (id int PRIMARY KEY)');
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('withTransaction / inTransaction', () => {
  it('commits what the work wrote and returns its result', async () => {
    await pool.query('TRUNCATE t');
    const result = await withTransaction(pool, async (c) => {
      await c.query('INSERT INTO t VALUES (1), (2)');
      return 'done';
    });
    expect(result).toBe('done');
    expect(await count()).toBe(2);
  });

  it('rolls back when the work throws, and throws its error on', async () => {
    await pool.query('TRUNCATE t');
    await expect(
      withTransaction(pool, async (c) => {
        await c.query('INSERT INTO t VALUES (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(0);
  });

  it('rollBack: runs every statement, returns the result, keeps nothing', async () => {
    await pool.query('TRUNCATE t');
    const seen = await withTransaction(
      pool,
      async (c) => {
        await c.query('INSERT INTO t VALUES (1)');
        return Number((await c.query('SELECT count(*) AS n FROM t')).rows[0].n);
      },
      { rollBack: true },
    );
    expect(seen).toBe(1);
    expect(await count()).toBe(0);
  });

  it("begin 'BEGIN READ ONLY': a write is refused and the connection is usable after", async () => {
    await pool.query('TRUNCATE t');
    const client = await pool.connect();
    try {
      await expect(
        inTransaction(client, (c) => c.query('INSERT INTO t VALUES (1)'), { begin: 'BEGIN READ ONLY' }),
      ).rejects.toThrow(/read-only transaction/);
      expect((await client.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      client.release();
    }
    expect(await count()).toBe(0);
  });
});
