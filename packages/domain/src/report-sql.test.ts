import { describe, expect, it } from 'vitest';
import { checkReportQuery } from './report-sql';
import type { ParameterType } from './tabular-records';

const DATES: { name: string; type: ParameterType }[] = [
  { name: 'since', type: 'DATE' },
  { name: 'until', type: 'DATE' },
];
const rules = async (sql: string, params: { name: string; type: ParameterType }[] = []) =>
  (await checkReportQuery(sql, params)).map((i) => i.rule);

describe('checkReportQuery: one read of the reporting views, on the parsed query (decisions 0280, 0500)', () => {
  it.each([
    ['SELECT count(*) FROM alerts', []],
    ['select id from alerts where created_at >= :since;', DATES],
    ['WITH a AS (SELECT id FROM alerts) SELECT count(*) FROM a', []],
    ['WITH a AS (SELECT id FROM alerts), b AS (SELECT * FROM a) SELECT count(*) FROM b', []],
    ["SELECT 'DELETE FROM x; DROP TABLE y; SELECT pg_sleep(1)' AS text", []],
    ['SELECT created_at::date AS day FROM alerts -- UPDATE in a comment', []],
    ['/* INSERT */ SELECT 1', []],
    ['(SELECT 1) UNION (SELECT 2)', []],
    ['SELECT "update" FROM (SELECT 1 AS "update") t', []],
    ['SELECT a.id FROM reporting.alerts a JOIN reporting.residents r ON r.id = a.resident_id', []],
    ['SELECT g FROM generate_series(1, 3) g', []],
    ['SELECT d.hardware_id FROM devices d WHERE d.last_heard_at < now() - make_interval(hours => 2)', []],
    [
      'SELECT * FROM alerts WHERE created_at >= :since::timestamp AND created_at < (:until + 1)::timestamp',
      DATES,
    ],
    ['VALUES (1), (2)', []],
    [
      "SELECT extract(hour FROM created_at AT TIME ZONE 'UTC'), trim(title), substring(title from 1 for 2) FROM alerts",
      [],
    ],
    ['TABLE alerts', []],
  ])('accepts %s', async (sql, params) => {
    expect(await checkReportQuery(sql, params)).toEqual([]);
  });

  it.each([
    // Not a single read
    ['', 'required'],
    ['DELETE FROM alerts', 'select_only'],
    ['UPDATE alerts SET title = 1', 'select_only'],
    ['WITH gone AS (DELETE FROM alerts RETURNING id) SELECT * FROM gone', 'read_only'],
    ['WITH x AS (INSERT INTO alerts DEFAULT VALUES RETURNING 1) SELECT 1', 'read_only'],
    ['SELECT 1; SELECT 2', 'single_statement'],
    ['SELECT 1; DROP TABLE "Task"', 'single_statement'],
    ['SELECT 1) AS report; DELETE FROM "Task"; SELECT (1', 'syntax'],
    ['SELECT * INTO copy FROM alerts', 'read_only'],
    ['SELECT * FROM alerts FOR UPDATE', 'read_only'],
    ['SELECT * FROM alerts FOR SHARE', 'read_only'],
    ['EXPLAIN ANALYZE SELECT 1', 'select_only'],
    ['COPY (SELECT 1) TO STDOUT', 'select_only'],
    ["COPY (SELECT 1) TO PROGRAM 'id'", 'select_only'],
    ['DO $do$ BEGIN END $do$', 'syntax'],
    ["DO language plpgsql 'BEGIN PERFORM 1; END'", 'select_only'],
    ['CALL p()', 'select_only'],
    ['LISTEN x', 'select_only'],
    ["NOTIFY x, 'y'", 'select_only'],
    ['SET ROLE postgres', 'select_only'],
    ["SET LOCAL statement_timeout = '0'", 'select_only'],
    ['RESET ROLE', 'select_only'],
    [
      'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r',
      'no_recursion',
    ],
    // Functions, however written
    ["SELECT set_config('sage.facility_id', 'x', true)", 'forbidden_function'],
    ["SELECT \"set_config\"('role', 'none', true)", 'forbidden_function'],
    ["SELECT U&\"\\0073et_config\"('role', 'none', true)", 'forbidden_function'],
    [
      "WITH x AS MATERIALIZED (SELECT \"set_config\"('role','none',true)) SELECT count(*) FROM x, alerts",
      'forbidden_function',
    ],
    ["SELECT pg_catalog.set_config('role', 'none', true)", 'forbidden_function'],
    ['SELECT "pg_catalog"."now"()', 'forbidden_function'],
    ['SELECT "current_setting"(\'is_superuser\')', 'forbidden_function'],
    ["SELECT current_setting('role')", 'forbidden_function'],
    ['SELECT pg_sleep(100)', 'forbidden_function'],
    ['SELECT "pg_sleep"(100)', 'forbidden_function'],
    ["SELECT query_to_xml('select 1', true, true, '')", 'forbidden_function'],
    ['SELECT "query_to_xml"(\'SELECT name FROM public."Facility"\', true, true, \'\')', 'forbidden_function'],
    ["SELECT table_to_xml('public.\"Facility\"', true, true, '')", 'forbidden_function'],
    ["SELECT cursor_to_xml('c', 1, true, true, '')", 'forbidden_function'],
    ["SELECT * FROM ts_stat('SELECT 1')", 'forbidden_function'],
    ["SELECT nextval('s')", 'forbidden_function'],
    ["SELECT pg_read_file('/etc/passwd')", 'forbidden_function'],
    ["SELECT lo_import('/etc/passwd')", 'forbidden_function'],
    ["SELECT dblink('dbname=postgres', 'SELECT 1')", 'forbidden_function'],
    ['SELECT pg_terminate_backend(1)', 'forbidden_function'],
    ["SELECT xpath('/a', '<a/>')", 'forbidden_function'],
    ['SELECT txid_current()', 'forbidden_function'],
    ['SELECT * FROM ROWS FROM (pg_sleep(1)) s', 'forbidden_function'],
    ['SELECT 1 OPERATOR(pg_catalog.+) 1', 'reporting_views_only'],
    // Relations other than the reporting views, however written
    ['SELECT * FROM public."Task"', 'reporting_views_only'],
    ['SELECT * FROM "public"."Task"', 'reporting_views_only'],
    ['SELECT * FROM "Facility"', 'reporting_views_only'],
    ['SELECT * FROM pg_stat_activity', 'reporting_views_only'],
    ['SELECT * FROM U&"\\0070g_catalog".U&"\\0070g_tables"', 'reporting_views_only'],
    ['SELECT * FROM U&"\\0070g_authid"', 'reporting_views_only'],
    ['SELECT * FROM information_schema.tables', 'reporting_views_only'],
    ['SELECT * FROM reporting.scope', 'reporting_views_only'],
    ['SELECT * FROM reporting.current_scope', 'reporting_views_only'],
    ['SELECT * FROM other.reporting.alerts', 'reporting_views_only'],
    ['SELECT (SELECT count(*) FROM "StaffMember") FROM alerts', 'reporting_views_only'],
    ['SELECT * FROM alerts WHERE id IN (SELECT "tokenHash" FROM "RefreshToken")', 'reporting_views_only'],
    // A WITH name is in scope only after it (a later one would be a table of that name)
    [
      'WITH a AS (SELECT * FROM "Facility"), "Facility" AS (SELECT 1) SELECT * FROM a',
      'reporting_views_only',
    ],
    // Parameters
    ['SELECT $1', 'named_parameters'],
    ['SELECT $$text$$', 'syntax'],
    ["SELECT 'open", 'syntax'],
    ['SELECT :until', 'unknown_parameter'],
    ['SELEC 1', 'syntax'],
  ])('refuses %s (%s)', async (sql, rule) => {
    expect(await rules(sql)).toContain(rule);
  });

  it('names what it refuses in words', async () => {
    expect(
      await checkReportQuery('SELECT "set_config"(\'role\', \'none\', true) FROM "public"."Facility"', []),
    ).toEqual([
      { rule: 'forbidden_function', message: 'The function set_config is not allowed' },
      {
        rule: 'reporting_views_only',
        message:
          'Reports read the reporting views only (facility, alerts, alert_updates, staff, units, care_zones, unit_care_zones, residents, devices, check_ins), not public.Facility',
      },
    ]);
  });
});
