import { describe, expect, it } from 'vitest';
import {
  bindNamedParameters,
  canAuthorReports,
  canRunReports,
  checkQueryText,
  localDate,
  parametersKey,
  resolveParameterValues,
  toCsv,
  wrapReportQuery,
} from './tabular-records';

describe('checkQueryText: the lexical rules before parsing (decision 0500)', () => {
  it.each([
    ['SELECT count(*) FROM alerts', []],
    ['select id from alerts where created_at >= :since;', ['since']],
    ["SELECT 'a :b' AS text, x::date FROM alerts -- :c", []],
  ])('accepts %s', (sql, params) => {
    expect(checkQueryText(sql, params)).toEqual([]);
  });
  it.each([
    ['', 'required'],
    ['SELECT $1', 'named_parameters'],
    ['SELECT $$text$$', 'syntax'],
    ["SELECT 'open", 'syntax'],
    ['SELECT "open', 'syntax'],
    ['SELECT 1 /* open', 'syntax'],
    ['SELECT :until', 'unknown_parameter'],
  ])('refuses %s (%s)', (sql, rule) => {
    expect(checkQueryText(sql, []).map((i) => i.rule)).toContain(rule);
  });
});

describe('wrapReportQuery', () => {
  it('wraps the text as a subquery with a limit, its trailing semicolon dropped', () => {
    expect(wrapReportQuery('SELECT 1;  ', 11)).toBe('SELECT * FROM (\nSELECT 1\n) AS report LIMIT 11');
  });
});

describe('bindNamedParameters', () => {
  it('turns :name into typed positional placeholders, the same name once, casts left alone', () => {
    const bound = bindNamedParameters(
      'SELECT created_at::date FROM alerts WHERE created_at >= :since AND created_at < :since + 1 AND n = :n',
      [
        { name: 'since', type: 'DATE' },
        { name: 'n', type: 'INTEGER' },
      ],
      { since: '2026-01-01', n: 3 },
    );
    expect(bound.text).toBe(
      'SELECT created_at::date FROM alerts WHERE created_at >= $1::date AND created_at < $1::date + 1 AND n = $2::integer',
    );
    expect(bound.values).toEqual(['2026-01-01', '3']);
  });
});

describe('resolveParameterValues', () => {
  const now = new Date('2026-03-10T03:00:00Z'); // 9 March, 22:00 in Chicago
  const defs = [
    { name: 'since', label: 'Since', type: 'DATE' as const, required: true, defaultValue: 'today-7' },
    { name: 'hours', label: 'Hours', type: 'INTEGER' as const, required: true, defaultValue: 24 },
    { name: 'zone', label: 'Zone', type: 'TEXT' as const, required: false },
  ];
  it('fills defaults in the community time zone', () => {
    expect(resolveParameterValues(defs, {}, now, 'America/Chicago')).toEqual({
      values: { since: '2026-03-02', hours: 24, zone: null },
      issues: [],
    });
  });
  it.each([
    [{ since: '2026-02-30' }, 'parameters.since', 'date'],
    [{ hours: 'many' }, 'parameters.hours', 'integer'],
    [{ other: 1 }, 'parameters.other', 'unknown_parameter'],
    [{ zone: 5 }, 'parameters.zone', 'text'],
  ])('refuses %j', (given, field, rule) => {
    expect(resolveParameterValues(defs, given, now, 'America/Chicago').issues).toContainEqual(
      expect.objectContaining({ field, rule }),
    );
  });
  it('refuses a missing required value without a default', () => {
    const issues = resolveParameterValues([{ ...defs[0]!, defaultValue: null }], {}, now, 'UTC').issues;
    expect(issues).toEqual([{ field: 'parameters.since', rule: 'required', message: 'Since is required' }]);
  });
  it('localDate', () => expect(localDate(now, 'UTC', 1)).toBe('2026-03-11'));
  it('parametersKey ignores order', () =>
    expect(parametersKey({ a: 1, b: 'x' })).toBe(parametersKey({ b: 'x', a: 1 })));
});

describe('toCsv', () => {
  it('quotes, escapes and defuses formulas', () => {
    expect(
      toCsv(
        ['name', 'n'],
        [
          ['a,"b"', 1],
          ['=HYPERLINK(1)', -2],
          [null, true],
        ],
      ),
    ).toBe('name,n\r\n"a,""b""",1\r\n\'=HYPERLINK(1),-2\r\n,true\r\n');
  });
});

describe('who uses reports (decision 0282)', () => {
  const facility = { id: 'f1', enterpriseId: 'e1' };
  const m = (group: string, isAdmin: boolean, facilityId = 'f1', enterpriseId = 'e1') => ({
    group,
    isAdmin,
    facilityId,
    enterpriseId,
  });
  it.each([
    ['management member', [m('Management', false)], true, false],
    ['management admin', [m('Management', true)], true, true],
    ['company admin elsewhere', [m('Management', true, 'f2')], true, true],
    ['care staff admin', [m('CareStaff', true)], false, false],
    ['management of another company', [m('Management', true, 'f9', 'e9')], false, false],
    ['provider support', [m('SageSupport', false, 'x', 'y')], true, true],
  ])('%s: run %s, author %s', (_who, memberships, run, author) => {
    expect(canRunReports(memberships, facility)).toBe(run);
    expect(canAuthorReports(memberships, facility)).toBe(author);
  });
});
