import type { TAdminUnit, TListUnitsQuery } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { resolveFacilityScope } from '../staff/access';
import { ADMIN_UNIT_SELECT, toAdminUnit } from './write-units';

/** Units of the caller's facilities (or of the one asked for, when the caller works there). */
export async function listUnits(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListUnitsQuery,
): Promise<TAdminUnit[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, query);
  const rows = await prisma.unit.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(query.careType ? { careType: query.careType } : {}),
      ...(query.residentId ? { residents: { some: { id: query.residentId } } } : {}),
    },
    select: ADMIN_UNIT_SELECT,
    orderBy: [{ facilityId: 'asc' }, { displayName: 'asc' }, { id: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
  return rows.map(toAdminUnit);
}
