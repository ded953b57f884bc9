import { SERVICE_BASE_PATHS, type TQueryDefinition, type TQueryExecution } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

/**
 * The tabular record service's 17 routes (sign-in doc section 7; decisions 0280-0283): validation (400 naming
 * the field and rule), tenancy (another community's ids are 404s and change nothing), permissions (management
 * runs reports, management-group admins write them, others 403). The worker's side is tested in
 * apps/worker/src/tabular-records.
 */
const BASE = SERVICE_BASE_PATHS.tabularRecord;
let t: TestApp;
let a: TestFacility;
let b: TestFacility;
type Who = 'manager' | 'member' | 'caregiver' | 'bManager';
const ids: Record<Who, string> = { manager: '', member: '', caregiver: '', bManager: '' };

const as = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: await t.headersFor(ids[who]),
    ...(payload ? { payload } : {}),
  });

const builtIn = async (f: TestFacility, name = 'Low batteries') =>
  t.db.prisma.queryDefinition.findFirstOrThrow({ where: { facilityId: f.facilityId, name } });
const sourceOf = (f: TestFacility) =>
  t.db.prisma.dataSource.findFirstOrThrow({ where: { facilityId: f.facilityId } });

beforeAll(async () => {
  t = await buildTestApp();
  a = await createTestFacility(t.db.prisma);
  b = await createTestFacility(t.db.prisma);
  ids.manager = a.staff.manager.id;
  ids.caregiver = a.staff.caregiver.id;
  ids.bManager = b.staff.manager.id;
  // A management member who is not a group admin: runs reports, does not write them.
  ids.member = a.staff.nurse.id;
  await t.db.prisma.groupMembership.create({
    data: {
      facilityId: a.facilityId,
      groupId: a.groups.Management,
      staffMemberId: ids.member,
      isAdmin: false,
    },
  });
}, 60_000);
afterAll(() => t.close());

describe('[REPORTS][API] data sources', () => {
  it('lists the caller’s community’s sources, by dialect; never another community’s', async () => {
    const res = await as('manager', 'GET', '/dataSources?dialect=POSTGRESQL');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ facilityId: a.facilityId, name: 'Sage Care (read-only)', isBuiltIn: true }),
    ]);
    expect((await as('manager', 'GET', `/dataSources?facilityId=${b.facilityId}`)).statusCode).toBe(403);
    expect((await as('manager', 'GET', '/dataSources?dialect=MYSQL')).json()).toMatchObject({
      issues: [expect.objectContaining({ field: 'querystring.dialect' })],
    });
    expect((await as('caregiver', 'GET', '/dataSources')).json()).toEqual([]);
  });

  it('creates, reads, renames, finds by name and deletes; names are unique per community', async () => {
    const body = { facilityId: a.facilityId, name: 'Custom', dialect: 'POSTGRESQL' };
    const created = await as('manager', 'POST', '/dataSources', body);
    expect(created.statusCode, created.body).toBe(201);
    const source = created.json();
    expect(source.config).toEqual({ statementTimeoutMs: 10_000, rowLimit: 5_000 });
    expect((await as('manager', 'POST', '/dataSources', body)).statusCode).toBe(409);
    // Another community may use the same name.
    expect(
      (await as('bManager', 'POST', '/dataSources', { ...body, facilityId: b.facilityId })).statusCode,
    ).toBe(201);

    const rid = source.dataSourceRid;
    expect((await as('member', 'GET', `/dataSources/${rid}`)).json().name).toBe('Custom');
    expect((await as('manager', 'GET', '/dataSources/ridFromName/Custom')).json()).toEqual({
      dataSourceRid: rid,
    });
    expect((await as('manager', 'GET', '/dataSources/ridFromName/Nothing')).statusCode).toBe(404);
    const renamed = await as('manager', 'PUT', `/dataSources/${rid}`, {
      name: 'Custom 2',
      config: { statementTimeoutMs: 5_000, rowLimit: 100 },
      updatedAt: source.updatedAt,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().config).toEqual({ statementTimeoutMs: 5_000, rowLimit: 100 });
    // A stale write loses.
    const stale = await as('manager', 'PUT', `/dataSources/${rid}`, {
      name: 'Custom 3',
      updatedAt: source.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect((await as('manager', 'DELETE', `/dataSources/${rid}`)).json()).toEqual({ deleted: [rid] });
    expect((await as('manager', 'GET', `/dataSources/${rid}`)).statusCode).toBe(404);
  });

  it('refuses bad input with the field and rule', async () => {
    const res = await as('manager', 'POST', '/dataSources', {
      facilityId: a.facilityId,
      name: ' ',
      dialect: 'POSTGRESQL',
      config: { statementTimeoutMs: 60_000, rowLimit: 0 },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().issues.map((i: { field: string }) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.name', 'body.config.statementTimeoutMs', 'body.config.rowLimit']),
    );
  });

  it('permissions: members read, admins write; built-in sources are not changed', async () => {
    const source = await sourceOf(a);
    const create = { facilityId: a.facilityId, name: 'By member', dialect: 'POSTGRESQL' };
    expect((await as('member', 'POST', '/dataSources', create)).statusCode).toBe(403);
    expect((await as('caregiver', 'GET', `/dataSources/${source.id}`)).statusCode).toBe(403);
    expect((await as('caregiver', 'POST', '/dataSources', create)).statusCode).toBe(403);
    expect((await as('manager', 'PUT', `/dataSources/${source.id}`, { name: 'Mine' })).statusCode).toBe(409);
    expect((await as('manager', 'DELETE', `/dataSources/${source.id}`)).statusCode).toBe(409);
  });

  it('tenancy: another community’s source is a 404 for every route and stays as it was', async () => {
    const source = await sourceOf(a);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await as('bManager', method, `/dataSources/${source.id}`, payload)).statusCode).toBe(404);
    }
    expect(
      (
        await as('bManager', 'POST', '/dataSources', {
          facilityId: a.facilityId,
          name: 'X',
          dialect: 'POSTGRESQL',
        })
      ).statusCode,
    ).toBe(404);
    expect(await t.db.prisma.dataSource.findUniqueOrThrow({ where: { id: source.id } })).toMatchObject({
      name: source.name,
    });
  });
});

describe('[REPORTS][API] query definitions', () => {
  it('lists the built-in reports of the community', async () => {
    const res = await as('member', 'GET', `/queryDefinitions?facilityId=${a.facilityId}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TQueryDefinition[]).map((d) => d.name).sort()).toEqual([
      'Alerts per resident per day',
      'Devices not heard from',
      'Low batteries',
      'Missed check-ins',
      'Response times by care zone',
      'Response times by shift',
      'Response times by staff member',
    ]);
    const source = await sourceOf(a);
    expect((await as('member', 'GET', `/queryDefinitions?dataSourceRid=${source.id}`)).json()).toHaveLength(
      7,
    );
    expect((await as('bManager', 'GET', `/queryDefinitions?dataSourceRid=${source.id}`)).json()).toEqual([]);
  });

  it('a community created through the API gets the built-in reports', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/v1/facilities',
      headers: await t.headersFor(ids.manager),
      payload: { enterpriseId: a.enterpriseId, name: `Reports Hall ${a.tag}`, timezone: 'America/Denver' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const listed = await as('manager', 'GET', `/queryDefinitions?facilityId=${res.json().id}`);
    expect(listed.json()).toHaveLength(7);
  });

  it('saves a parameterised read; refuses anything but one SELECT, naming the field', async () => {
    const source = await sourceOf(a);
    const good = {
      dataSourceRid: source.id,
      name: 'Alerts since',
      query: 'SELECT count(*) AS alerts FROM alerts WHERE created_at >= :since',
      parameters: [{ name: 'since', label: 'Since', type: 'DATE', defaultValue: 'today-30' }],
    };
    const created = await as('manager', 'POST', '/queryDefinitions', good);
    expect(created.statusCode, created.body).toBe(201);
    const rid = created.json().queryDefinitionRid;
    expect((await as('manager', 'GET', '/queryDefinitions/ridFromName/Alerts%20since')).json()).toEqual({
      queryDefinitionRid: rid,
    });
    for (const [query, rule] of [
      ['UPDATE alerts SET title = 1', 'select_only'],
      ['SELECT 1; DELETE FROM alerts', 'single_statement'],
      ['SELECT * FROM public."Task"', 'reporting_views_only'],
      ["SELECT set_config('sage.facility_id', 'x', true)", 'forbidden_function'],
      ['SELECT :nope', 'unknown_parameter'],
    ]) {
      const res = await as('manager', 'POST', '/queryDefinitions', { ...good, name: `Bad ${rule}`, query });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ field: 'body.query', rule }));
    }
    const dupParam = await as('manager', 'POST', '/queryDefinitions', {
      ...good,
      name: 'Dup',
      parameters: [good.parameters[0], good.parameters[0]],
    });
    expect(dupParam.json().issues).toContainEqual(
      expect.objectContaining({ field: 'body.parameters.1.name' }),
    );
    const badDefault = await as('manager', 'POST', '/queryDefinitions', {
      ...good,
      name: 'Bad default',
      parameters: [{ ...good.parameters[0], defaultValue: 'soon' }],
    });
    expect(badDefault.json().issues).toContainEqual(
      expect.objectContaining({ field: 'body.parameters.0.defaultValue', rule: 'date' }),
    );
    // Edits are checked the same way; then the report is deleted.
    const edit = await as('manager', 'PUT', `/queryDefinitions/${rid}`, {
      ...good,
      query: 'DROP TABLE alerts',
    });
    expect(edit.statusCode).toBe(400);
    const renamed = await as('manager', 'PUT', `/queryDefinitions/${rid}`, {
      ...good,
      name: 'Alerts since (30 d)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await as('manager', 'GET', `/queryDefinitions/${rid}`)).json().name).toBe('Alerts since (30 d)');
    expect((await as('member', 'DELETE', `/queryDefinitions/${rid}`)).statusCode).toBe(403);
    expect((await as('manager', 'DELETE', `/queryDefinitions/${rid}`)).json()).toEqual({ deleted: [rid] });
  });

  it('permissions and tenancy', async () => {
    const report = await builtIn(a);
    expect((await as('caregiver', 'GET', `/queryDefinitions/${report.id}`)).statusCode).toBe(403);
    expect((await as('manager', 'DELETE', `/queryDefinitions/${report.id}`)).statusCode).toBe(409);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await as('bManager', method, `/queryDefinitions/${report.id}`)).statusCode).toBe(404);
    }
    const put = await as('bManager', 'PUT', `/queryDefinitions/${report.id}`, {
      name: 'X',
      query: 'SELECT 1',
    });
    expect(put.statusCode).toBe(404);
    const source = await sourceOf(a);
    const post = await as('bManager', 'POST', '/queryDefinitions', {
      dataSourceRid: source.id,
      name: 'Into A',
      query: 'SELECT 1',
    });
    expect(post.statusCode).toBe(404);
    expect(await t.db.prisma.queryDefinition.count({ where: { facilityId: a.facilityId } })).toBe(7);
  });
});

describe('[REPORTS][API] query executions', () => {
  it('queues a run with its parameters resolved; refuses bad parameters naming them', async () => {
    const report = await builtIn(a, 'Alerts per resident per day');
    const res = await as('member', 'POST', '/queryExecutions', {
      queryDefinitionRid: report.id,
      parameters: { since: '2026-01-01' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const execution = res.json() as TQueryExecution;
    expect(execution).toMatchObject({
      status: 'QUEUED',
      facilityId: a.facilityId,
      requestedById: ids.member,
    });
    expect(execution.parameters.since).toBe('2026-01-01');
    expect(execution.parameters.until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const job = await t.db.prisma.$queryRawUnsafe<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1',
      `query-execution:${execution.queryExecutionResultRid}`,
    );
    expect(job[0]!.n).toBe(1);

    const bad = await as('member', 'POST', '/queryExecutions', {
      queryDefinitionRid: report.id,
      parameters: { since: 'yesterday', other: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.parameters.since', rule: 'date' }),
        expect.objectContaining({ field: 'body.parameters.other', rule: 'unknown_parameter' }),
      ]),
    );
  });

  it('cancels a queued run (its job removed); a second cancel is a 409; expire after', async () => {
    const report = await builtIn(a);
    const queued = (
      await as('manager', 'POST', '/queryExecutions', { queryDefinitionRid: report.id })
    ).json();
    const rid = queued.queryExecutionResultRid;
    expect((await as('manager', 'PUT', `/queryExecutions/${rid}`)).statusCode).toBe(409);
    const cancelled = await as('manager', 'DELETE', `/queryExecutions/${rid}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expect(cancelled.json().canceledAt).not.toBeNull();
    const job = await t.db.prisma.$queryRawUnsafe<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1',
      `query-execution:${rid}`,
    );
    expect(job[0]!.n).toBe(0);
    expect((await as('manager', 'DELETE', `/queryExecutions/${rid}`)).statusCode).toBe(409);
    const expired = await as('manager', 'PUT', `/queryExecutions/${rid}`);
    expect(expired.json()).toMatchObject({ status: 'EXPIRED' });
    expect((await as('manager', 'PUT', `/queryExecutions/${rid}`)).statusCode).toBe(200);
  });

  it('serves rows, CSV and the last successful run; searches newest first', async () => {
    const report = await builtIn(a);
    const first = (await as('manager', 'POST', '/queryExecutions', { queryDefinitionRid: report.id })).json();
    // As the worker leaves a succeeded run (the worker's own test runs it for real).
    await t.db.prisma.queryExecution.update({
      where: { id: first.queryExecutionResultRid },
      data: {
        status: 'SUCCEEDED',
        completedAt: new Date(),
        rowCount: 2,
        result: {
          columns: [
            { name: 'hardware_id', type: 'text' },
            { name: 'battery_level', type: 'integer' },
          ],
          rows: [
            ['PEN-1, "left"', 12],
            ['=cmd', 5],
          ],
        },
      },
    });
    const got = await as('manager', 'GET', `/queryExecutions/${first.queryExecutionResultRid}`);
    expect(got.json()).toMatchObject({
      status: 'SUCCEEDED',
      rows: [
        ['PEN-1, "left"', 12],
        ['=cmd', 5],
      ],
    });
    const csv = await as('manager', 'GET', `/queryExecutions/${first.queryExecutionResultRid}?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe('hardware_id,battery_level\r\n"PEN-1, ""left""",12\r\n\'=cmd,5\r\n');

    const second = (
      await as('manager', 'POST', '/queryExecutions', { queryDefinitionRid: report.id })
    ).json();
    const rid = second.queryExecutionResultRid;
    expect((await as('manager', 'GET', `/queryExecutions/${rid}?format=csv`)).statusCode).toBe(409);
    const last = await as('manager', 'GET', `/queryExecutions/${rid}?lastSuccessfulExecution=true`);
    expect(last.json()).toMatchObject({
      queryExecutionResultRid: first.queryExecutionResultRid,
      status: 'SUCCEEDED',
    });
    // Other parameters: no earlier success.
    const other = await builtIn(a, 'Devices not heard from');
    const lone = (
      await as('manager', 'POST', '/queryExecutions', {
        queryDefinitionRid: other.id,
        parameters: { hours: 5 },
      })
    ).json();
    expect(
      (
        await as(
          'manager',
          'GET',
          `/queryExecutions/${lone.queryExecutionResultRid}?lastSuccessfulExecution=true`,
        )
      ).statusCode,
    ).toBe(404);

    const search = await as('manager', 'POST', '/queryExecutions/search', {
      queryDefinitionRids: [report.id],
      statuses: ['QUEUED', 'SUCCEEDED'],
    });
    expect(search.statusCode).toBe(200);
    const found = search.json().executions as TQueryExecution[];
    expect(found.map((e) => e.queryExecutionResultRid)).toEqual([rid, first.queryExecutionResultRid]);
    expect(found[1]!.rows).toBeUndefined();
    const badSearch = await as('manager', 'POST', '/queryExecutions/search', {
      statuses: ['DONE'],
      pageSize: 0,
    });
    expect(badSearch.json().issues.map((i: { field: string }) => i.field)).toEqual(
      expect.arrayContaining(['body.statuses.0', 'body.pageSize']),
    );
  });

  it('permissions and tenancy: B gets 404 for A’s runs and reports, and sees none in search', async () => {
    const report = await builtIn(a);
    const run = (await as('manager', 'POST', '/queryExecutions', { queryDefinitionRid: report.id })).json();
    const rid = run.queryExecutionResultRid;
    expect(
      (await as('caregiver', 'POST', '/queryExecutions', { queryDefinitionRid: report.id })).statusCode,
    ).toBe(403);
    expect((await as('caregiver', 'GET', `/queryExecutions/${rid}`)).statusCode).toBe(403);
    expect(
      (await as('bManager', 'POST', '/queryExecutions', { queryDefinitionRid: report.id })).statusCode,
    ).toBe(404);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await as('bManager', method, `/queryExecutions/${rid}`)).statusCode).toBe(404);
    }
    const search = await as('bManager', 'POST', '/queryExecutions/search', {});
    expect((search.json().executions as TQueryExecution[]).some((e) => e.facilityId === a.facilityId)).toBe(
      false,
    );
    expect(
      (await as('bManager', 'POST', '/queryExecutions/search', { facilityId: a.facilityId })).statusCode,
    ).toBe(403);
    expect((await t.db.prisma.queryExecution.findUniqueOrThrow({ where: { id: rid } })).status).toBe(
      'QUEUED',
    );
  });
});
