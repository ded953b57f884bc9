import type {
  TCreateEnterpriseRequest,
  TDeletedReply,
  TEnterprise,
  TListEnterprisesQuery,
  TUpdateEnterpriseRequest,
} from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { canManageEnterprises, canSeeEnterprise } from '@sage/domain';
import { conflict, forbidden, notFound } from '@sage/service-kit/errors';
import {
  loadOrgAccess,
  type OrgAccess,
  requireEnterpriseAdmin,
  visibleEnterpriseWhere,
  visibleFacilityWhere,
} from './org-access';
import { staleWrite, unchangedSince } from './write-guards';

const enterpriseSelect = (access: OrgAccess) =>
  ({
    id: true,
    name: true,
    updatedAt: true,
    // The communities the caller can see ('community/communities' in the Select a company drawer).
    _count: { select: { facilities: { where: visibleFacilityWhere(access) } } },
  }) as const;

type EnterpriseRow = { id: string; name: string; updatedAt: Date; _count: { facilities: number } };
const toEnterprise = (row: EnterpriseRow): TEnterprise => ({
  id: row.id,
  name: row.name,
  facilityCount: row._count.facilities,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listEnterprises(
  prisma: PrismaClient,
  callerId: string,
  query: TListEnterprisesQuery,
): Promise<TEnterprise[]> {
  const access = await loadOrgAccess(prisma, callerId);
  const rows = await prisma.enterprise.findMany({
    where: {
      AND: [
        visibleEnterpriseWhere(access),
        query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {},
      ],
    },
    select: enterpriseSelect(access),
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
  return rows.map(toEnterprise);
}

async function visibleEnterprise(prisma: PrismaClient, access: OrgAccess, enterpriseId: string) {
  if (!canSeeEnterprise(access.memberships, enterpriseId))
    throw notFound(`Enterprise ${enterpriseId} not found`);
  const row = await prisma.enterprise.findUnique({
    where: { id: enterpriseId },
    select: enterpriseSelect(access),
  });
  if (!row) throw notFound(`Enterprise ${enterpriseId} not found`);
  return row;
}

export async function getEnterprise(prisma: PrismaClient, callerId: string, enterpriseId: string) {
  const access = await loadOrgAccess(prisma, callerId);
  return toEnterprise(await visibleEnterprise(prisma, access, enterpriseId));
}

export async function createEnterprise(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateEnterpriseRequest,
): Promise<TEnterprise> {
  const access = await loadOrgAccess(prisma, callerId);
  if (!canManageEnterprises(access.memberships))
    throw forbidden('Only provider support may create companies');
  const row = await prisma.enterprise.create({ data: { name: body.name }, select: enterpriseSelect(access) });
  return toEnterprise(row);
}

export async function updateEnterprise(
  prisma: PrismaClient,
  callerId: string,
  enterpriseId: string,
  body: TUpdateEnterpriseRequest,
): Promise<TEnterprise> {
  const access = await loadOrgAccess(prisma, callerId);
  await visibleEnterprise(prisma, access, enterpriseId);
  requireEnterpriseAdmin(access, enterpriseId);
  const { count } = await prisma.enterprise.updateMany({
    where: { id: enterpriseId, ...unchangedSince(body.updatedAt) },
    data: { name: body.name },
  });
  if (count === 0) throw staleWrite('The company');
  return toEnterprise(await visibleEnterprise(prisma, access, enterpriseId));
}

/** A company is deleted only once it has no communities left (decision 0172). */
export async function deleteEnterprise(
  prisma: PrismaClient,
  callerId: string,
  enterpriseId: string,
): Promise<TDeletedReply> {
  const access = await loadOrgAccess(prisma, callerId);
  await visibleEnterprise(prisma, access, enterpriseId);
  if (!canManageEnterprises(access.memberships))
    throw forbidden('Only provider support may delete companies');
  // One statement: a community added meanwhile makes it match nothing (no half-deleted company).
  const { count } = await prisma.enterprise.deleteMany({
    where: { id: enterpriseId, facilities: { none: {} } },
  });
  if (count === 0) {
    throw conflict(
      'The company still has communities: delete or move them first',
      'ENTERPRISE_HAS_FACILITIES',
    );
  }
  return { deleted: [enterpriseId] };
}
