import type {
  TCreateQueryDefinitionRequest,
  TDeletedReply,
  TListQueryDefinitionsQuery,
  TQueryChart,
  TQueryDefinition,
  TQueryParameter,
  TRidFromNameQuery,
  TUpdateQueryDefinitionRequest,
} from '@sage/contract';
import { Prisma, type PrismaClient } from '@sage/db';
import { resolveParameterValues } from '@sage/domain';
import { checkReportQuery } from '@sage/domain/report-sql';
import { conflict, invalidInput, notFound } from '@sage/service-kit/errors';
import { staleWrite, unchangedSince, uniqueOr409 } from '../../admin/enterprises/write-guards';
import { listFacilityIds, loadReportsAccess, type ReportsAccess, requireFacility } from '../access';
import { BUILT_IN_UNCHANGEABLE, visibleDataSource } from '../data-sources/service';

const SELECT = {
  id: true,
  dataSourceId: true,
  facilityId: true,
  name: true,
  description: true,
  query: true,
  parameters: true,
  chart: true,
  isBuiltIn: true,
  updatedAt: true,
} as const satisfies Prisma.QueryDefinitionSelect;
export type QueryDefinitionRow = Prisma.QueryDefinitionGetPayload<{ select: typeof SELECT }>;

export const definitionParameters = (row: { parameters: unknown }): TQueryParameter[] =>
  Array.isArray(row.parameters) ? (row.parameters as TQueryParameter[]) : [];

const toDefinition = (row: QueryDefinitionRow): TQueryDefinition => ({
  queryDefinitionRid: row.id,
  dataSourceRid: row.dataSourceId,
  facilityId: row.facilityId ?? '',
  name: row.name,
  description: row.description,
  query: row.query,
  parameters: definitionParameters(row),
  chart: (row.chart as TQueryChart | null) ?? null,
  isBuiltIn: row.isBuiltIn,
  updatedAt: row.updatedAt.toISOString(),
});

const NAME_TAKEN = 'The community already has a query definition with this name';

/**
 * The rules beyond the schema: one read only (decision 0280), each `:name` a declared parameter, parameter
 * names unique, defaults of their type. A 400 names every broken field.
 */
async function checkDefinition(body: { query: string; parameters: TQueryParameter[] }): Promise<void> {
  const issues: { field: string; rule: string; message: string }[] = [];
  for (const issue of await checkReportQuery(body.query, body.parameters)) {
    issues.push({ field: 'body.query', ...issue });
  }
  body.parameters.forEach((p, i) => {
    if (body.parameters.findIndex((q) => q.name === p.name) !== i) {
      issues.push({
        field: `body.parameters.${i}.name`,
        rule: 'unique',
        message: 'Parameter names must differ',
      });
    }
    if (p.defaultValue !== undefined && p.defaultValue !== null) {
      const { issues: bad } = resolveParameterValues([{ ...p, required: false }], {}, new Date(), 'UTC');
      for (const b of bad) {
        issues.push({ field: `body.parameters.${i}.defaultValue`, rule: b.rule, message: b.message });
      }
    }
  });
  if (issues.length) throw invalidInput(issues);
}

export async function listQueryDefinitions(
  prisma: PrismaClient,
  callerId: string,
  query: TListQueryDefinitionsQuery,
): Promise<TQueryDefinition[]> {
  const r = await loadReportsAccess(prisma, callerId);
  const rows = await prisma.queryDefinition.findMany({
    where: {
      facilityId: { in: listFacilityIds(r, query.facilityId) },
      ...(query.dataSourceRid ? { dataSourceId: query.dataSourceRid } : {}),
    },
    select: SELECT,
    orderBy: [{ facilityId: 'asc' }, { name: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
  return rows.map(toDefinition);
}

export async function visibleDefinition(
  prisma: PrismaClient,
  r: ReportsAccess,
  queryDefinitionRid: string,
  need: 'run' | 'author',
): Promise<QueryDefinitionRow & { facility: { id: string; enterpriseId: string; timezone: string } }> {
  const row = await prisma.queryDefinition.findUnique({ where: { id: queryDefinitionRid }, select: SELECT });
  if (!row) throw notFound(`Query definition ${queryDefinitionRid} not found`);
  const facility = await requireFacility(
    prisma,
    r,
    row.facilityId,
    need,
    `Query definition ${queryDefinitionRid}`,
  );
  return { ...row, facility };
}

export async function getQueryDefinition(
  prisma: PrismaClient,
  callerId: string,
  queryDefinitionRid: string,
): Promise<TQueryDefinition> {
  const r = await loadReportsAccess(prisma, callerId);
  return toDefinition(await visibleDefinition(prisma, r, queryDefinitionRid, 'run'));
}

export async function queryDefinitionRidFromName(
  prisma: PrismaClient,
  callerId: string,
  name: string,
  query: TRidFromNameQuery,
): Promise<{ queryDefinitionRid: string }> {
  const r = await loadReportsAccess(prisma, callerId);
  const rows = await prisma.queryDefinition.findMany({
    where: { name, facilityId: { in: listFacilityIds(r, query.facilityId) } },
    select: { id: true },
    // Several of the caller's communities may use the name: the oldest, unless facilityId names one.
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 1,
  });
  if (rows.length === 0) throw notFound(`No query definition named ${name}`);
  return { queryDefinitionRid: rows[0]!.id };
}

const chartData = (chart: TQueryChart | null | undefined) =>
  chart === undefined ? undefined : chart === null ? Prisma.DbNull : chart;

export async function createQueryDefinition(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateQueryDefinitionRequest,
): Promise<TQueryDefinition> {
  const r = await loadReportsAccess(prisma, callerId);
  const source = await visibleDataSource(prisma, r, body.dataSourceRid, 'author');
  await checkDefinition(body);
  const facility = await requireFacility(prisma, r, source.facilityId, 'author', 'Data source');
  const chart = chartData(body.chart);
  const row = await uniqueOr409(
    () =>
      prisma.queryDefinition.create({
        data: {
          dataSourceId: source.id,
          facilityId: facility.id,
          enterpriseId: facility.enterpriseId,
          name: body.name,
          description: body.description ?? null,
          query: body.query,
          parameters: body.parameters as unknown as Prisma.InputJsonArray,
          ...(chart === undefined ? {} : { chart }),
        },
        select: SELECT,
      }),
    NAME_TAKEN,
    'QUERY_DEFINITION_NAME_TAKEN',
  );
  return toDefinition(row);
}

export async function updateQueryDefinition(
  prisma: PrismaClient,
  callerId: string,
  queryDefinitionRid: string,
  body: TUpdateQueryDefinitionRequest,
): Promise<TQueryDefinition> {
  const r = await loadReportsAccess(prisma, callerId);
  const row = await visibleDefinition(prisma, r, queryDefinitionRid, 'author');
  if (row.isBuiltIn) throw conflict(BUILT_IN_UNCHANGEABLE, 'BUILT_IN');
  await checkDefinition(body);
  const chart = chartData(body.chart);
  const { count } = await uniqueOr409(
    () =>
      prisma.queryDefinition.updateMany({
        where: { id: queryDefinitionRid, ...unchangedSince(body.updatedAt) },
        data: {
          name: body.name,
          ...(body.description !== undefined ? { description: body.description } : {}),
          query: body.query,
          parameters: body.parameters as unknown as Prisma.InputJsonArray,
          ...(chart === undefined ? {} : { chart }),
        },
      }),
    NAME_TAKEN,
    'QUERY_DEFINITION_NAME_TAKEN',
  );
  if (count === 0) throw staleWrite('The query definition');
  return toDefinition(await visibleDefinition(prisma, r, queryDefinitionRid, 'author'));
}

export async function deleteQueryDefinition(
  prisma: PrismaClient,
  callerId: string,
  queryDefinitionRid: string,
): Promise<TDeletedReply> {
  const r = await loadReportsAccess(prisma, callerId);
  const row = await visibleDefinition(prisma, r, queryDefinitionRid, 'author');
  if (row.isBuiltIn) throw conflict(BUILT_IN_UNCHANGEABLE, 'BUILT_IN');
  const { count } = await prisma.queryDefinition.deleteMany({
    where: { id: queryDefinitionRid, isBuiltIn: false },
  });
  if (count === 0) throw notFound(`Query definition ${queryDefinitionRid} not found`);
  return { deleted: [queryDefinitionRid] };
}
