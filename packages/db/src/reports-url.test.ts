import { describe, expect, it } from 'vitest';
import { REPORT_READER_ROLE, reportsDatabaseUrl } from './tabular-records';

// Decision 0500 (the reader's login) with decisions 0520-0521 (several hosts, the read URL).
describe('reportsDatabaseUrl', () => {
  it.each([
    [
      'one host: the user and password replaced',
      { DATABASE_URL: 'postgresql://app:secret@db:5432/sage', REPORTS_DATABASE_PASSWORD: 'p w' },
      `postgresql://${REPORT_READER_ROLE}:p%20w@db:5432/sage`,
    ],
    [
      'several hosts kept, target_session_attrs dropped (the reader is read-only)',
      {
        DATABASE_URL: 'postgresql://app@h1:5432,h2:5433/sage?target_session_attrs=read-write&sslmode=disable',
      },
      `postgresql://${REPORT_READER_ROLE}@h1:5432,h2:5433/sage?sslmode=disable`,
    ],
    [
      'a user or password in the query is dropped',
      { DATABASE_URL: 'postgres://h/sage?user=postgres&password=x' },
      `postgres://${REPORT_READER_ROLE}@h/sage`,
    ],
    [
      'REPORTS_DATABASE_URL wins',
      { DATABASE_URL: 'postgresql://app@db/sage', REPORTS_DATABASE_URL: 'postgresql://r@other/sage' },
      'postgresql://r@other/sage',
    ],
  ])('%s', (_name, env, expected) => {
    expect(reportsDatabaseUrl(env)).toBe(expected);
  });

  it('starts from the read URL when given one', () => {
    expect(
      reportsDatabaseUrl({ DATABASE_URL: 'postgresql://app@primary/sage' }, 'postgresql://app@replica/sage'),
    ).toBe(`postgresql://${REPORT_READER_ROLE}@replica/sage`);
  });
});
