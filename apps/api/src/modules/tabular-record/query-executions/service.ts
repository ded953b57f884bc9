import {
  CANCELLABLE_EXECUTION_STATUSES,
  type QueryExecutionStatus,
  type TCreateQueryExecutionRequest,
  type TQueryExecution,
  type TSearchQueryExecutionsReply,
  type TSearchQueryExecutionsRequest,
  type TTabularCell,
  type TTabularColumn,
} from '@sage/contract';
import { Prisma, type PrismaClient, queryExecutionJobKey, queueQueryExecution } from '@sage/db';
import { parametersKey, resolveParameterValues, toCsv } from '@sage/domain';
import { checkReportQuery } from '@sage/domain/report-sql';
import { conflict, invalidInput, notFound } from '@sage/service-kit/errors';
import { listFacilityIds, loadReportsAccess, type ReportsAccess, requireFacility } from '../access';
import { definitionParameters, visibleDefinition } from '../query-definitions/service';

const SELECT = {
  id: true,
  queryDefinitionId: true,
  facilityId: true,
  status: true,
  parameters: true,
  requestedById: true,
  createdAt: true,
  runStartedAt: true,
  completedAt: true,
  canceledAt: true,
  expiresAt: true,
  error: true,
  rowCount: true,
  truncated: true,
  parametersKey: true,
  queryDefinition: { select: { name: true } },
} as const satisfies Prisma.QueryExecutionSelect;
type Row = Prisma.QueryExecutionGetPayload<{ select: typeof SELECT }>;

/** A stored result (the worker writes it; decision 0281). */
export interface StoredResult {
  columns: TTabularColumn[];
  rows: TTabularCell[][];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toExecution(row: Row, result?: StoredResult | null): TQueryExecution {
  return {
    queryExecutionResultRid: row.id,
    queryDefinitionRid: row.queryDefinitionId,
    queryDefinitionName: row.queryDefinition.name,
    facilityId: row.facilityId ?? '',
    status: row.status as QueryExecutionStatus,
    parameters: (row.parameters ?? {}) as TQueryExecution['parameters'],
    requestedById: row.requestedById,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.runStartedAt),
    completedAt: iso(row.completedAt),
    canceledAt: iso(row.canceledAt),
    expiresAt: iso(row.expiresAt),
    error: row.error,
    rowCount: row.rowCount,
    truncated: row.truncated,
    ...(result ? { columns: result.columns, rows: result.rows } : {}),
  };
}

async function visibleExecution(prisma: PrismaClient, r: ReportsAccess, id: string): Promise<Row> {
  const row = await prisma.queryExecution.findUnique({ where: { id }, select: SELECT });
  if (!row) throw notFound(`Query execution ${id} not found`);
  await requireFacility(prisma, r, row.facilityId, 'run', `Query execution ${id}`);
  return row;
}

/** POST /queryExecutions: a run of a definition, queued for the worker in the same transaction. */
export async function createQueryExecution(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateQueryExecutionRequest,
  now: Date,
): Promise<TQueryExecution> {
  const r = await loadReportsAccess(prisma, callerId);
  const definition = await visibleDefinition(prisma, r, body.queryDefinitionRid, 'run');
  const declared = definitionParameters(definition);
  const { values, issues } = resolveParameterValues(
    declared,
    body.parameters,
    now,
    definition.facility.timezone,
  );
  if (issues.length) throw invalidInput(issues.map((i) => ({ ...i, field: `body.${i.field}` })));
  // Checked again before it runs (a definition saved before a rule was added, or written past the API).
  const unsafe = await checkReportQuery(definition.query, declared);
  if (unsafe.length) {
    throw conflict(`The query definition is not a single read: ${unsafe[0]!.message}`, 'QUERY_NOT_READ_ONLY');
  }
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.queryExecution.create({
      data: {
        queryDefinitionId: definition.id,
        facilityId: definition.facility.id,
        enterpriseId: definition.facility.enterpriseId,
        status: 'QUEUED',
        parameters: values,
        parametersKey: parametersKey(values),
        requestedById: callerId,
        startedAt: now,
      },
      select: SELECT,
    });
    await queueQueryExecution(tx, created.id);
    return created;
  });
  return toExecution(row);
}

export type ExecutionReply =
  | { kind: 'json'; execution: TQueryExecution }
  | { kind: 'csv'; csv: string; filename: string };

/**
 * GET /queryExecutions/{rid}: the execution with its rows while it has them. `lastSuccessfulExecution`:
 * when this one has not succeeded, the newest succeeded run of the same definition with the same parameters
 * (404 when there is none). As CSV only a succeeded execution (else 409).
 */
export async function getQueryExecution(
  prisma: PrismaClient,
  callerId: string,
  id: string,
  query: { lastSuccessfulExecution?: boolean | undefined; format: 'json' | 'csv' },
): Promise<ExecutionReply> {
  const r = await loadReportsAccess(prisma, callerId);
  let row = await visibleExecution(prisma, r, id);
  if (query.lastSuccessfulExecution && row.status !== 'SUCCEEDED') {
    const last = await prisma.queryExecution.findFirst({
      where: {
        facilityId: row.facilityId,
        queryDefinitionId: row.queryDefinitionId,
        parametersKey: row.parametersKey,
        status: 'SUCCEEDED',
      },
      orderBy: { createdAt: 'desc' },
      select: SELECT,
    });
    if (!last)
      throw notFound(
        `No successful execution of this report with these parameters`,
        'NO_SUCCESSFUL_EXECUTION',
      );
    row = last;
  }
  const stored =
    row.status === 'SUCCEEDED'
      ? ((await prisma.queryExecution.findUnique({ where: { id: row.id }, select: { result: true } }))
          ?.result as StoredResult | null)
      : null;
  if (query.format === 'csv') {
    if (!stored) {
      throw conflict(`The execution has no result to download (it is ${row.status})`, 'NO_RESULT');
    }
    const day = (row.completedAt ?? row.createdAt).toISOString().slice(0, 10);
    const slug = row.queryDefinition.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return {
      kind: 'csv',
      csv: toCsv(
        stored.columns.map((c) => c.name),
        stored.rows,
      ),
      filename: `${slug || 'report'}-${day}.csv`,
    };
  }
  return { kind: 'json', execution: toExecution(row, stored) };
}

/**
 * DELETE /queryExecutions/{rid}: cancels a queued or running execution (one winner: the first cancel, or the
 * worker finishing first, gets it; the other a 409). A queued run's job is removed; a running query is
 * cancelled in its backend, only while that backend still runs this execution's statement.
 */
export async function cancelQueryExecution(
  prisma: PrismaClient,
  callerId: string,
  id: string,
  now: Date,
): Promise<TQueryExecution> {
  const r = await loadReportsAccess(prisma, callerId);
  await visibleExecution(prisma, r, id);
  const won = await prisma.$queryRaw<{ backendPid: number | null }[]>`
    UPDATE "QueryExecution" SET status = 'CANCELLED', "canceledAt" = ${now}, "completedAt" = ${now}
     WHERE id = ${id} AND status = ANY(${[...CANCELLABLE_EXECUTION_STATUSES]}::text[])
    RETURNING "backendPid"`;
  if (won.length === 0) {
    const current = await visibleExecution(prisma, r, id);
    throw conflict(`The execution already ended (${current.status})`, 'EXECUTION_FINISHED');
  }
  await prisma.$executeRaw`SELECT graphile_worker.remove_job(${queryExecutionJobKey(id)})`.catch(
    () => undefined,
  );
  const pid = won[0]!.backendPid;
  if (pid !== null) {
    await prisma.$queryRaw`
      SELECT pg_cancel_backend(pid) FROM pg_stat_activity
       WHERE pid = ${pid} AND state = 'active' AND query LIKE ${`/* sage-query-execution:${id} */%`}`;
  }
  return toExecution(await visibleExecution(prisma, r, id));
}

/**
 * PUT /queryExecutions/{rid}: expires an execution now: its rows are dropped, its record stays. A queued or
 * running one must be cancelled first (409); expiring an expired one changes nothing.
 */
export async function expireQueryExecution(
  prisma: PrismaClient,
  callerId: string,
  id: string,
  now: Date,
): Promise<TQueryExecution> {
  const r = await loadReportsAccess(prisma, callerId);
  const row = await visibleExecution(prisma, r, id);
  if (row.status === 'EXPIRED') return toExecution(row);
  const { count } = await prisma.queryExecution.updateMany({
    where: { id, status: { in: ['SUCCEEDED', 'FAILED', 'CANCELLED'] } },
    data: { status: 'EXPIRED', expiresAt: now, result: Prisma.DbNull },
  });
  if (count === 0) {
    const current = await visibleExecution(prisma, r, id);
    if (current.status !== 'EXPIRED') {
      throw conflict(`The execution is ${current.status}: cancel it before expiring it`, 'EXECUTION_RUNNING');
    }
  }
  return toExecution(await visibleExecution(prisma, r, id));
}

/** POST /queryExecutions/search: the caller's communities' executions, newest first, without rows. */
export async function searchQueryExecutions(
  prisma: PrismaClient,
  callerId: string,
  body: TSearchQueryExecutionsRequest,
): Promise<TSearchQueryExecutionsReply> {
  const r = await loadReportsAccess(prisma, callerId);
  const facilityIds = listFacilityIds(r, body.facilityId);
  const rows = await prisma.queryExecution.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(body.queryDefinitionRids ? { queryDefinitionId: { in: body.queryDefinitionRids } } : {}),
      ...(body.statuses ? { status: { in: body.statuses } } : {}),
      ...(body.requestedById ? { requestedById: body.requestedById } : {}),
      ...(body.createdAfter || body.createdBefore
        ? {
            createdAt: {
              ...(body.createdAfter ? { gte: new Date(body.createdAfter) } : {}),
              ...(body.createdBefore ? { lt: new Date(body.createdBefore) } : {}),
            },
          }
        : {}),
    },
    select: SELECT,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: body.pageSize,
    skip: body.pageNumber * body.pageSize,
  });
  return { executions: rows.map((row) => toExecution(row)) };
}
