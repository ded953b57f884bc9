import type { GroupId } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { derivePermissions } from '@sage/domain';
import { forbidden } from '@sage/service-kit/errors';
import { loadFacilityAccess, resolveFacilityScope } from '../staff/access';

/** Whether the caller may manage devices and doors at a facility: "Only management can open a device allocation page". */
const isManagerAt = (access: Awaited<ReturnType<typeof loadFacilityAccess>>, facilityId: string) => {
  const facility = access.find((f) => f.facilityId === facilityId);
  return derivePermissions({
    memberships: (facility?.memberships ?? []).map((m) => ({
      group: m.group as GroupId,
      isAdmin: m.isAdmin,
    })),
  }).canOpenDeviceAllocation;
};

/** 403 unless the caller is in the Management group of the facility (docs/decisions/0190). */
export async function requireManagerAt(prisma: PrismaClient, staffMemberId: string, facilityId: string) {
  if (!isManagerAt(await loadFacilityAccess(prisma, staffMemberId), facilityId)) {
    throw forbidden('Only management can manage devices and doors');
  }
}

/**
 * The facilities whose devices the caller manages: the one asked for (403 when the caller does not work there
 * or is not management there), else every facility where the caller is management (403 when none).
 */
export async function managedFacilityIds(
  prisma: PrismaClient,
  staffMemberId: string,
  query: { facilityId?: string },
): Promise<string[]> {
  const scope = await resolveFacilityScope(prisma, staffMemberId, query);
  const access = await loadFacilityAccess(prisma, staffMemberId);
  const managed = scope.filter((id) => isManagerAt(access, id));
  if (!managed.length) throw forbidden('Only management can manage devices and doors');
  return managed;
}
