import type { PrismaClient } from '@sage/db';
import { derivePermissions, type Permissions } from '@sage/domain';
import { forbidden } from '@sage/service-kit/errors';
import { type FacilityAccess, loadFacilityAccess } from '../admin/staff/access';

export interface FacilityCaller extends FacilityAccess {
  staffMemberId: string;
  permissions: Permissions;
}

/** The caller's access to one facility (403 when they do not work there). Every query is scoped through it. */
export async function requireFacility(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
): Promise<FacilityCaller> {
  const access = (await loadFacilityAccess(prisma, staffMemberId)).find((f) => f.facilityId === facilityId);
  if (!access) throw forbidden(`You have no access to facility ${facilityId}`);
  // Activities is a group of the facility but no role of the spec's permissions.
  const memberships = access.memberships.flatMap((m) =>
    m.group === 'Activities' ? [] : [{ group: m.group, isAdmin: m.isAdmin }],
  );
  return { ...access, staffMemberId, permissions: derivePermissions({ memberships }) };
}

/** Managers administer notification policies and others' subscriptions (sign-in doc section 1). */
export async function requireFacilityManager(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
): Promise<FacilityCaller> {
  const caller = await requireFacility(prisma, staffMemberId, facilityId);
  if (!caller.permissions.isManagement) {
    throw forbidden('Only management may change notification settings of this facility');
  }
  return caller;
}
