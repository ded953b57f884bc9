import {
  GroupApiMessages,
  type TCreateGroupRequest,
  type TGroup,
  type TGroupMember,
  type TListGroupsQuery,
  type TPutGroupMembershipRequest,
  type TUpdateGroupRequest,
} from '@sage/contract';
import { isUniqueViolation, type Prisma, type PrismaClient } from '@sage/db';
import {
  type FacilityMembership,
  mayAdministerStaff,
  mayEditMembershipOf,
  membershipChangeProblem,
  removalClearsCareFlags,
} from '@sage/domain';
import { conflict, forbidden, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess, resolveFacilityScope } from '../staff/access';

type Tx = Prisma.TransactionClient;

/** Archived staff are left out of member lists and of the admin counts (they cannot act). */
const activeMember = { staffMember: { isArchived: false } } as const;

const MEMBER_SELECT = {
  isAdmin: true,
  staffMember: { select: { id: true, firstName: true, lastName: true } },
} as const satisfies Prisma.GroupMembershipSelect;

const MEMBER_ORDER = [
  { staffMember: { lastName: 'asc' } },
  { staffMember: { firstName: 'asc' } },
  { staffMemberId: 'asc' },
] as const satisfies Prisma.GroupMembershipOrderByWithRelationInput[];

const GROUP_SELECT = {
  id: true,
  name: true,
  type: true,
  facilityId: true,
  enterpriseId: true,
  updatedAt: true,
  memberships: { where: activeMember, select: MEMBER_SELECT, orderBy: [...MEMBER_ORDER] },
} as const satisfies Prisma.GroupSelect;

type GroupRow = Prisma.GroupGetPayload<{ select: typeof GROUP_SELECT }>;

const toGroup = ({ memberships, updatedAt, ...group }: GroupRow): TGroup => ({
  ...group,
  updatedAt: updatedAt.toISOString(),
  members: memberships,
});

/** The caller's memberships at a facility (empty when they do not work there). */
async function callerAt(prisma: PrismaClient | Tx, callerId: string, facilityId: string) {
  const rows = await prisma.groupMembership.findMany({
    where: { staffMemberId: callerId, facilityId, staffMember: { isArchived: false } },
    select: { groupId: true, isAdmin: true, group: { select: { type: true } } },
  });
  return rows.map(
    (r): FacilityMembership => ({ groupId: r.groupId, group: r.group.type, isAdmin: r.isAdmin }),
  );
}

/** A group of a facility the caller works in; any other id is 404 (another community's ids included). */
async function visibleGroup(prisma: PrismaClient, callerId: string, groupId: string) {
  const facilityIds = (await loadFacilityAccess(prisma, callerId)).map((a) => a.facilityId);
  const group = await prisma.group.findFirst({
    where: { id: groupId, facilityId: { in: facilityIds } },
    select: { id: true, name: true, type: true, facilityId: true, enterpriseId: true },
  });
  if (!group) throw notFound(`No group ${groupId} in your facilities`);
  return group;
}

/** Serialises changes to one group, then to one person (always in this order: no deadlocks). */
async function lockGroupThenPerson(tx: Tx, groupId: string, staffMemberId: string) {
  await tx.$queryRaw`SELECT id FROM "Group" WHERE id = ${groupId} FOR UPDATE`;
  await tx.$queryRaw`SELECT id FROM "StaffMember" WHERE id = ${staffMemberId} FOR UPDATE`;
}

// ---------------------------------------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------------------------------------

/** GET /groups ?facilityId, enterpriseId, staffMemberId: groups of the caller's facilities. */
export async function listGroups(
  prisma: PrismaClient,
  callerId: string,
  query: TListGroupsQuery,
): Promise<TGroup[]> {
  const facilityIds = await resolveFacilityScope(prisma, callerId, query);
  const rows = await prisma.group.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(query.staffMemberId ? { memberships: { some: { staffMemberId: query.staffMemberId } } } : {}),
    },
    select: GROUP_SELECT,
    orderBy: [{ facilityId: 'asc' }, { name: 'asc' }],
  });
  return rows.map(toGroup);
}

export async function getGroup(prisma: PrismaClient, callerId: string, groupId: string): Promise<TGroup> {
  const group = await visibleGroup(prisma, callerId, groupId);
  return toGroup(await prisma.group.findUniqueOrThrow({ where: { id: group.id }, select: GROUP_SELECT }));
}

/** Creating, renaming and deleting groups: a Management group admin of the facility (decision 0161). */
async function requireAdministrator(prisma: PrismaClient, callerId: string, facilityId: string) {
  const caller = await callerAt(prisma, callerId, facilityId);
  if (!caller.length) throw notFound(`No facility ${facilityId} in your facilities`);
  if (!mayAdministerStaff(caller)) {
    throw forbidden('Creating, renaming and deleting groups needs a Management group admin of the facility');
  }
}

export async function createGroup(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateGroupRequest,
): Promise<TGroup> {
  await requireAdministrator(prisma, callerId, body.facilityId);
  const facility = await prisma.facility.findUniqueOrThrow({
    where: { id: body.facilityId },
    select: { enterpriseId: true },
  });
  try {
    const row = await prisma.group.create({
      data: {
        facilityId: body.facilityId,
        enterpriseId: facility.enterpriseId,
        name: body.name,
        type: body.type,
      },
      select: GROUP_SELECT,
    });
    return toGroup(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GroupApiMessages.nameTaken);
    throw error;
  }
}

/** PUT /groups/{groupId}: rename; with `updatedAt`, only when nobody changed the group since (else 409). */
export async function updateGroup(
  prisma: PrismaClient,
  callerId: string,
  groupId: string,
  body: TUpdateGroupRequest,
): Promise<TGroup> {
  const group = await visibleGroup(prisma, callerId, groupId);
  await requireAdministrator(prisma, callerId, group.facilityId);
  try {
    const { count } = await prisma.group.updateMany({
      where: { id: groupId, ...(body.updatedAt ? { updatedAt: new Date(body.updatedAt) } : {}) },
      data: { name: body.name },
    });
    if (count === 0) throw conflict(GroupApiMessages.stale);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GroupApiMessages.nameTaken);
    throw error;
  }
  return getGroup(prisma, callerId, groupId);
}

/** DELETE /groups/{groupId}: only a group without members (a person stays in at least one group). */
export async function deleteGroup(prisma: PrismaClient, callerId: string, groupId: string): Promise<void> {
  const group = await visibleGroup(prisma, callerId, groupId);
  await requireAdministrator(prisma, callerId, group.facilityId);
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Group" WHERE id = ${groupId} FOR UPDATE`;
    const members = await tx.groupMembership.count({ where: { groupId } });
    if (members > 0) throw conflict(GroupApiMessages.notEmpty);
    await tx.group.delete({ where: { id: groupId } });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Membership
// ---------------------------------------------------------------------------------------------------------

export async function listMembers(
  prisma: PrismaClient,
  callerId: string,
  groupId: string,
): Promise<TGroupMember[]> {
  await visibleGroup(prisma, callerId, groupId);
  return prisma.groupMembership.findMany({
    where: { groupId, ...activeMember },
    select: MEMBER_SELECT,
    orderBy: [...MEMBER_ORDER],
  });
}

/** The group, after checking the caller may edit its membership (403) and that the person exists for them (404). */
async function membershipEditContext(
  prisma: PrismaClient,
  callerId: string,
  groupId: string,
  staffMemberId: string,
) {
  const group = await visibleGroup(prisma, callerId, groupId);
  const caller = await callerAt(prisma, callerId, group.facilityId);
  if (!mayEditMembershipOf(caller, groupId)) {
    throw forbidden('Editing group membership needs a Management group admin or an admin of that group');
  }
  // The person: not archived, of the group's enterprise (by profile, or working at one of its facilities).
  const person = await prisma.staffMember.findFirst({
    where: {
      id: staffMemberId,
      isArchived: false,
      OR: [
        { enterpriseId: group.enterpriseId },
        { groupMemberships: { some: { group: { enterpriseId: group.enterpriseId } } } },
      ],
    },
    select: { id: true },
  });
  if (!person) throw notFound(`No staff member ${staffMemberId} in this community's company`);
  return group;
}

/**
 * The caller's authority read again under the group's lock: an admin dismissed meanwhile by a change that held
 * the lock first (another admin dismissing them) may no longer edit this group's membership. They passed the
 * check at their request's start, so it is a conflict (409), not a refusal; a request made after the change
 * is refused by membershipEditContext (403).
 */
async function assertStillMayEdit(tx: Tx, callerId: string, group: { id: string; facilityId: string }) {
  if (!mayEditMembershipOf(await callerAt(tx, callerId, group.facilityId), group.id)) {
    throw conflict(GroupApiMessages.stale, 'STALE');
  }
}

/** Counts the rules need, read inside the locking transaction. */
async function membershipCounts(tx: Tx, group: { id: string; facilityId: string }, staffMemberId: string) {
  const [adminCount, memberCount, groupCountOfPerson, current] = await Promise.all([
    tx.groupMembership.count({ where: { groupId: group.id, isAdmin: true, ...activeMember } }),
    tx.groupMembership.count({ where: { groupId: group.id, ...activeMember } }),
    tx.groupMembership.count({ where: { staffMemberId, facilityId: group.facilityId } }),
    tx.groupMembership.findUnique({
      where: { groupId_staffMemberId: { groupId: group.id, staffMemberId } },
      select: { isAdmin: true },
    }),
  ]);
  return { adminCount, memberCount, groupCountOfPerson, current };
}

/**
 * PUT /groups/{groupId}/membership { staffMemberId, isAdmin }: adds the person to the group, makes them admin
 * or dismisses them. "The last remaining group admin cannot be dismissed" (409). A person joining a group of a
 * facility they had no config at gets one (they now work there).
 */
export async function putMembership(
  prisma: PrismaClient,
  callerId: string,
  groupId: string,
  body: TPutGroupMembershipRequest,
): Promise<TGroupMember> {
  const group = await membershipEditContext(prisma, callerId, groupId, body.staffMemberId);
  return prisma.$transaction(async (tx) => {
    await lockGroupThenPerson(tx, groupId, body.staffMemberId);
    await assertStillMayEdit(tx, callerId, group);
    const counts = await membershipCounts(tx, group, body.staffMemberId);
    if (counts.current?.isAdmin && !body.isAdmin) {
      const problem = membershipChangeProblem({
        action: 'dismiss-admin',
        isAdmin: true,
        adminCount: counts.adminCount,
        memberCount: counts.memberCount,
        groupCountOfPerson: counts.groupCountOfPerson,
      });
      if (problem) throw conflict(GroupApiMessages.lastAdmin, 'LAST_ADMIN');
    }
    const membership = await tx.groupMembership.upsert({
      where: { groupId_staffMemberId: { groupId, staffMemberId: body.staffMemberId } },
      create: {
        groupId,
        staffMemberId: body.staffMemberId,
        facilityId: group.facilityId,
        isAdmin: body.isAdmin,
      },
      update: { isAdmin: body.isAdmin },
      select: MEMBER_SELECT,
    });
    await tx.staffMemberFacilityConfig.createMany({
      data: [
        { facilityId: group.facilityId, enterpriseId: group.enterpriseId, staffMemberId: body.staffMemberId },
      ],
      skipDuplicates: true,
    });
    return membership;
  });
}

/**
 * DELETE /groups/{groupId}/membership ?staffMemberId. A person stays in at least one group of the facility,
 * and the last admin of a group with other members stays (409). Leaving the care staff group clears both
 * receive-all flags of the person's facility config, in the same transaction.
 */
export async function removeMember(
  prisma: PrismaClient,
  callerId: string,
  groupId: string,
  staffMemberId: string,
): Promise<void> {
  const group = await membershipEditContext(prisma, callerId, groupId, staffMemberId);
  await prisma.$transaction(async (tx) => {
    await lockGroupThenPerson(tx, groupId, staffMemberId);
    await assertStillMayEdit(tx, callerId, group);
    const counts = await membershipCounts(tx, group, staffMemberId);
    if (!counts.current) throw notFound(`Staff member ${staffMemberId} is not in this group`);
    const problem = membershipChangeProblem({
      action: 'remove',
      isAdmin: counts.current.isAdmin,
      adminCount: counts.adminCount,
      memberCount: counts.memberCount,
      groupCountOfPerson: counts.groupCountOfPerson,
    });
    if (problem === 'last-group') throw conflict(GroupApiMessages.lastGroup, 'LAST_GROUP');
    if (problem === 'last-admin') throw conflict(GroupApiMessages.lastAdmin, 'LAST_ADMIN');
    await tx.groupMembership.delete({ where: { groupId_staffMemberId: { groupId, staffMemberId } } });
    if (removalClearsCareFlags(group.type)) {
      await tx.staffMemberFacilityConfig.updateMany({
        where: { facilityId: group.facilityId, staffMemberId },
        data: { shouldReceiveAllCareAlerts: false, shouldReceiveAllCareMessages: false },
      });
    }
  });
}
