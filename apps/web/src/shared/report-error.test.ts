import { ZClientErrorReportSchema } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { toClientErrorReport } from './report-error';

describe('toClientErrorReport: what goes to the server (decision 0374)', () => {
  it('keeps name, message and stack, without query strings in the stack and in the path', () => {
    const error = new TypeError('x is undefined');
    error.stack = 'TypeError: x is undefined\n    at f (https://app/assets/a.js?resident=Hale#x:1:2)';
    const report = toClientErrorReport(error, 'WINDOW_ERROR', '/residents/resident/1?q=Hale#top');
    expect(report).toEqual({
      source: 'WINDOW_ERROR',
      name: 'TypeError',
      message: 'x is undefined',
      stack: 'TypeError: x is undefined\n    at f (https://app/assets/a.js:1:2)',
      path: '/residents/resident/1',
    });
    expect(ZClientErrorReportSchema.safeParse(report).success).toBe(true);
  });

  it('cuts long texts to the contract limits and takes out control characters, so the server accepts it', () => {
    const error = new Error(`${'m'.repeat(5_000)}\u0000`);
    error.stack = 's'.repeat(20_000);
    const report = toClientErrorReport(error, 'ERROR_BOUNDARY', '/');
    expect(report.message).toHaveLength(1_000);
    expect(report.stack).toHaveLength(8_000);
    expect(ZClientErrorReportSchema.safeParse(report).success).toBe(true);
  });

  it('reports what is not an Error (a string, an object) without its contents beyond a string', () => {
    expect(toClientErrorReport('boom', 'UNHANDLED_REJECTION', '/a')).toEqual({
      source: 'UNHANDLED_REJECTION',
      message: 'boom',
      path: '/a',
    });
    expect(toClientErrorReport({ resident: 'Hale' }, 'UNHANDLED_REJECTION', '/a').message).toBe(
      'Non-error value thrown',
    );
  });
});
