import type { TInactivityLogoff, TInactivityLogoffReply } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { derivePermissions } from '@sage/domain';
import { forbidden, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess } from '../staff/access';

const select = { id: true, inactivityLogoffMinutes: true, managementInactivityLogoffMinutes: true } as const;

/** The caller's standing in the facility: 404 when they do not work there. */
async function accessTo(prisma: PrismaClient, staffMemberId: string, facilityId: string) {
  const access = (await loadFacilityAccess(prisma, staffMemberId)).find((f) => f.facilityId === facilityId);
  if (!access) throw notFound(`Facility ${facilityId} not found`);
  return derivePermissions({
    memberships: access.memberships.map((m) => ({ group: m.group as never, isAdmin: m.isAdmin })),
  });
}

const toReply = (f: {
  id: string;
  inactivityLogoffMinutes: number;
  managementInactivityLogoffMinutes: number;
}): TInactivityLogoffReply => ({
  facilityId: f.id,
  inactivityLogoffMinutes: f.inactivityLogoffMinutes,
  managementInactivityLogoffMinutes: f.managementInactivityLogoffMinutes,
});

export async function getInactivityLogoff(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
): Promise<TInactivityLogoffReply> {
  await accessTo(prisma, staffMemberId, facilityId);
  return toReply(await prisma.facility.findUniqueOrThrow({ where: { id: facilityId }, select }));
}

/** Management-group admins of the facility only (decision 0143). Applies from each session's next refresh. */
export async function setInactivityLogoff(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
  limits: TInactivityLogoff,
): Promise<TInactivityLogoffReply> {
  const permissions = await accessTo(prisma, staffMemberId, facilityId);
  if (!permissions.isManagementAdmin) {
    throw forbidden("Only management-group admins may change the facility's automatic logoff");
  }
  return toReply(await prisma.facility.update({ where: { id: facilityId }, data: limits, select }));
}
