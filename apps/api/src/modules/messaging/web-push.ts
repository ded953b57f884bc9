import type { PrismaClient } from '@sage/db';
import { forbidden } from '@sage/service-kit/errors';
import { loadFacilityAccess } from '../admin/staff/access';
import { requireFacility } from './access';

const reply = (s: {
  id: string;
  recipientId: string;
  facilityId: string | null;
  endpoint: string;
  expirationTime: Date | null;
}) => ({
  webPushSubscriptionRid: s.id,
  recipientId: s.recipientId,
  facilityRid: s.facilityId,
  endpoint: s.endpoint,
  expirationTime: s.expirationTime?.getTime() ?? null,
});

/** 403 unless the caller works in a facility of the enterprise. */
async function requireEnterprise(prisma: PrismaClient, staffMemberId: string, enterpriseId: string) {
  const access = await loadFacilityAccess(prisma, staffMemberId);
  if (!access.some((a) => a.enterpriseId === enterpriseId)) {
    throw forbidden(`You have no access to enterprise ${enterpriseId}`);
  }
}

/**
 * Whose subscriptions the caller may read: their own; with facilityRid and management there, also those of
 * the facility's staff (a manager checking why someone gets no alerts).
 */
async function allowedRecipients(
  prisma: PrismaClient,
  staffMemberId: string,
  recipientIds: string[],
  facilityId: string | undefined,
): Promise<string[]> {
  const others = recipientIds.filter((id) => id !== staffMemberId);
  if (others.length === 0) return recipientIds;
  if (!facilityId) throw forbidden("Give facilityRid to see other staff members' push subscriptions");
  const caller = await requireFacility(prisma, staffMemberId, facilityId);
  if (!caller.permissions.isManagement) throw forbidden("Only management sees others' push subscriptions");
  const staff = await prisma.staffMember.findMany({
    where: { id: { in: others }, groupMemberships: { some: { group: { facilityId } } } },
    select: { id: true },
  });
  return [...(recipientIds.includes(staffMemberId) ? [staffMemberId] : []), ...staff.map((s) => s.id)];
}

export async function searchWebPushSubscriptions(
  prisma: PrismaClient,
  staffMemberId: string,
  query: {
    facilityRid?: string | undefined;
    enterpriseRid?: string | undefined;
    recipientIds?: string[] | undefined;
    endpoints?: string[] | undefined;
    webPushSubscriptionRids?: string[] | undefined;
  },
) {
  if (query.enterpriseRid) await requireEnterprise(prisma, staffMemberId, query.enterpriseRid);
  if (query.facilityRid) await requireFacility(prisma, staffMemberId, query.facilityRid);
  const recipients = await allowedRecipients(
    prisma,
    staffMemberId,
    query.recipientIds?.length ? [...new Set(query.recipientIds)] : [staffMemberId],
    query.facilityRid,
  );
  const rows = await prisma.webPushSubscription.findMany({
    where: {
      recipientId: { in: recipients },
      ...(query.endpoints?.length ? { endpoint: { in: query.endpoints } } : {}),
      ...(query.webPushSubscriptionRids?.length ? { id: { in: query.webPushSubscriptionRids } } : {}),
      ...(query.facilityRid ? { OR: [{ facilityId: query.facilityRid }, { facilityId: null }] } : {}),
      ...(query.enterpriseRid ? { OR: [{ enterpriseId: query.enterpriseRid }, { enterpriseId: null }] } : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, recipientId: true, facilityId: true, endpoint: true, expirationTime: true },
  });
  return rows.map(reply);
}

/** Records the browser's subscription (one recipient per endpoint; new keys replace old ones). */
export async function putWebPushSubscription(
  prisma: PrismaClient,
  staffMemberId: string,
  body: {
    recipientId: string;
    endpoint: string;
    expirationTime: number | null;
    keys: { p256dh: string; auth: string };
    facilityRid?: string | undefined;
    enterpriseRid?: string | undefined;
  },
) {
  if (body.recipientId !== staffMemberId)
    throw forbidden('A push subscription is recorded by its own recipient');
  // The enterprise, like the facility, must be one the caller works in (403 as for the search and for a
  // facility elsewhere), and the facility's own when both are given: a subscription never points elsewhere.
  let enterpriseId = body.enterpriseRid ?? null;
  if (body.facilityRid) {
    const facility = await requireFacility(prisma, staffMemberId, body.facilityRid);
    if (body.enterpriseRid && body.enterpriseRid !== facility.enterpriseId) {
      throw forbidden(`Facility ${body.facilityRid} is not part of enterprise ${body.enterpriseRid}`);
    }
    enterpriseId = facility.enterpriseId;
  } else if (body.enterpriseRid) {
    await requireEnterprise(prisma, staffMemberId, body.enterpriseRid);
  }
  const data = {
    facilityId: body.facilityRid ?? null,
    enterpriseId,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    expirationTime: body.expirationTime === null ? null : new Date(body.expirationTime),
  };
  // One browser endpoint reaches one person: on a shared phone the last one to sign in takes it over, so the
  // phone stops showing the previous person's alerts even when its sign-out could not end the browser's
  // subscription (docs/decisions/0079).
  const [, row] = await prisma.$transaction([
    prisma.webPushSubscription.deleteMany({
      where: { endpoint: body.endpoint, recipientId: { not: body.recipientId } },
    }),
    prisma.webPushSubscription.upsert({
      where: { recipientId_endpoint: { recipientId: body.recipientId, endpoint: body.endpoint } },
      create: { recipientId: body.recipientId, endpoint: body.endpoint, ...data },
      update: data,
      select: { id: true },
    }),
  ]);
  return { webPushSubscriptionRid: row.id };
}

export async function deleteWebPushSubscriptions(
  prisma: PrismaClient,
  staffMemberId: string,
  query: { recipientIds: string[]; endpoints?: string[] | undefined },
) {
  if (query.recipientIds.some((id) => id !== staffMemberId)) {
    throw forbidden('Push subscriptions are deleted by their own recipient');
  }
  const { count } = await prisma.webPushSubscription.deleteMany({
    where: {
      recipientId: staffMemberId,
      ...(query.endpoints?.length ? { endpoint: { in: query.endpoints } } : {}),
    },
  });
  return { deleted: count };
}
