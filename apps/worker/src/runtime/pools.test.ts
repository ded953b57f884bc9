import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { logPoolErrors } from './pools';

const recorder = () => {
  const logged: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) =>
    logged.push({ level, obj, msg });
  return {
    logged,
    log: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } as never,
  };
};

describe('[WORKER][POOLS]: pool errors', () => {
  it('an error is logged without the client pg-pool attaches to it: the code, message and stack; not the connection internals', () => {
    const pool = new pg.Pool({ connectionString: 'postgresql://127.0.0.1:1/none' });
    const { logged, log } = recorder();
    logPoolErrors(pool, log);
    const error = Object.assign(new Error('could not read block 0 in file "base/1/2"'), {
      code: 'XX001',
      client: { connectionParameters: { password: 'x' } },
    });
    pool.emit('error', error, {} as pg.PoolClient);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.level).toBe('error');
    expect(logged[0]?.msg).toBe('database pool error');
    const err = logged[0]?.obj.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: 'Error', code: 'XX001', message: error.message });
    expect(err.stack).toContain('could not read block');
    expect(err).not.toHaveProperty('client');
  });

  it('the database lost (decision 0591): one warning for every client of every pool of the process, one info when a client connects again', () => {
    const pools = [1, 2].map(() => new pg.Pool({ connectionString: 'postgresql://127.0.0.1:1/none' }));
    const { logged, log } = recorder();
    for (const pool of pools) logPoolErrors(pool, log);
    const lost = () =>
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    for (let i = 0; i < 10; i++) for (const pool of pools) pool.emit('error', lost(), {} as pg.PoolClient);
    const client = new pg.Client();
    pools[1]?.emit('connect', client);
    pools[0]?.emit('connect', new pg.Client());
    client.emit('error', lost());
    expect(logged.filter((l) => l.level !== 'debug').map((l) => `${l.level} ${l.msg}`)).toEqual([
      'warn database connection lost: retrying (further failures at debug level)',
      'info database connection back',
      'warn database connection lost: retrying (further failures at debug level)',
    ]);
  });
});
