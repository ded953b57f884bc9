import type { TListUnitsQuery, TUnit } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { resolveFacilityScope } from '../staff/access';

const UNIT_FIELDS = {
  id: true,
  displayName: true,
  careType: true,
  ward: true,
  building: true,
  wing: true,
  floor: true,
  phoneNumber: true,
  facilityId: true,
} as const;

/** Units of the caller's facilities (or of the one asked for, when the caller works there). */
export async function listUnits(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListUnitsQuery,
): Promise<TUnit[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, query);
  return prisma.unit.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(query.careType ? { careType: query.careType } : {}),
      ...(query.residentId ? { residents: { some: { id: query.residentId } } } : {}),
    },
    select: UNIT_FIELDS,
    orderBy: [{ facilityId: 'asc' }, { displayName: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
}
