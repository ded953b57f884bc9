import type { TPutStaffFacilityPreferenceRequest, TStaffFacilityPreference } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { isPinnable } from '@sage/domain';
import { forbidden } from '../../../plugins/app/errors';
import { resolveFacilityScope } from '../staff/access';

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
