import type { PrismaClient } from '@sage/db';
import { canAuthorReports, canRunReports } from '@sage/domain';
import { forbidden, notFound } from '@sage/service-kit/errors';
import { loadOrgAccess, type OrgAccess, visibleFacilityWhere } from '../admin/enterprises/org-access';

/**
 * Who may use the tabular record service where (decision 0282): reports and their results are management's
 * (canRunReports); their SQL and data sources are written by management-group admins (canAuthorReports).
 * Another community's ids are 404s (never confirmed to exist); a community seen but not allowed, a 403.
 */
export interface ReportsAccess {
  access: OrgAccess;
  /** Communities whose reports the caller may run, with their company. */
  facilities: Map<string, { id: string; enterpriseId: string; timezone: string }>;
}

export async function loadReportsAccess(prisma: PrismaClient, staffMemberId: string): Promise<ReportsAccess> {
  const access = await loadOrgAccess(prisma, staffMemberId);
  const seen = await prisma.facility.findMany({
    where: visibleFacilityWhere(access),
    select: { id: true, enterpriseId: true, timezone: true },
  });
  const facilities = new Map(
    seen.filter((f) => canRunReports(access.memberships, f)).map((f) => [f.id, f] as const),
  );
  return { access, facilities };
}

export type Need = 'run' | 'author';

const NEED_MESSAGE: Record<Need, string> = {
  run: 'Only management may run reports and read their results',
  author: 'Only a management-group admin may change data sources and query definitions',
};

/**
 * A community of a row the caller asked for by id: 404 when the caller does not see the community, 403
 * when they see it but may not do what they need there.
 */
export async function requireFacility(
  prisma: PrismaClient,
  r: ReportsAccess,
  facilityId: string | null,
  need: Need,
  what: string,
): Promise<{ id: string; enterpriseId: string; timezone: string }> {
  const facility = facilityId
    ? await prisma.facility.findFirst({
        where: { AND: [visibleFacilityWhere(r.access), { id: facilityId }] },
        select: { id: true, enterpriseId: true, timezone: true },
      })
    : null;
  if (!facility) throw notFound(`${what} not found`);
  const allowed =
    need === 'run' ? r.facilities.has(facility.id) : canAuthorReports(r.access.memberships, facility);
  if (!allowed) throw forbidden(NEED_MESSAGE[need]);
  return facility;
}

/**
 * The communities a list reads: the one asked for (403 when the caller may not run its reports, as every
 * list of the admin API answers for a community named in a query) or all the caller's.
 */
export function listFacilityIds(r: ReportsAccess, facilityId: string | undefined): string[] {
  if (facilityId === undefined) return [...r.facilities.keys()];
  if (!r.facilities.has(facilityId))
    throw forbidden(`You have no access to the reports of facility ${facilityId}`);
  return [facilityId];
}
