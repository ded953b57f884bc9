import type { Db, Prisma, PrismaClient } from '@sage/db';
import {
  canAdministerEnterprise,
  canEditFacilitySettings,
  canSeeFacility,
  isProviderSupport,
  type OrgMembership,
} from '@sage/domain';
import { forbidden, notFound } from '@sage/service-kit/errors';

/**
 * The caller's place in the organisation: every group membership with its community and company. The rules
 * are the domain's (packages/domain/src/org-admin.ts, decision 0170); this file turns them into queries.
 */
export interface OrgAccess {
  staffMemberId: string;
  memberships: OrgMembership[];
  providerSupport: boolean;
}

export async function loadOrgAccess(prisma: PrismaClient, staffMemberId: string): Promise<OrgAccess> {
  const rows = await prisma.groupMembership.findMany({
    where: { staffMemberId },
    select: { isAdmin: true, group: { select: { type: true, facilityId: true, enterpriseId: true } } },
  });
  const memberships = rows.map((m) => ({
    group: m.group.type,
    isAdmin: m.isAdmin,
    facilityId: m.group.facilityId,
    enterpriseId: m.group.enterpriseId,
  }));
  return { staffMemberId, memberships, providerSupport: isProviderSupport(memberships) };
}

const unique = (values: string[]) => [...new Set(values)];

/** Companies the caller may see: provider support all, others those they work in. */
export function visibleEnterpriseWhere(access: OrgAccess): Prisma.EnterpriseWhereInput {
  if (access.providerSupport) return {};
  return { id: { in: unique(access.memberships.map((m) => m.enterpriseId)) } };
}

/** Communities the caller may see: where they work, every community of a company they administer. */
export function visibleFacilityWhere(access: OrgAccess): Prisma.FacilityWhereInput {
  if (access.providerSupport) return {};
  const adminOf = unique(
    access.memberships.filter((m) => m.group === 'Management' && m.isAdmin).map((m) => m.enterpriseId),
  );
  return {
    OR: [
      { id: { in: unique(access.memberships.map((m) => m.facilityId)) } },
      { enterpriseId: { in: adminOf } },
    ],
  };
}

/**
 * The facility ids a list may read: the one asked for, those of the company asked for, or all the caller
 * sees. Naming a community or company the caller cannot see is a 403, as for every list of the admin API
 * (resolveFacilityScope); ids in paths and bodies are 404s instead.
 */
export async function facilityScopeForList(
  prisma: PrismaClient,
  access: OrgAccess,
  query: { facilityId?: string | undefined; enterpriseId?: string | undefined },
): Promise<Prisma.FacilityWhereInput> {
  const where: Prisma.FacilityWhereInput = { AND: [visibleFacilityWhere(access)] };
  if (query.facilityId) {
    const seen = await prisma.facility.findFirst({
      where: { AND: [visibleFacilityWhere(access), { id: query.facilityId }] },
      select: { id: true },
    });
    if (!seen) throw forbidden(`You have no access to facility ${query.facilityId}`);
    (where.AND as Prisma.FacilityWhereInput[]).push({ id: query.facilityId });
  }
  if (query.enterpriseId) {
    if (!access.providerSupport && !access.memberships.some((m) => m.enterpriseId === query.enterpriseId)) {
      throw forbidden(`You have no access to enterprise ${query.enterpriseId}`);
    }
    (where.AND as Prisma.FacilityWhereInput[]).push({ enterpriseId: query.enterpriseId });
  }
  return where;
}

/** A community the caller may see, or 404 (another community's ids are never confirmed to exist). */
export async function visibleFacility(
  db: Db,
  access: OrgAccess,
  facilityId: string,
): Promise<{ id: string; enterpriseId: string }> {
  const facility = await db.facility.findUnique({
    where: { id: facilityId },
    select: { id: true, enterpriseId: true },
  });
  if (!facility || !canSeeFacility(access.memberships, facility)) {
    throw notFound(`Facility ${facilityId} not found`);
  }
  return facility;
}

/** A community whose company phones and features the caller may change: 404 unseen, 403 seen but read-only. */
export async function editableFacility(
  db: Db,
  access: OrgAccess,
  facilityId: string,
): Promise<{ id: string; enterpriseId: string }> {
  const facility = await visibleFacility(db, access, facilityId);
  if (!canEditFacilitySettings(access.memberships, facility)) {
    throw forbidden('Only management may change the company phones and features of a community');
  }
  return facility;
}

export function requireEnterpriseAdmin(access: OrgAccess, enterpriseId: string): void {
  if (!canAdministerEnterprise(access.memberships, enterpriseId)) {
    throw forbidden('Only a management-group admin of the company or provider support may do this');
  }
}
