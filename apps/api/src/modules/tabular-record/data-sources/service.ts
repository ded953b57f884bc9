import {
  TABULAR_LIMITS,
  type TCreateDataSourceRequest,
  type TDataSource,
  type TDataSourceConfig,
  type TDeletedReply,
  type TListDataSourcesQuery,
  type TRidFromNameQuery,
  type TUpdateDataSourceRequest,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { conflict, notFound } from '@sage/service-kit/errors';
import { staleWrite, unchangedSince, uniqueOr409 } from '../../admin/enterprises/write-guards';
import { listFacilityIds, loadReportsAccess, type ReportsAccess, requireFacility } from '../access';

const SELECT = {
  id: true,
  facilityId: true,
  name: true,
  dialect: true,
  description: true,
  config: true,
  isBuiltIn: true,
  updatedAt: true,
} as const satisfies Prisma.DataSourceSelect;
type Row = Prisma.DataSourceGetPayload<{ select: typeof SELECT }>;

/** A stored config with the limits' defaults filled in. */
export function sourceConfig(config: unknown): TDataSourceConfig {
  const c = (config ?? {}) as Partial<TDataSourceConfig>;
  return {
    statementTimeoutMs: c.statementTimeoutMs ?? TABULAR_LIMITS.statementTimeoutMsDefault,
    rowLimit: c.rowLimit ?? TABULAR_LIMITS.rowLimitDefault,
  };
}

const toDataSource = (row: Row): TDataSource => ({
  dataSourceRid: row.id,
  facilityId: row.facilityId ?? '',
  name: row.name,
  dialect: row.dialect as TDataSource['dialect'],
  description: row.description,
  config: sourceConfig(row.config),
  isBuiltIn: row.isBuiltIn,
  updatedAt: row.updatedAt.toISOString(),
});

const NAME_TAKEN = 'The community already has a data source with this name';
export const BUILT_IN_UNCHANGEABLE = 'Built-in reports and their data source cannot be changed or deleted';

export async function listDataSources(
  prisma: PrismaClient,
  callerId: string,
  query: TListDataSourcesQuery,
): Promise<TDataSource[]> {
  const r = await loadReportsAccess(prisma, callerId);
  const rows = await prisma.dataSource.findMany({
    where: {
      facilityId: { in: listFacilityIds(r, query.facilityId) },
      ...(query.dialect ? { dialect: query.dialect } : {}),
    },
    select: SELECT,
    orderBy: [{ facilityId: 'asc' }, { name: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
  return rows.map(toDataSource);
}

/** A data source the caller may use (`run`) or change (`author`). */
export async function visibleDataSource(
  prisma: PrismaClient,
  r: ReportsAccess,
  dataSourceRid: string,
  need: 'run' | 'author',
): Promise<Row> {
  const row = await prisma.dataSource.findUnique({ where: { id: dataSourceRid }, select: SELECT });
  if (!row) throw notFound(`Data source ${dataSourceRid} not found`);
  await requireFacility(prisma, r, row.facilityId, need, `Data source ${dataSourceRid}`);
  return row;
}

export async function getDataSource(
  prisma: PrismaClient,
  callerId: string,
  dataSourceRid: string,
): Promise<TDataSource> {
  const r = await loadReportsAccess(prisma, callerId);
  return toDataSource(await visibleDataSource(prisma, r, dataSourceRid, 'run'));
}

export async function dataSourceRidFromName(
  prisma: PrismaClient,
  callerId: string,
  name: string,
  query: TRidFromNameQuery,
): Promise<{ dataSourceRid: string }> {
  const r = await loadReportsAccess(prisma, callerId);
  const rows = await prisma.dataSource.findMany({
    where: { name, facilityId: { in: listFacilityIds(r, query.facilityId) } },
    select: { id: true },
    // Several of the caller's communities may use the name: the oldest, unless facilityId names one.
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 1,
  });
  if (rows.length === 0) throw notFound(`No data source named ${name}`);
  return { dataSourceRid: rows[0]!.id };
}

export async function createDataSource(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateDataSourceRequest,
): Promise<TDataSource> {
  const r = await loadReportsAccess(prisma, callerId);
  const facility = await requireFacility(prisma, r, body.facilityId, 'author', `Facility ${body.facilityId}`);
  const row = await uniqueOr409(
    () =>
      prisma.dataSource.create({
        data: {
          facilityId: facility.id,
          enterpriseId: facility.enterpriseId,
          name: body.name,
          dialect: body.dialect,
          description: body.description ?? null,
          config: sourceConfig(body.config),
        },
        select: SELECT,
      }),
    NAME_TAKEN,
    'DATA_SOURCE_NAME_TAKEN',
  );
  return toDataSource(row);
}

export async function updateDataSource(
  prisma: PrismaClient,
  callerId: string,
  dataSourceRid: string,
  body: TUpdateDataSourceRequest,
): Promise<TDataSource> {
  const r = await loadReportsAccess(prisma, callerId);
  const row = await visibleDataSource(prisma, r, dataSourceRid, 'author');
  if (row.isBuiltIn) throw conflict(BUILT_IN_UNCHANGEABLE, 'BUILT_IN');
  const { count } = await uniqueOr409(
    () =>
      prisma.dataSource.updateMany({
        where: { id: dataSourceRid, ...unchangedSince(body.updatedAt) },
        data: {
          name: body.name,
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.config ? { config: sourceConfig(body.config) } : {}),
        },
      }),
    NAME_TAKEN,
    'DATA_SOURCE_NAME_TAKEN',
  );
  if (count === 0) throw staleWrite('The data source');
  return toDataSource(await visibleDataSource(prisma, r, dataSourceRid, 'author'));
}

/** Deletes the data source with its query definitions and their executions. */
export async function deleteDataSource(
  prisma: PrismaClient,
  callerId: string,
  dataSourceRid: string,
): Promise<TDeletedReply> {
  const r = await loadReportsAccess(prisma, callerId);
  const row = await visibleDataSource(prisma, r, dataSourceRid, 'author');
  if (row.isBuiltIn) throw conflict(BUILT_IN_UNCHANGEABLE, 'BUILT_IN');
  const { count } = await prisma.dataSource.deleteMany({ where: { id: dataSourceRid, isBuiltIn: false } });
  if (count === 0) throw notFound(`Data source ${dataSourceRid} not found`);
  return { deleted: [dataSourceRid] };
}
