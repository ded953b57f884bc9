import type {
  TRecordTourRequest,
  TStaffTour,
  TStaffTourSearchReply,
  TStaffTourSearchRequest,
} from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { forbidden, notFound } from '@sage/service-kit/errors';
import { type FacilityAccess, loadFacilityAccess } from '../staff/access';

/** Managers see who has completed the tour: a member of the Management group there (decision 0360). */
const isManagerAt = (access: FacilityAccess | undefined): boolean =>
  access?.memberships.some((m) => m.group === 'Management') ?? false;

type TourRow = {
  staffMemberId: string;
  offeredAt: Date | null;
  firstCompletedAt: Date | null;
  lastCompletedAt: Date | null;
  completionCount: number;
};

const ms = (date: Date | null | undefined): number | null => (date ? date.getTime() : null);

function toStaffTour(staffMemberId: string, row: TourRow | null | undefined): TStaffTour {
  return {
    staffMemberId,
    offeredAt: ms(row?.offeredAt),
    firstCompletedAt: ms(row?.firstCompletedAt),
    lastCompletedAt: ms(row?.lastCompletedAt),
    completionCount: row?.completionCount ?? 0,
    offerDue: !row || (row.offeredAt === null && row.completionCount === 0),
  };
}

const tourSelect = {
  staffMemberId: true,
  offeredAt: true,
  firstCompletedAt: true,
  lastCompletedAt: true,
  completionCount: true,
} as const;

/**
 * GET /staff/{staffMemberId}/tour: the person's own record, or a manager's view of someone who works in one of
 * the caller's facilities where the caller is in the Management group. Not in a shared facility: 404;
 * shared but not a manager there: 403.
 */
export async function getStaffTour(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
): Promise<TStaffTour> {
  if (staffMemberId !== callerId) {
    const callerAccess = await loadFacilityAccess(prisma, callerId);
    const theirs = await prisma.groupMembership.findMany({
      where: { staffMemberId },
      select: { facilityId: true },
      distinct: ['facilityId'],
    });
    const shared = callerAccess.filter((a) => theirs.some((t) => t.facilityId === a.facilityId));
    if (!shared.length) throw notFound(`No staff member ${staffMemberId} in your facilities`);
    if (!shared.some(isManagerAt)) {
      throw forbidden("Only managers (Management group) see another staff member's tour");
    }
  }
  const row = await prisma.staffTour.findUnique({ where: { staffMemberId }, select: tourSelect });
  return toStaffTour(staffMemberId, row);
}

/**
 * PUT /staff/{staffMemberId}/tour: the person's app records that the tour was offered or completed. Only the
 * person themselves (nobody completes a tour for someone else): anyone else 403, or 404 outside their
 * facilities. OFFERED keeps the first offer's time; COMPLETED counts every completion.
 */
export async function recordStaffTour(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  body: TRecordTourRequest,
): Promise<TStaffTour> {
  if (staffMemberId !== callerId) {
    // Reveal only what the caller may see: outside their facilities the person does not exist.
    await getStaffTour(prisma, callerId, staffMemberId).catch((error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 404) throw error;
    });
    throw forbidden('Only the staff member themselves records their tour');
  }
  const access = await loadFacilityAccess(prisma, callerId);
  if (!access.length) throw forbidden('You work in no facility');
  const now = new Date();
  const row =
    body.event === 'OFFERED'
      ? await prisma.staffTour.upsert({
          where: { staffMemberId },
          create: { staffMemberId, offeredAt: now },
          update: {},
          select: tourSelect,
        })
      : await prisma.$transaction(async (tx) => {
          const current = await tx.staffTour.upsert({
            where: { staffMemberId },
            create: { staffMemberId },
            update: {},
            select: { firstCompletedAt: true },
          });
          return tx.staffTour.update({
            where: { staffMemberId },
            data: {
              firstCompletedAt: current.firstCompletedAt ?? now,
              lastCompletedAt: now,
              completionCount: { increment: 1 },
            },
            select: tourSelect,
          });
        });
  if (body.event === 'OFFERED' && row.offeredAt === null) {
    // Completed before it was ever offered (a tour started from the dashboard): the offer is moot now.
    const updated = await prisma.staffTour.update({
      where: { staffMemberId },
      data: { offeredAt: now },
      select: tourSelect,
    });
    return toStaffTour(staffMemberId, updated);
  }
  return toStaffTour(staffMemberId, row);
}

/**
 * POST /staff/tour/search: the tour records of the (non-archived) staff of a facility, for its managers
 * (Management group). Not the caller's facility: 403 (as every facility-scoped query).
 */
export async function searchStaffTours(
  prisma: PrismaClient,
  callerId: string,
  body: TStaffTourSearchRequest,
): Promise<TStaffTourSearchReply> {
  const access = (await loadFacilityAccess(prisma, callerId)).find((a) => a.facilityId === body.facilityId);
  if (!access) throw forbidden(`You have no access to facility ${body.facilityId}`);
  if (!isManagerAt(access))
    throw forbidden('Only managers (Management group) see who has completed the tour');
  const staff = await prisma.staffMember.findMany({
    where: {
      isArchived: false,
      groupMemberships: { some: { facilityId: body.facilityId } },
      ...(body.staffMemberIds ? { id: { in: body.staffMemberIds } } : {}),
    },
    select: { id: true, tour: { select: tourSelect } },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  });
  return { staffTours: staff.map((s) => toStaffTour(s.id, s.tour)) };
}
