import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { logPoolErrors } from './pools';

describe('[WORKER][POOLS]: a pool error is logged without the client pg-pool attaches to it', () => {
  it('logs the code, message and stack; not the connection internals', () => {
    const pool = new pg.Pool({ connectionString: 'postgresql://127.0.0.1:1/none' });
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    logPoolErrors(pool, {
      error: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }),
    } as never);
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { password: 'x' } },
    });
    pool.emit('error', error, {} as pg.PoolClient);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.msg).toBe('database pool error');
    const err = logged[0]?.obj.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: 'Error', code: '57P01', message: error.message });
    expect(err.stack).toContain('terminating connection');
    expect(err).not.toHaveProperty('client');
  });
});
