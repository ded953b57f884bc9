import { describe, expect, it } from 'vitest';
import { loadWorkerConfig, WorkerConfigError } from './env';

/** The records retention setting (HIPAA 164.316(b)(2)(i); decision 0518): 6 years by default, never fewer. */
const base = { NODE_ENV: 'test', DATABASE_URL: 'postgresql://localhost/x' };

describe('[SAFETY][HIPAA-164.316] RECORDS_RETENTION_YEARS', () => {
  it('defaults to 6 years and takes more', () => {
    expect(loadWorkerConfig(base).RECORDS_RETENTION_YEARS).toBe(6);
    expect(loadWorkerConfig({ ...base, RECORDS_RETENTION_YEARS: '10' }).RECORDS_RETENTION_YEARS).toBe(10);
  });

  it.each(['5', '0', '-6', '6.5', 'six'])(
    'refuses %s with a message naming the variable and the rule',
    (value) => {
      expect(() => loadWorkerConfig({ ...base, RECORDS_RETENTION_YEARS: value })).toThrow(WorkerConfigError);
      expect(() => loadWorkerConfig({ ...base, RECORDS_RETENTION_YEARS: value })).toThrow(
        /RECORDS_RETENTION_YEARS: /,
      );
    },
  );

  it('says why fewer than 6 years is refused', () => {
    expect(() => loadWorkerConfig({ ...base, RECORDS_RETENTION_YEARS: '5' })).toThrow(
      /RECORDS_RETENTION_YEARS: must be at least 6 years: the audit log and task history are kept 6 years \(HIPAA 164\.316\(b\)\(2\)\(i\)\)/,
    );
  });
});
