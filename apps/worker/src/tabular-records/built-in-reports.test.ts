import { BUILT_IN_REPORTS } from '@sage/db';
import { checkReportQuery } from '@sage/domain/report-sql';
import { describe, expect, it } from 'vitest';

describe('the built-in reports pass the parsed check (decisions 0283, 0500)', () => {
  it.each(BUILT_IN_REPORTS.map((r) => [r.name, r] as const))('%s', async (_name, report) => {
    expect(await checkReportQuery(report.query, report.parameters)).toEqual([]);
  });
});
