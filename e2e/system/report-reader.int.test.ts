import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { openSessionToken } from '@sage/api/live-client';
import { PROFILE_HEADER, SERVICE_BASE_PATHS, SEVERITY_VALUES } from '@sage/contract';
import { type PrismaClient, REPORT_READER_ROLE } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { ReportsNotSetUp, runQueryExecution, runReadOnly } from '@sage/worker/tabular-records';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue #29: a report's SQL must not get out of its community, whatever it is. The reports' connection logs in as
 * sage_report_reader (decision 0500): every hostile query of the issue is refused when saved (a 400 naming
 * body.query) AND, written straight into the database past that check, is harmless when the worker's executor
 * runs it: it fails, or returns only community A's rows, never B's, never another table's data. The reader cannot
 * become any other role; a reports connection that is not the reader refuses to run, never falls back.
 */
const BASE = SERVICE_BASE_PATHS.tabularRecord;
let db: TestDatabase;
let prisma: PrismaClient;
let api: FastifyInstance;
let pool: pg.Pool;
let a: TestFacility;
let b: TestFacility;
let headersA: Record<string, string>;
/** Everything of B that must never appear in A's results. */
let secretsOfB: string[];
const silent = { info: () => {}, error: () => {} };

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = db.prisma;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  api = await buildApp(config, { prisma, logger: false });
  await api.ready();
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  a = await createTestFacility(prisma);
  b = await createTestFacility(prisma);
  const { token } = await openSessionToken(prisma, a.staff.manager.id, config.JWT_SECRET, 600);
  headersA = { authorization: `Bearer ${token}`, [PROFILE_HEADER]: a.staff.manager.id };
  for (const f of [a, b]) {
    await prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Pendant pressed',
        severity: 'EMERGENCY',
        severityRank: SEVERITY_VALUES.EMERGENCY,
        unitId: f.residents.AL.unitId,
        residentId: f.residents.AL.id,
        creationTimestamp: new Date(),
      },
    });
  }
  const facilityB = await prisma.facility.findUniqueOrThrow({ where: { id: b.facilityId } });
  secretsOfB = [
    b.facilityId,
    facilityB.name,
    b.residents.AL.id,
    b.residents.AL.lastName,
    b.staff.caregiver.id,
  ];
  await pool.query('ANALYZE "Facility"');
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await api?.close();
  await db?.drop();
});

/** A result is harmless when it holds nothing of B and no password hash. */
function expectHarmless(rows: unknown): void {
  const text = JSON.stringify(rows);
  for (const secret of secretsOfB) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/SCRAM-SHA-256|md5[0-9a-f]{32}/);
}

const runDirect = (text: string, timeoutMs = 2_000) =>
  runReadOnly(pool, db.reportsUrl, { facilityId: a.facilityId, text, values: [], timeoutMs, rowLimit: 100 });

/** Runs the text as the worker runs an execution of a definition of A written straight into the database. */
async function runAsWorker(name: string, query: string, timeoutMs = 2_000) {
  const source = await prisma.dataSource.create({
    data: {
      facilityId: a.facilityId,
      enterpriseId: a.enterpriseId,
      name: `source ${name}`,
      dialect: 'POSTGRESQL',
      config: { statementTimeoutMs: timeoutMs, rowLimit: 100 },
    },
  });
  const definition = await prisma.queryDefinition.create({
    data: {
      dataSourceId: source.id,
      facilityId: a.facilityId,
      enterpriseId: a.enterpriseId,
      name,
      query,
      parameters: [],
    },
  });
  const execution = await prisma.queryExecution.create({
    data: {
      queryDefinitionId: definition.id,
      facilityId: a.facilityId,
      enterpriseId: a.enterpriseId,
      status: 'QUEUED',
      parameters: {},
      startedAt: new Date(),
    },
  });
  await runQueryExecution(pool, db.reportsUrl, { queryExecutionId: execution.id }, silent);
  return prisma.queryExecution.findUniqueOrThrow({ where: { id: execution.id } });
}

// The attacks of issue #29 and their kin: role switches, catalogue reads, files, signals, sleeps, other statements.
const HOSTILE: [string, string][] = [
  [
    'quoted set_config resets the role, then reads the other community',
    `WITH x AS MATERIALIZED (SELECT "set_config"('role', 'none', true) AS r) SELECT f.id, f.name FROM x, public."Facility" f`,
  ],
  ['set_config to the superuser', `SELECT set_config('role', 'postgres', true) AS r`],
  [
    'quoted query_to_xml of the Facility table',
    `SELECT "query_to_xml"('SELECT id, name FROM public."Facility"', true, true, '') AS x`,
  ],
  [
    'a role switch before query_to_xml',
    `WITH x AS MATERIALIZED (SELECT "set_config"('role', 'none', true)) SELECT "query_to_xml"('SELECT id, name FROM public."Facility"', true, true, '') FROM x`,
  ],
  ['current_setting', `SELECT "current_setting"('is_superuser') AS su, "current_setting"('role') AS r`],
  ['the catalogue through U& names', `SELECT * FROM U&"\\0070g_catalog".U&"\\0070g_authid"`],
  ['the table list through U& names', `SELECT tablename FROM U&"\\0070g_catalog".U&"\\0070g_tables"`],
  ['column statistics of another table', `SELECT * FROM pg_catalog.pg_stats WHERE tablename = 'Facility'`],
  ['staff phones', 'SELECT "phoneNumber" FROM public."StaffMember"'],
  ['a file of the server', `SELECT pg_read_file('/etc/hostname')`],
  ['a large object from a file', `SELECT lo_import('/etc/hostname')`],
  ['dblink', `SELECT * FROM dblink('dbname=postgres', 'SELECT 1') AS t(x int)`],
  [
    // The application's and the server's connections (another report's reader is the same role: see 0500).
    'ending the application’s connections',
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename <> current_user',
  ],
  ['the scope table', 'SELECT * FROM reporting.scope'],
  ['the scope view', 'SELECT * FROM reporting.current_scope'],
  ['sleeping', 'SELECT pg_sleep(30)'],
  [
    'a recursive CTE without end',
    'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r',
  ],
  ['COPY', 'COPY (SELECT 1) TO STDOUT'],
  ['DO', `DO 'BEGIN PERFORM 1; END'`],
  ['CALL', 'CALL sage_nothing()'],
  ['LISTEN', 'LISTEN task_changes'],
  ['NOTIFY', `NOTIFY task_changes, 'x'`],
  ['SET ROLE past the wrapper', 'SELECT 1) AS r; SET ROLE postgres; SELECT * FROM (SELECT 1'],
  ['a write past the wrapper', `SELECT 1) AS r; DELETE FROM public."Task"; SELECT * FROM (SELECT 1`],
];

describe('[REPORTS][SECURITY] hostile report SQL (issue #29)', () => {
  it.each(HOSTILE)('%s: refused when saved, with a 400 naming body.query', async (name, query) => {
    const source = await prisma.dataSource.findFirstOrThrow({ where: { facilityId: a.facilityId } });
    const res = await api.inject({
      method: 'POST',
      url: `${BASE}/queryDefinitions`,
      headers: headersA,
      payload: { dataSourceRid: source.id, name: `saved ${name}`, query },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues[0]).toMatchObject({ field: 'body.query' });
    expect(await prisma.queryDefinition.count({ where: { name: `saved ${name}` } })).toBe(0);
  });

  it.each(HOSTILE)(
    '%s: harmless when run past every check',
    async (_name, query) => {
      const outcome = await runDirect(query).then(
        (result) => ({ rows: result.rows }),
        (error: Error & { code?: string }) => ({ error }),
      );
      if ('rows' in outcome) expectHarmless(outcome.rows);
      else expect(outcome.error).not.toBeInstanceOf(ReportsNotSetUp);
      // Nothing was written, no connection of the application was ended, and the scope row is gone.
      expect((await pool.query('SELECT count(*)::int AS n FROM "Task"')).rows[0].n).toBe(2);
      expect((await pool.query('SELECT count(*)::int AS n FROM reporting.scope')).rows[0].n).toBe(0);
    },
    15_000,
  );

  it.each(HOSTILE)(
    '%s: the worker refuses to run it or runs it harmlessly',
    async (name, query) => {
      const done = await runAsWorker(`worker ${name}`, query);
      expect(['FAILED', 'SUCCEEDED']).toContain(done.status);
      if (done.status === 'SUCCEEDED') expectHarmless(done.result);
      else expect(done.error).not.toMatch(/^Reports are not set up/);
    },
    15_000,
  );

  it('the role-switching attack returns A’s facility only when run past the check', async () => {
    const result = await runDirect(
      `WITH x AS MATERIALIZED (SELECT "set_config"('role', 'none', true) AS r) SELECT f.id FROM x, facility f`,
    );
    expect(result.rows).toEqual([[a.facilityId]]);
  });

  it('current_setting past the check reads the reader’s own settings: no superuser', async () => {
    const result = await runDirect(
      `SELECT current_setting('is_superuser'), current_user::text, session_user::text`,
    );
    expect(result.rows).toEqual([['off', REPORT_READER_ROLE, REPORT_READER_ROLE]]);
  });

  it('a statement timeout lifted from inside the query does not extend the run', async () => {
    await expect(
      runDirect(
        `WITH x AS MATERIALIZED (SELECT set_config('statement_timeout', '0', true)) SELECT pg_sleep(20) FROM x`,
        300,
      ),
    ).rejects.toMatchObject({ code: '57014' });
  }, 15_000);
});

describe('[REPORTS][SECURITY] the reader’s own connection (decision 0500)', () => {
  let reader: pg.Client;
  beforeAll(async () => {
    reader = new pg.Client({ connectionString: db.reportsUrl });
    reader.on('error', () => {});
    await reader.connect();
  });
  afterAll(async () => {
    await reader?.end();
  });
  const expectRefused = async (sql: string, codes: RegExp) => {
    await expect(reader.query(sql)).rejects.toMatchObject({ code: expect.stringMatching(codes) });
  };

  it('logs in as the reader: no superuser, a member of nothing, read-only by default', async () => {
    const { rows } = await reader.query(
      `SELECT session_user::text AS s, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls, r.rolreplication,
              (SELECT count(*)::int FROM pg_auth_members m WHERE m.member = r.oid) AS memberships,
              current_setting('default_transaction_read_only') AS ro
         FROM pg_roles r WHERE r.rolname = session_user`,
    );
    expect(rows).toEqual([
      {
        s: REPORT_READER_ROLE,
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        rolbypassrls: false,
        rolreplication: false,
        memberships: 0,
        ro: 'on',
      },
    ]);
  });

  it('cannot SET ROLE to any other role of the server, nor set_config the role, nor change the session user', async () => {
    const { rows } = await reader.query<{ rolname: string }>(
      'SELECT rolname FROM pg_roles WHERE rolname <> session_user ORDER BY rolname',
    );
    const others = rows.map((r) => r.rolname);
    expect(others).toEqual(expect.arrayContaining(['postgres', new URL(db.url).username || 'postgres']));
    for (const role of others) {
      await expectRefused(`SET ROLE "${role.replaceAll('"', '""')}"`, /^42501$/);
      await expect(reader.query(`SELECT set_config('role', $1, false)`, [role])).rejects.toMatchObject({
        code: '42501',
      });
    }
    await expectRefused('SET SESSION AUTHORIZATION postgres', /^42501$/);
    expect((await reader.query('SELECT current_user::text AS u')).rows[0].u).toBe(REPORT_READER_ROLE);
  });

  it('reads no table, no scope, no file; ends no other connection', async () => {
    await expectRefused('SELECT count(*) FROM public."Facility"', /^42501$/);
    await expectRefused('SELECT count(*) FROM public."StaffMember"', /^42501$/);
    await expectRefused('SELECT * FROM reporting.scope', /^42501$/);
    await expectRefused('SELECT * FROM pg_authid', /^42501$/);
    await expectRefused(`SELECT pg_read_file('/etc/hostname')`, /^42501$/);
    await expectRefused(`SELECT pg_ls_dir('.')`, /^42501$/);
    await expectRefused(`SELECT lo_import('/etc/hostname')`, /^(42501|25006)$/);
    await expectRefused('CREATE EXTENSION IF NOT EXISTS dblink', /^(42501|25006)$/);
    await expectRefused(
      `INSERT INTO reporting.scope (backend_pid, backend_start, facility_id) VALUES (pg_backend_pid(), now(), 'x')`,
      /^(42501|25006)$/,
    );
    const app = await pool.connect();
    try {
      const pid = (await app.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      await expectRefused(`SELECT pg_terminate_backend(${pid})`, /^42501$/);
      await expectRefused(`SELECT pg_cancel_backend(${pid})`, /^42501$/);
      expect((await app.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      app.release();
    }
  });

  it('sees no rows of the views without a scope row of its own', async () => {
    expect((await reader.query('SELECT count(*)::int AS n FROM reporting.alerts')).rows[0].n).toBe(0);
    expect((await reader.query('SELECT count(*)::int AS n FROM reporting.facility')).rows[0].n).toBe(0);
  });
});

describe('[REPORTS][SECURITY] community scope', () => {
  it('A’s report sees A only; B’s sees B only, over every view', async () => {
    const counts = `SELECT (SELECT string_agg(id, ',') FROM facility) AS f, (SELECT count(*) FROM alerts) AS a,
                           (SELECT count(*) FROM residents) AS r`;
    const ofA = await runDirect(counts);
    const ofB = await runReadOnly(pool, db.reportsUrl, {
      facilityId: b.facilityId,
      text: counts,
      values: [],
      timeoutMs: 2_000,
      rowLimit: 10,
    });
    expect(ofA.rows[0]![0]).toBe(a.facilityId);
    expect(ofB.rows[0]![0]).toBe(b.facilityId);
    expect(ofA.rows[0]![1]).toBe('1');
    expect(ofB.rows[0]![1]).toBe('1');
  });
});

describe('[REPORTS][SECURITY] a reports connection that is not the reader refuses to run (decision 0500)', () => {
  it('the application’s own (superuser) login: refused, with the operator’s step', async () => {
    const refused = runReadOnly(pool, db.url, {
      facilityId: a.facilityId,
      text: 'SELECT 1',
      values: [],
      timeoutMs: 1_000,
      rowLimit: 1,
    });
    await expect(refused).rejects.toBeInstanceOf(ReportsNotSetUp);
    await expect(refused).rejects.toThrow(
      /logs in as postgres, not as sage_report_reader.*docs\/decisions\/0500/,
    );
  });

  it('a role that does not exist: refused, the execution fails with the message, no rows', async () => {
    const url = new URL(db.reportsUrl);
    url.username = 'sage_no_such_reader';
    const source = await prisma.dataSource.findFirstOrThrow({ where: { facilityId: a.facilityId } });
    const definition = await prisma.queryDefinition.create({
      data: {
        dataSourceId: source.id,
        facilityId: a.facilityId,
        enterpriseId: a.enterpriseId,
        name: 'Counts without a reader',
        query: 'SELECT count(*) FROM alerts',
        parameters: [],
      },
    });
    for (const readerUrl of [url.toString(), db.url]) {
      const execution = await prisma.queryExecution.create({
        data: {
          queryDefinitionId: definition.id,
          facilityId: a.facilityId,
          enterpriseId: a.enterpriseId,
          status: 'QUEUED',
          parameters: {},
          startedAt: new Date(),
        },
      });
      await runQueryExecution(pool, readerUrl, { queryExecutionId: execution.id }, silent);
      const done = await prisma.queryExecution.findUniqueOrThrow({ where: { id: execution.id } });
      expect(done.status).toBe('FAILED');
      expect(done.error).toMatch(
        /^Reports are not set up: .*Run the migrations as a database user that may create roles/,
      );
      expect(done.result).toBeNull();
      expect(done.rowCount).toBeNull();
    }
  });
});
