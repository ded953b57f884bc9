import { type GroupType, type PrismaClient, queryPrepared } from '@sage/db';
import { forbidden } from '@sage/service-kit/errors';

export interface FacilityAccess {
  facilityId: string;
  enterpriseId: string;
  memberships: { groupId: string; group: GroupType; isAdmin: boolean }[];
}

/**
 * A staff member's memberships with their groups' facility, in one prepared statement over the client's pool
 * (decision 0390): read on nearly every request. An archived person keeps no access, even with an access token
 * issued before (decision 0160).
 */
const FACILITY_ACCESS_SQL = `
SELECT m."groupId", m."isAdmin", g.type::text AS "groupType", g."facilityId", g."enterpriseId"
  FROM "GroupMembership" m
  JOIN "StaffMember" s ON s.id = m."staffMemberId" AND NOT s."isArchived"
  JOIN "Group" g ON g.id = m."groupId"
 WHERE m."staffMemberId" = $1`;

/** The facilities a staff member works in (through group memberships), with their memberships there. */
export async function loadFacilityAccess(
  prisma: PrismaClient,
  staffMemberId: string,
): Promise<FacilityAccess[]> {
  const memberships = await queryPrepared<{
    groupId: string;
    isAdmin: boolean;
    groupType: GroupType;
    facilityId: string;
    enterpriseId: string;
  }>(prisma, FACILITY_ACCESS_SQL, [staffMemberId]);
  const byFacility = new Map<string, FacilityAccess>();
  for (const m of memberships) {
    const access = byFacility.get(m.facilityId) ?? {
      facilityId: m.facilityId,
      enterpriseId: m.enterpriseId,
      memberships: [],
    };
    access.memberships.push({ groupId: m.groupId, group: m.groupType, isAdmin: m.isAdmin });
    byFacility.set(m.facilityId, access);
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
