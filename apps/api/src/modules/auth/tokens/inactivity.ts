import type { Db } from '@sage/db';
import { type InactivityFacility, inactivityLimitMinutes } from '@sage/domain';

/**
 * The automatic logoff limit of a staff member, in minutes (decision 0142): from the facilities they work in
 * (group memberships), whether they are management there and whether they are on shift. One query.
 */
export async function loadInactivityLimitMinutes(db: Db, staffMemberId: string): Promise<number> {
  const facilities = await db.$queryRawUnsafe<InactivityFacility[]>(
    `SELECT f."inactivityLogoffMinutes", f."managementInactivityLogoffMinutes",
            bool_or(g.type = 'Management') AS "isManagement",
            coalesce((SELECT o."isOnCall" FROM "OnCallState" o
                       WHERE o."facilityId" = f.id AND o."staffMemberId" = $1), false) AS "isOnCall"
       FROM "GroupMembership" gm
       JOIN "Group" g ON g.id = gm."groupId"
       JOIN "Facility" f ON f.id = g."facilityId"
      WHERE gm."staffMemberId" = $1
      GROUP BY f.id`,
    staffMemberId,
  );
  return inactivityLimitMinutes(facilities);
}
