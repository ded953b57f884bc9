import type {
  TAppConfiguration,
  TConfigurationQuery,
  TResolveNumbersQuery,
  TResolveNumbersReply,
} from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { notFound } from '@sage/service-kit/errors';
import { loadOrgAccess, visibleFacility, visibleFacilityWhere } from '../enterprises/org-access';
import { FACILITY_SELECT, toFacility } from '../facilities/service';
import { getStaffMember } from '../staff/profile-service';
import { CARE_ZONE_SELECT, toCareZone } from '../staff/staff-shape';

/**
 * GET /configuration: everything the web app needs to start in one reply (sign-in doc section 3, 'App
 * configuration'), for the facility asked for or the caller's first (by name) where they work.
 */
export async function getConfiguration(
  prisma: PrismaClient,
  callerId: string,
  query: TConfigurationQuery,
): Promise<TAppConfiguration> {
  const access = await loadOrgAccess(prisma, callerId);
  let facilityId = query.facilityId;
  if (facilityId) {
    await visibleFacility(prisma, access, facilityId);
  } else {
    const first = await prisma.facility.findFirst({
      where: { id: { in: access.memberships.map((m) => m.facilityId) } },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    if (!first) throw notFound('You work in no community yet: ask your manager to add you to a group');
    facilityId = first.id;
  }
  const [currentUser, facility, ehrLockedFields, careZones, groups, policies, features] = await Promise.all([
    getStaffMember(prisma, callerId, callerId),
    prisma.facility.findUniqueOrThrow({ where: { id: facilityId }, select: FACILITY_SELECT }),
    prisma.ehrLockedField.findMany({
      where: { facilityId },
      select: { id: true, ehrProvider: true, resourceField: true },
      orderBy: [{ ehrProvider: 'asc' }, { resourceField: 'asc' }],
    }),
    prisma.careZone.findMany({ where: { facilityId }, select: CARE_ZONE_SELECT, orderBy: { name: 'asc' } }),
    prisma.group.findMany({
      where: { facilityId },
      select: { id: true, name: true, type: true },
      orderBy: { name: 'asc' },
    }),
    prisma.notificationPolicy.findMany({
      where: { facilityId },
      select: { id: true, version: true, type: true },
      orderBy: { createdAt: 'asc' },
    }),
    prisma.feature.findMany({ where: { facilityId }, select: { name: true, isEnabled: true } }),
  ]);
  const myGroupIds = new Set(
    (
      await prisma.groupMembership.findMany({
        where: { staffMemberId: callerId, facilityId },
        select: { groupId: true },
      })
    ).map((m) => m.groupId),
  );
  return {
    staffMemberId: callerId,
    enterpriseId: facility.enterpriseId,
    facilityId,
    currentUser,
    facility: { ...toFacility(facility), ehrLockedFields, careZones: careZones.map(toCareZone) },
    // The caller's own groups at the facility (facilityMetadata); every group in allGroups.
    facilityMetadata: {
      groups: groups.filter((g) => myGroupIds.has(g.id)).map((g) => ({ groupId: g.id, groupName: g.name })),
    },
    allGroups: groups,
    facilityNotificationPolicies: policies.map((p) => ({ rid: p.id, version: p.version, type: p.type })),
    config: { features: Object.fromEntries(features.map((f) => [f.name, f.isEnabled])) },
  };
}

/**
 * GET /notificationCallback/resolve-numbers ?senderNumber, recipientNumber (decision 0177): which of the
 * caller's communities sends from senderNumber (alerts: its emergency number; tasks: its task number), and
 * which staff member of those communities has recipientNumber. Unknown or out-of-reach numbers give nulls.
 */
export async function resolveNumbers(
  prisma: PrismaClient,
  callerId: string,
  query: TResolveNumbersQuery,
): Promise<TResolveNumbersReply> {
  const access = await loadOrgAccess(prisma, callerId);
  const facility = await prisma.facility.findFirst({
    where: {
      AND: [
        visibleFacilityWhere(access),
        {
          OR: [
            { emergencyNotificationNumber: query.senderNumber },
            { taskNotificationNumber: query.senderNumber },
          ],
        },
      ],
    },
    select: { id: true, emergencyNotificationNumber: true },
    orderBy: { id: 'asc' },
  });
  const staff = facility
    ? await prisma.staffMember.findFirst({
        where: {
          phoneNumber: query.recipientNumber,
          groupMemberships: { some: { facilityId: facility.id } },
        },
        select: { id: true },
      })
    : null;
  return {
    facilityId: facility?.id ?? null,
    topic: facility
      ? facility.emergencyNotificationNumber === query.senderNumber
        ? 'ALERTS'
        : 'TASKS'
      : null,
    staffMemberId: staff?.id ?? null,
  };
}
