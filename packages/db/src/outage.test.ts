import { describe, expect, it } from 'vitest';
import { DatabaseOutage, isDatabaseUnavailable, STILL_DOWN_LOG_MS } from './outage';

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, true],
    [
      { code: 'SAGE_NO_FITTING_HOST', message: 'no database host fits target_session_attrs=read-write' },
      true,
    ],
    [new Error('Connection terminated unexpectedly'), true],
    [{ message: 'wrapped', cause: { code: '08006' } }, true],
    [new AggregateError([new Error('x'), Object.assign(new Error('y'), { code: 'ECONNRESET' })]), true],
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }, false],
    [new Error('syntax error at or near "SELEC"'), false],
    [null, false],
  ])('%o → %s', (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});

describe('DatabaseOutage: the loss logged once per process, its return once', () => {
  const recorder = () => {
    const lines: string[] = [];
    return {
      lines,
      log: {
        info: (_o: object, m: string) => lines.push(`info ${m}`),
        warn: (_o: object, m: string) => lines.push(`warn ${m}`),
        debug: (_o: object, m: string) => lines.push(`debug ${m}`),
      },
    };
  };

  it('a warning for the first failure, debug for the rest, info when back, and again on the next loss', () => {
    let now = 0;
    const outage = new DatabaseOutage(() => now);
    const { lines, log } = recorder();
    outage.back(log, 'pool'); // not down: nothing
    for (let i = 0; i < 50; i++) {
      outage.lost(log, i % 2 ? 'pool' : 'jobs', new Error('connect ECONNREFUSED'));
      now += 100;
    }
    expect(outage.down).toBe(true);
    outage.back(log, 'pool');
    outage.back(log, 'pool');
    outage.lost(log, 'pool', new Error('Connection terminated'));
    expect(lines.filter((l) => !l.startsWith('debug'))).toEqual([
      'warn database connection lost: retrying (further failures at debug level)',
      'info database connection back',
      'warn database connection lost: retrying (further failures at debug level)',
    ]);
    expect(lines.filter((l) => l.startsWith('debug'))).toHaveLength(49);
  });

  it('a long outage is not hidden: warned again every STILL_DOWN_LOG_MS', () => {
    let now = 0;
    const outage = new DatabaseOutage(() => now);
    const { lines, log } = recorder();
    for (; now <= 2 * STILL_DOWN_LOG_MS; now += 1_000) outage.lost(log, 'pool', new Error('ECONNREFUSED'));
    expect(lines.filter((l) => l.startsWith('warn'))).toEqual([
      'warn database connection lost: retrying (further failures at debug level)',
      'warn database still unreachable',
      'warn database still unreachable',
    ]);
  });
});
