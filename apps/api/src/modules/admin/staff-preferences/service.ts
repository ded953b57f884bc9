import type {
  TCreateStaffFacilityPreferenceRequest,
  TPutStaffFacilityPreferenceRequest,
  TStaffFacilityPreference,
  TStaffFacilitySearchRequest,
} from '@sage/contract';
import { isUniqueViolation, type PrismaClient } from '@sage/db';
import { isPinnable, mayAdministerStaff } from '@sage/domain';
import { conflict, forbidden, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess, resolveFacilityScope } from '../staff/access';

/** Only the staff member sets their own care assignment, at a facility they work in. */
async function checkAccess(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  facilityId: string,
) {
  if (callerId !== staffMemberId) throw forbidden('You can only change your own care assignment');
  await resolveFacilityScope(prisma, callerId, { facilityId });
}

/** GET: the pinned residents (an empty list before the first change). */
export async function getStaffFacilityPreference(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  facilityId: string,
): Promise<TStaffFacilityPreference> {
  await checkAccess(prisma, callerId, staffMemberId, facilityId);
  const row = await prisma.staffFacilityPreference.findUnique({
    where: { facilityId_staffMemberId: { facilityId, staffMemberId } },
    select: { pinnedResidentIds: true },
  });
  return { staffMemberId, facilityId, pinnedResidentIds: row?.pinnedResidentIds ?? [] };
}

/**
 * PUT: replaces the pinned residents. Only residents of that facility who are "neither on hold nor archived"
 * are kept (the others are dropped, docs/decisions/0055).
 */
export async function putStaffFacilityPreference(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  facilityId: string,
  body: TPutStaffFacilityPreferenceRequest,
): Promise<TStaffFacilityPreference> {
  await checkAccess(prisma, callerId, staffMemberId, facilityId);
  const residents = await prisma.resident.findMany({
    where: { facilityId, id: { in: [...new Set(body.pinnedResidentIds)] } },
    select: { id: true, isOnHold: true, isArchived: true },
  });
  const keep = new Set(residents.filter(isPinnable).map((r) => r.id));
  const pinnedResidentIds = [...new Set(body.pinnedResidentIds)].filter((id) => keep.has(id));
  await prisma.staffFacilityPreference.upsert({
    where: { facilityId_staffMemberId: { facilityId, staffMemberId } },
    create: { facilityId, staffMemberId, pinnedResidentIds },
    update: { pinnedResidentIds },
  });
  return { staffMemberId, facilityId, pinnedResidentIds };
}

/** POST /staffFacilityPreferences: the first preference at a facility (409 when there is one: use PUT). */
export async function createStaffFacilityPreference(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateStaffFacilityPreferenceRequest,
): Promise<TStaffFacilityPreference> {
  await checkAccess(prisma, callerId, body.staffMemberId, body.facilityId);
  const residents = await prisma.resident.findMany({
    where: { facilityId: body.facilityId, id: { in: [...new Set(body.pinnedResidentIds)] } },
    select: { id: true, isOnHold: true, isArchived: true },
  });
  const keep = new Set(residents.filter(isPinnable).map((r) => r.id));
  const pinnedResidentIds = [...new Set(body.pinnedResidentIds)].filter((id) => keep.has(id));
  try {
    await prisma.staffFacilityPreference.create({
      data: { facilityId: body.facilityId, staffMemberId: body.staffMemberId, pinnedResidentIds },
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('There is a preference for this facility already: update it instead');
    }
    throw error;
  }
  return { staffMemberId: body.staffMemberId, facilityId: body.facilityId, pinnedResidentIds };
}

/** DELETE /staffFacilityPreferences/staff/{staffMemberId}/facility/{facilityId}: 404 when there is none. */
export async function deleteStaffFacilityPreference(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  facilityId: string,
): Promise<void> {
  await checkAccess(prisma, callerId, staffMemberId, facilityId);
  const { count } = await prisma.staffFacilityPreference.deleteMany({ where: { facilityId, staffMemberId } });
  if (count === 0) throw notFound('No preference for this facility');
}

/**
 * POST /staffFacilityPreferences/search: my preferences; a Management group admin also sees those of the staff
 * of the facilities they administer (decision 0162).
 */
export async function searchStaffFacilityPreferences(
  prisma: PrismaClient,
  callerId: string,
  body: TStaffFacilitySearchRequest,
): Promise<TStaffFacilityPreference[]> {
  const facilityIds = await resolveFacilityScope(prisma, callerId, body);
  const access = await loadFacilityAccess(prisma, callerId);
  const administered = access
    .filter((a) => facilityIds.includes(a.facilityId) && mayAdministerStaff(a.memberships))
    .map((a) => a.facilityId);
  const rows = await prisma.staffFacilityPreference.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(body.staffMemberIds ? { staffMemberId: { in: body.staffMemberIds } } : {}),
      OR: [{ staffMemberId: callerId }, { facilityId: { in: administered } }],
    },
    select: { staffMemberId: true, facilityId: true, pinnedResidentIds: true },
    orderBy: [{ facilityId: 'asc' }, { staffMemberId: 'asc' }],
  });
  return rows;
}
