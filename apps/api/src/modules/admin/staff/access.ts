import type { GroupType, PrismaClient } from '@sage/db';
import { forbidden } from '@sage/service-kit/errors';

export interface FacilityAccess {
  facilityId: string;
  enterpriseId: string;
  memberships: { groupId: string; group: GroupType; isAdmin: boolean }[];
}

/** The facilities a staff member works in (through group memberships), with their memberships there. */
export async function loadFacilityAccess(
  prisma: PrismaClient,
  staffMemberId: string,
): Promise<FacilityAccess[]> {
  const memberships = await prisma.groupMembership.findMany({
    // An archived person keeps no access, even with an access token issued before (decision 0160).
    where: { staffMemberId, staffMember: { isArchived: false } },
    select: {
      groupId: true,
      isAdmin: true,
      group: { select: { type: true, facilityId: true, enterpriseId: true } },
    },
  });
  const byFacility = new Map<string, FacilityAccess>();
  for (const m of memberships) {
    const access = byFacility.get(m.group.facilityId) ?? {
      facilityId: m.group.facilityId,
      enterpriseId: m.group.enterpriseId,
      memberships: [],
    };
    access.memberships.push({ groupId: m.groupId, group: m.group.type, isAdmin: m.isAdmin });
    byFacility.set(m.group.facilityId, access);
  }
  return [...byFacility.values()];
}

/**
 * Which facilities a query may read: the one asked for (when the caller works there), those of the
 * enterprise asked for, or all of the caller's. Every facility-scoped query goes through here.
 */
export async function resolveFacilityScope(
  prisma: PrismaClient,
  staffMemberId: string,
  query: { facilityId?: string; enterpriseId?: string },
): Promise<string[]> {
  let facilities = await loadFacilityAccess(prisma, staffMemberId);
  if (query.enterpriseId) {
    facilities = facilities.filter((f) => f.enterpriseId === query.enterpriseId);
    if (!facilities.length) throw forbidden(`You have no access to enterprise ${query.enterpriseId}`);
  }
  if (query.facilityId) {
    if (!facilities.some((f) => f.facilityId === query.facilityId)) {
      throw forbidden(`You have no access to facility ${query.facilityId}`);
    }
    return [query.facilityId];
  }
  return facilities.map((f) => f.facilityId);
}
