import { buildApp } from '@sage/api';
import { loadConfig } from '@sage/api/env';
import { openSessionToken } from '@sage/api/live-client';
import { PROFILE_HEADER, SERVICE_BASE_PATHS, SEVERITY_VALUES, type TQueryExecution } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { startWorker, type WorkerProcess } from '@sage/worker';
import { loadWorkerConfig } from '@sage/worker/env';
import { expireQueryExecutions, runReadOnly } from '@sage/worker/tabular-records';
import { eventually } from '@sage/worker/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Reports end to end (decisions 0280-0281): the API queues an execution, the worker runs it through the
 * reporting role, the API serves its rows and CSV. Two communities: A's reports never see B's rows, whatever
 * the SQL tries; writes are refused when saved, and by the database when the check is bypassed; cancel.
 */
const BASE = SERVICE_BASE_PATHS.tabularRecord;
let db: TestDatabase;
let prisma: PrismaClient;
let worker: WorkerProcess;
let api: FastifyInstance;
let a: TestFacility;
let b: TestFacility;
let pool: pg.Pool;
let headersA: Record<string, string>;

async function headersOf(staffMemberId: string): Promise<Record<string, string>> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url });
  const { token } = await openSessionToken(prisma, staffMemberId, config.JWT_SECRET, 600);
  return { authorization: `Bearer ${token}`, [PROFILE_HEADER]: staffMemberId };
}

async function alert(f: TestFacility, key: 'AL' | 'MC', at: Date): Promise<string> {
  const resident = f.residents[key];
  const task = await prisma.task.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      title: 'Pendant pressed',
      severity: 'EMERGENCY',
      severityRank: SEVERITY_VALUES.EMERGENCY,
      unitId: resident.unitId,
      residentId: resident.id,
      deviceId: resident.pendant.deviceId,
      creationTimestamp: at,
    },
    select: { id: true },
  });
  return task.id;
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = headersA) =>
  api.inject({ method, url: `${BASE}${url}`, headers, ...(payload ? { payload } : {}) });

async function definitionId(f: TestFacility, name: string): Promise<string> {
  const row = await prisma.queryDefinition.findFirstOrThrow({ where: { facilityId: f.facilityId, name } });
  return row.id;
}

async function runToEnd(queryDefinitionRid: string, parameters: object = {}): Promise<TQueryExecution> {
  const res = await call('POST', '/queryExecutions', { queryDefinitionRid, parameters });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as TQueryExecution).queryExecutionResultRid;
  return eventually(async () => {
    const got = (await call('GET', `/queryExecutions/${id}`)).json() as TQueryExecution;
    return ['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(got.status) ? got : null;
  }, 20_000);
}

/** A custom report of A written straight into the database (past the API's check). */
async function rawDefinition(f: TestFacility, name: string, query: string): Promise<string> {
  const source = await prisma.dataSource.findFirstOrThrow({ where: { facilityId: f.facilityId } });
  const row = await prisma.queryDefinition.create({
    data: {
      dataSourceId: source.id,
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      name,
      query,
      parameters: [],
    },
  });
  return row.id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = db.prisma;
  api = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url }), {
    prisma,
    logger: false,
  });
  await api.ready();
  worker = await startWorker(
    loadWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REPORTS_DATABASE_URL: db.reportsUrl,
    }),
    {
      logger: false,
      listen: false,
    },
  );
  pool = new pg.Pool({ connectionString: db.url, max: 3 });
  a = await createTestFacility(prisma);
  b = await createTestFacility(prisma);
  headersA = await headersOf(a.staff.manager.id);
  const now = Date.now();
  await alert(a, 'AL', new Date(now - 3_600_000));
  await alert(a, 'AL', new Date(now - 7_200_000));
  await alert(a, 'MC', new Date(now - 3_600_000));
  await alert(b, 'AL', new Date(now - 3_600_000));
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await worker?.close();
  await api?.close();
  await db?.drop();
});

describe('[REPORTS][WORKER] a report runs end to end', () => {
  it('alerts per resident per day: A’s residents only, as rows and as CSV', async () => {
    const done = await runToEnd(await definitionId(a, 'Alerts per resident per day'));
    expect(done.status, done.error ?? '').toBe('SUCCEEDED');
    expect(done.columns?.map((c) => c.name)).toEqual(['day', 'resident', 'alerts']);
    const total = done.rows!.reduce((sum, row) => sum + Number(row[2]), 0);
    expect(total).toBe(3);
    const names = new Set(done.rows!.map((row) => row[1]));
    expect(names.has(`${b.residents.AL.firstName} ${b.residents.AL.lastName}`)).toBe(false);
    expect(done.expiresAt).not.toBeNull();

    const csv = await call('GET', `/queryExecutions/${done.queryExecutionResultRid}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="alerts-per-resident-per-day-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('day,resident,alerts');
    expect(lines).toHaveLength(done.rows!.length + 1);
  });

  it('response times by staff member: the first claim, in minutes', async () => {
    const [first] = await prisma.task.findMany({
      where: { facilityId: a.facilityId },
      orderBy: { creationTimestamp: 'asc' },
      take: 1,
    });
    await prisma.taskUpdate.create({
      data: {
        taskId: first!.id,
        facilityId: a.facilityId,
        type: 'CLAIM',
        creatorStaffMemberId: a.staff.caregiver.id,
        createdAt: new Date(first!.creationTimestamp.getTime() + 150_000),
      },
    });
    const done = await runToEnd(await definitionId(a, 'Response times by staff member'));
    expect(done.columns?.map((c) => c.name)).toEqual([
      'staff_member',
      'alerts',
      'answered',
      'avg_response_min',
      'p90_response_min',
    ]);
    const caregiver = `${a.staff.caregiver.firstName} ${a.staff.caregiver.lastName}`;
    expect(done.rows).toContainEqual([caregiver, 1, 1, 2.5, 2.5]);
    expect(done.rows).toContainEqual(['Not answered', 2, 0, null, null]);
  });

  it('every built-in report of a fresh community runs', async () => {
    for (const name of [
      'Response times by staff member',
      'Response times by shift',
      'Response times by care zone',
      'Missed check-ins',
      'Low batteries',
      'Devices not heard from',
    ]) {
      const done = await runToEnd(await definitionId(a, name));
      expect(done.status, `${name}: ${done.error}`).toBe('SUCCEEDED');
    }
  }, 60_000);
});

describe('[REPORTS][WORKER] another community’s rows are never read', () => {
  it('a report naming B’s alert by id gets nothing; counts are A’s', async () => {
    const bAlert = await prisma.task.findFirstOrThrow({ where: { facilityId: b.facilityId } });
    const byId = await rawDefinition(a, 'B alert by id', `SELECT id FROM alerts WHERE id = '${bAlert.id}'`);
    expect((await runToEnd(byId)).rows).toEqual([]);
    const counts = await rawDefinition(
      a,
      'Counts',
      'SELECT (SELECT count(*) FROM alerts) AS alerts, (SELECT count(*) FROM residents) AS residents, (SELECT count(*) FROM facility) AS facilities',
    );
    const done = await runToEnd(counts);
    const residentsOfA = await prisma.resident.count({ where: { facilityId: a.facilityId } });
    expect(done.rows).toEqual([[3, residentsOfA, 1]]);
  });

  it('the reporting role reads nothing but the views, and changing a setting does not widen the scope', async () => {
    const run = (text: string, timeoutMs = 5_000) =>
      runReadOnly(pool, db.reportsUrl, {
        facilityId: a.facilityId,
        text,
        values: [],
        timeoutMs,
        rowLimit: 100,
      });
    await expect(run('SELECT count(*) FROM public."Task"')).rejects.toMatchObject({ code: '42501' });
    await expect(run('SELECT * FROM reporting.scope')).rejects.toMatchObject({ code: '42501' });
    // The views read the scope row the executor wrote; settings the query may change play no part.
    const widened = await run(
      `WITH x AS MATERIALIZED (SELECT set_config('sage.facility_id', '${b.facilityId}', true) AS v)
       SELECT count(*) FROM x, reporting.alerts`,
    );
    expect(widened.rows).toEqual([['3']]);
    await expect(run('SELECT pg_sleep(2)', 200)).rejects.toMatchObject({ code: '57014' });
    // Nothing of the run stays: each run's scope row is deleted after it.
    expect((await pool.query('SELECT count(*)::int AS n FROM reporting.scope')).rows[0].n).toBe(0);
  });
});

describe('[REPORTS][WORKER] writes are refused', () => {
  it('a definition that writes is refused when saved, and again when run', async () => {
    const source = await prisma.dataSource.findFirstOrThrow({ where: { facilityId: a.facilityId } });
    const saved = await call('POST', '/queryDefinitions', {
      dataSourceRid: source.id,
      name: 'Wipe',
      query: 'DELETE FROM alerts',
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().issues[0]).toMatchObject({ field: 'body.query', rule: 'select_only' });

    const wipe = await rawDefinition(
      a,
      'Wipe raw',
      'WITH gone AS (DELETE FROM alerts RETURNING id) SELECT * FROM gone',
    );
    const queued = await call('POST', '/queryExecutions', { queryDefinitionRid: wipe });
    expect(queued.statusCode).toBe(409);
    expect(queued.json().code).toBe('QUERY_NOT_READ_ONLY');
    expect(await prisma.task.count({ where: { facilityId: a.facilityId } })).toBe(3);
  });

  it('the database refuses a write even when the check is bypassed', async () => {
    const run = (text: string) =>
      runReadOnly(pool, db.reportsUrl, {
        facilityId: a.facilityId,
        text,
        values: [],
        timeoutMs: 5_000,
        rowLimit: 10,
      });
    // Wrapped as a subquery, a data-modifying WITH is not even valid SQL (0A000).
    await expect(
      run('WITH gone AS (DELETE FROM public."Task" RETURNING id) SELECT * FROM gone'),
    ).rejects.toMatchObject({
      code: '0A000',
    });
    // The transaction is read-only and cannot be turned back (25001 / 25006).
    await expect(run("SELECT set_config('transaction_read_only', 'off', true)")).rejects.toMatchObject({
      code: expect.stringMatching(/^25/),
    });
    await expect(run("SELECT nextval('graphile_worker.jobs_id_seq')")).rejects.toMatchObject({
      code: expect.stringMatching(/^(25006|42501)$/),
    });
    expect(await prisma.task.count({ where: { facilityId: a.facilityId } })).toBe(3);
  });
});

describe('[REPORTS][WORKER] cancel and time limits', () => {
  it('cancelling a running report stops its query; the worker does not overwrite the cancel', async () => {
    const created = await call('POST', '/dataSources', {
      facilityId: a.facilityId,
      name: 'Slow source',
      dialect: 'POSTGRESQL',
      config: { statementTimeoutMs: 30_000, rowLimit: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const slow = await call('POST', '/queryDefinitions', {
      dataSourceRid: created.json().dataSourceRid,
      name: 'Slow',
      query: 'SELECT count(*) FROM generate_series(1, 2000000000) g',
    });
    expect(slow.statusCode, slow.body).toBe(201);
    const queued = await call('POST', '/queryExecutions', {
      queryDefinitionRid: slow.json().queryDefinitionRid,
    });
    const id = (queued.json() as TQueryExecution).queryExecutionResultRid;
    await eventually(async () => {
      const row = await prisma.queryExecution.findUnique({ where: { id } });
      if (row?.backendPid == null) return null;
      const active = await pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE query LIKE $1 AND state = 'active'`,
        [`/* sage-query-execution:${id} */%`],
      );
      return active.rowCount ? row : null;
    }, 15_000);
    const cancelled = await call('DELETE', `/queryExecutions/${id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    await eventually(async () => {
      const active = await pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE query LIKE $1 AND state = 'active'`,
        [`/* sage-query-execution:${id} */%`],
      );
      return active.rowCount === 0;
    }, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    expect((await prisma.queryExecution.findUniqueOrThrow({ where: { id } })).status).toBe('CANCELLED');
    const again = await call('DELETE', `/queryExecutions/${id}`);
    expect(again.statusCode).toBe(409);
  }, 40_000);

  it('a report past its statement timeout fails with a clear error', async () => {
    const created = await call('POST', '/dataSources', {
      facilityId: a.facilityId,
      name: 'Impatient source',
      dialect: 'POSTGRESQL',
      config: { statementTimeoutMs: 200, rowLimit: 10 },
    });
    const slow = await call('POST', '/queryDefinitions', {
      dataSourceRid: created.json().dataSourceRid,
      name: 'Too slow',
      query: 'SELECT count(*) FROM generate_series(1, 2000000000) g',
    });
    const done = await runToEnd(slow.json().queryDefinitionRid);
    expect(done.status).toBe('FAILED');
    expect(done.error).toBe('The report ran longer than 0.2 s and was stopped');
  }, 30_000);

  it('the expiry job expires results past their time and drops their rows', async () => {
    const done = await runToEnd(await definitionId(a, 'Low batteries'));
    await prisma.queryExecution.update({
      where: { id: done.queryExecutionResultRid },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await expireQueryExecutions(pool)).expired).toBeGreaterThanOrEqual(1);
    const row = await prisma.queryExecution.findUniqueOrThrow({
      where: { id: done.queryExecutionResultRid },
    });
    expect(row.status).toBe('EXPIRED');
    expect(row.result).toBeNull();
  });
});
