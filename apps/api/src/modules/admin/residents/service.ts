import type { TListResidentsQuery, TResidentReply } from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { resolveFacilityScope } from '../staff/access';
import { callerAtRecord, callerFacilities } from './community-access';
import { loadResidentRow, RESIDENT_SELECT, toResidentReply } from './resident-reply';

/**
 * Name search (alerts doc section 5: "case-insensitive match on the full name including middle name"): every
 * word of the search must appear in the first, middle or last name.
 */
function nameSearch(search: string | undefined): Prisma.ResidentWhereInput[] {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  return words.map((word) => ({
    OR: (['firstName', 'middleName', 'lastName', 'preferredName'] as const).map((field) => ({
      [field]: { contains: word, mode: 'insensitive' as const },
    })),
  }));
}

/** GET /residents: residents of the caller's facilities (or the one asked for), by last then first name, paged. */
export async function listResidents(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListResidentsQuery,
): Promise<TResidentReply[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, query);
  const [rows, access] = await Promise.all([
    prisma.resident.findMany({
      where: {
        facilityId: { in: facilityIds },
        isArchived: query.isArchived ?? false,
        ...(query.unitId ? { unitId: query.unitId } : {}),
        AND: nameSearch(query.search),
      },
      select: RESIDENT_SELECT,
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      take: query.pageSize,
      skip: query.pageNumber * query.pageSize,
    }),
    callerFacilities(prisma, staffMemberId),
  ]);
  return rows.map((row) => toResidentReply(row, access.get(row.facilityId)));
}

/** GET /residents/{residentId}: 404 for a resident of a facility the caller does not work in. */
export async function getResident(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
): Promise<TResidentReply> {
  const row = await loadResidentRow(prisma, residentId);
  const at = await callerAtRecord(prisma, staffMemberId, row, `Resident ${residentId}`);
  return toResidentReply(row!, at);
}
