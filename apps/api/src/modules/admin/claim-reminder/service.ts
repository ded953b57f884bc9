import type { TClaimReminder, TClaimReminderReply } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { forbidden, notFound } from '@sage/service-kit/errors';
import { requireFacility } from '../../messaging/access';

const select = { id: true, unconfirmedClaimReminderMinutes: true } as const;

const toReply = (f: { id: string; unconfirmedClaimReminderMinutes: number }): TClaimReminderReply => ({
  facilityId: f.id,
  unconfirmedClaimReminderMinutes: f.unconfirmedClaimReminderMinutes,
});

/** The caller's standing in the facility: 404 when they do not work there (an id of another community tells nothing). */
async function callerIn(prisma: PrismaClient, staffMemberId: string, facilityId: string) {
  try {
    return await requireFacility(prisma, staffMemberId, facilityId);
  } catch {
    throw notFound(`Facility ${facilityId} not found`);
  }
}

export async function getClaimReminder(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
): Promise<TClaimReminderReply> {
  await callerIn(prisma, staffMemberId, facilityId);
  return toReply(await prisma.facility.findUniqueOrThrow({ where: { id: facilityId }, select }));
}

/**
 * Who edits the notification settings sets it (decision 0068: the facility's Management group). Applies to claims
 * made from now on; a reminder already queued keeps its time (decision 0515).
 */
export async function setClaimReminder(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
  body: TClaimReminder,
): Promise<TClaimReminderReply> {
  const caller = await callerIn(prisma, staffMemberId, facilityId);
  if (!caller.permissions.isManagement) {
    throw forbidden('Only management may change notification settings of this facility');
  }
  return toReply(await prisma.facility.update({ where: { id: facilityId }, data: body, select }));
}
