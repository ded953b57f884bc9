import type { TStaffSearchReply, TStaffSearchRequest } from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { mayAdministerStaff } from '@sage/domain';
import { loadFacilityAccess, resolveFacilityScope } from './access';
import { staffSelect, toStaffMember } from './staff-shape';

/**
 * POST /staff/profile/search: staff of the caller's facilities by name (case-insensitive substring of first,
 * last or job title), groups and archive state; a page and the total. PII as everywhere (decision 0160).
 */
export async function searchStaff(
  prisma: PrismaClient,
  callerId: string,
  body: TStaffSearchRequest,
): Promise<TStaffSearchReply> {
  const facilityIds = await resolveFacilityScope(prisma, callerId, body);
  const words = (body.searchText ?? '').split(/\s+/).filter(Boolean);
  const where: Prisma.StaffMemberWhereInput = {
    isArchived: body.isArchived ?? false,
    groupMemberships: {
      some: {
        facilityId: { in: facilityIds },
        ...(body.groupIds?.length ? { groupId: { in: body.groupIds } } : {}),
      },
    },
    // Every word in the first name, the last name or the job title ("Casey Ng" finds Casey Nguyen).
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: 'insensitive' as const } },
        { lastName: { contains: word, mode: 'insensitive' as const } },
        { jobTitle: { contains: word, mode: 'insensitive' as const } },
      ],
    })),
  };
  const [totalCount, rows, callerAccess] = await Promise.all([
    prisma.staffMember.count({ where }),
    prisma.staffMember.findMany({
      where,
      select: staffSelect(facilityIds),
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      skip: body.pageNumber * body.pageSize,
      take: body.pageSize,
    }),
    loadFacilityAccess(prisma, callerId),
  ]);
  const administered = new Set(
    callerAccess
      .filter((a) => mayAdministerStaff(a.memberships.map((m) => ({ ...m, group: m.group }))))
      .map((a) => a.facilityId),
  );
  return {
    staffMembers: rows.map((row) =>
      toStaffMember(
        row,
        row.id === callerId || row.groupMemberships.some((m) => administered.has(m.facilityId)),
      ),
    ),
    pageNumber: body.pageNumber,
    pageSize: body.pageSize,
    totalCount,
  };
}
