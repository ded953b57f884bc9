import { describe, expect, it } from 'vitest';
import {
  bindNamedParameters,
  canAuthorReports,
  canRunReports,
  checkReadOnlyQuery,
  localDate,
  parametersKey,
  resolveParameterValues,
  toCsv,
} from './tabular-records';

const rules = (sql: string, params: string[] = []) => checkReadOnlyQuery(sql, params).map((i) => i.rule);

describe('checkReadOnlyQuery: "anything but a read is refused" (task #16; decision 0280)', () => {
  it.each([
    ['SELECT count(*) FROM alerts', []],
    ['select id from alerts where created_at >= :since;', ['since']],
    ['WITH a AS (SELECT id FROM alerts) SELECT count(*) FROM a', []],
    ["SELECT 'DELETE FROM x; DROP TABLE y' AS text", []],
    ['SELECT created_at::date AS day FROM alerts -- UPDATE in a comment', []],
    ['/* INSERT */ SELECT 1', []],
    ['(SELECT 1) UNION (SELECT 2)', []],
    ['SELECT "update" FROM (SELECT 1 AS "update") t', []],
  ])('accepts %s', (sql, params) => {
    expect(checkReadOnlyQuery(sql, params)).toEqual([]);
  });

  it.each([
    ['', 'required'],
    ['DELETE FROM alerts', 'select_only'],
    ['UPDATE alerts SET title = 1', 'select_only'],
    ['WITH gone AS (DELETE FROM alerts RETURNING id) SELECT * FROM gone', 'read_only'],
    ['SELECT 1; SELECT 2', 'single_statement'],
    ['SELECT 1; DROP TABLE "Task"', 'single_statement'],
    ['SELECT * INTO copy FROM alerts', 'read_only'],
    ['SELECT * FROM alerts FOR UPDATE', 'read_only'],
    ["SELECT set_config('sage.facility_id', 'x', true)", 'forbidden_function'],
    ['SELECT pg_sleep(100)', 'forbidden_function'],
    ["SELECT query_to_xml('select 1', true, true, '')", 'forbidden_function'],
    ["SELECT nextval('s')", 'forbidden_function'],
    ['SELECT * FROM public."Task"', 'reporting_views_only'],
    ['SELECT * FROM "public"."Task"', 'reporting_views_only'],
    ['SELECT * FROM pg_stat_activity', 'reporting_views_only'],
    ['SELECT * FROM information_schema.tables', 'reporting_views_only'],
    ['SELECT $1', 'named_parameters'],
    ['SELECT $$text$$', 'syntax'],
    ["SELECT 'open", 'syntax'],
    ['SELECT :until', 'unknown_parameter'],
    ['EXPLAIN ANALYZE SELECT 1', 'select_only'],
    ['COPY (SELECT 1) TO STDOUT', 'select_only'],
  ])('refuses %s (%s)', (sql, rule) => {
    expect(rules(sql)).toContain(rule);
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
