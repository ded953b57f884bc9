import type {
  TCreateStaffRequest,
  TStaffFacility,
  TStaffMember,
  TStaffPermissions,
  TUpdateStaffRequest,
} from '@sage/contract';
import { isUniqueViolation, Prisma, type PrismaClient } from '@sage/db';
import {
  derivePermissions,
  type FacilityMembership,
  mayAdministerStaff,
  mayEditMembershipOf,
  membershipChangeProblem,
  type PermissionInput,
} from '@sage/domain';
import { conflict, forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { normaliseNanpNumber } from '../../auth/phone';
import { announceSessionEnded } from '../../auth/sessions/registry';
import { type FacilityAccess, loadFacilityAccess } from './access';
import { getStaffMember } from './profile-service';

type Tx = Prisma.TransactionClient;

const asMemberships = (access: FacilityAccess | undefined): FacilityMembership[] =>
  access?.memberships.map((m) => ({ groupId: m.groupId, group: m.group, isAdmin: m.isAdmin })) ?? [];

/** E.164 of a typed phone number (libphonenumber-js, region US), or a 400 naming the field. */
function phoneOrThrow(input: string, field: string): string {
  const e164 = normaliseNanpNumber(input);
  if (!e164) {
    throw invalidInput([{ field, rule: 'phone', message: 'Phone number is invalid' }]);
  }
  return e164;
}

/** A unique-key clash on phoneNumber or email: 409 naming which. */
function duplicateConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw conflict(
      isUniqueViolation(error, 'email')
        ? 'A staff member with this email already exists'
        : 'A staff member with this phone number already exists',
      'DUPLICATE_STAFF_MEMBER',
    );
  }
  throw error;
}

/**
 * The facilities the caller administers (Management group admin) among those the person works in. None shared:
 * 404 (another community's person); shared but not administered: 403.
 */
async function administeredFacilitiesOf(prisma: PrismaClient, callerId: string, staffMemberId: string) {
  const callerAccess = await loadFacilityAccess(prisma, callerId);
  const theirs = await prisma.groupMembership.findMany({
    where: { staffMemberId },
    select: { facilityId: true },
    distinct: ['facilityId'],
  });
  const theirFacilities = theirs.map((m) => m.facilityId);
  const shared = callerAccess.filter((a) => theirFacilities.includes(a.facilityId));
  if (!shared.length) throw notFound(`No staff member ${staffMemberId} in your facilities`);
  const administered = shared.filter((a) => mayAdministerStaff(asMemberships(a))).map((a) => a.facilityId);
  if (!administered.length) {
    throw forbidden('Administering staff needs a Management group admin of a facility they work in');
  }
  return { administered, theirFacilities };
}

/** Groups of the facility (400 naming the field otherwise); admins must be among the groups. */
async function checkGroups(
  db: PrismaClient | Tx,
  facilityId: string,
  body: Pick<TCreateStaffRequest, 'groupIds' | 'adminGroupIds'>,
  field: string,
) {
  const groupIds = [...new Set(body.groupIds)];
  const found = await db.group.count({ where: { facilityId, id: { in: groupIds } } });
  if (found !== groupIds.length) {
    throw invalidInput([
      { field: `${field}groupIds`, rule: 'facility', message: 'must be groups of the facility' },
    ]);
  }
  const admins = new Set(body.adminGroupIds ?? []);
  if ([...admins].some((id) => !groupIds.includes(id))) {
    throw invalidInput([
      { field: `${field}adminGroupIds`, rule: 'subset', message: 'must be among groupIds' },
    ]);
  }
  return groupIds.map((groupId) => ({ groupId, isAdmin: admins.has(groupId) }));
}

/** The caller must administer the facility they invite into (not there at all: 404). */
async function requireAdministratorAt(prisma: PrismaClient, callerId: string, facilityId: string) {
  const access = (await loadFacilityAccess(prisma, callerId)).find((a) => a.facilityId === facilityId);
  if (!access) throw notFound(`No facility ${facilityId} in your facilities`);
  // The phone number is PII: "canEditPII: management admin".
  if (!mayAdministerStaff(asMemberships(access))) {
    throw forbidden('Inviting staff needs a Management group admin of the facility');
  }
  return access;
}

async function insertStaffMember(tx: Tx, access: FacilityAccess, body: TCreateStaffRequest, field: string) {
  const memberships = await checkGroups(tx, access.facilityId, body, field);
  const phoneNumber = phoneOrThrow(body.phoneNumber, `${field}phoneNumber`);
  const created = await tx.staffMember.create({
    data: {
      enterpriseId: access.enterpriseId,
      firstName: body.firstName,
      lastName: body.lastName,
      phoneNumber,
      email: body.email ?? null,
      jobTitle: body.jobTitle ?? null,
      isAgencyStaff: body.isAgencyStaff ?? false,
      ...(body.language ? { language: body.language } : {}),
      groupMemberships: {
        create: memberships.map((m) => ({ ...m, facilityId: access.facilityId })),
      },
      facilityConfigs: { create: { facilityId: access.facilityId, enterpriseId: access.enterpriseId } },
    },
    select: { id: true },
  });
  return created.id;
}

/** POST /staff: invites a person by phone number into groups of a facility (with a facility config). */
export async function createStaffMember(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateStaffRequest,
): Promise<TStaffMember> {
  const access = await requireAdministratorAt(prisma, callerId, body.facilityId);
  let id: string;
  try {
    id = await prisma.$transaction((tx) => insertStaffMember(tx, access, body, 'body.'));
  } catch (error) {
    duplicateConflict(error);
  }
  return getStaffMember(prisma, callerId, id);
}

/** POST /staff/bulk: all or nothing, in one transaction. A number twice in the list is a 400 naming the item. */
export async function bulkCreateStaff(
  prisma: PrismaClient,
  callerId: string,
  items: TCreateStaffRequest[],
): Promise<TStaffMember[]> {
  const accessByFacility = new Map<string, FacilityAccess>();
  for (const facilityId of new Set(items.map((i) => i.facilityId))) {
    accessByFacility.set(facilityId, await requireAdministratorAt(prisma, callerId, facilityId));
  }
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const e164 = phoneOrThrow(item.phoneNumber, `body.staffMembers.${index}.phoneNumber`);
    const first = seen.get(e164);
    if (first !== undefined) {
      throw invalidInput([
        {
          field: `body.staffMembers.${index}.phoneNumber`,
          rule: 'unique',
          message: `is the same phone number as staffMembers.${first}`,
        },
      ]);
    }
    seen.set(e164, index);
  });
  let ids: string[];
  try {
    ids = await prisma.$transaction(
      async (tx) => {
        const created: string[] = [];
        for (const [index, item] of items.entries()) {
          const access = accessByFacility.get(item.facilityId) as FacilityAccess;
          created.push(await insertStaffMember(tx, access, item, `body.staffMembers.${index}.`));
        }
        return created;
      },
      { timeout: 30_000 },
    );
  } catch (error) {
    duplicateConflict(error);
  }
  return Promise.all(ids.map((id) => getStaffMember(prisma, callerId, id)));
}

/**
 * PUT /staff/{staffMemberId}. The person may change their own name and job title; everything else, and
 * anyone else, needs a Management group admin of a facility they work in. Phone number and email (PII) are
 * refused without canEditPII (403). With `updatedAt`, a change made since is a 409.
 */
export async function updateStaffMember(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  body: TUpdateStaffRequest,
): Promise<TStaffMember> {
  const current = await prisma.staffMember.findUnique({
    where: { id: staffMemberId },
    select: { phoneNumber: true, email: true, isAgencyStaff: true, isCareAdmin: true },
  });
  const selfOnly = staffMemberId === callerId;
  let administers = false;
  let administered: string[] = [];
  try {
    administered = (await administeredFacilitiesOf(prisma, callerId, staffMemberId)).administered;
    administers = true;
  } catch (error) {
    if (!selfOnly) throw error;
  }
  if (!current) throw notFound(`No staff member ${staffMemberId} in your facilities`);
  const phoneNumber =
    body.phoneNumber !== undefined ? phoneOrThrow(body.phoneNumber, 'body.phoneNumber') : undefined;
  const piiChanged =
    (phoneNumber !== undefined && phoneNumber !== current.phoneNumber) ||
    (body.email !== undefined && body.email !== current.email);
  if (piiChanged && !administers) {
    throw forbidden('Changing a phone number or email needs canEditPII (a Management group admin)');
  }
  const adminFieldsChanged =
    (body.isAgencyStaff !== undefined && body.isAgencyStaff !== current.isAgencyStaff) ||
    (body.isCareAdmin !== undefined && body.isCareAdmin !== current.isCareAdmin);
  if (adminFieldsChanged && !administers) {
    throw forbidden('Changing agency or care-admin flags needs a Management group admin');
  }
  try {
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.staffMember.updateMany({
        where: { id: staffMemberId, ...(body.updatedAt ? { updatedAt: new Date(body.updatedAt) } : {}) },
        data: {
          ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
          ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
          ...(body.jobTitle !== undefined ? { jobTitle: body.jobTitle } : {}),
          ...(phoneNumber !== undefined ? { phoneNumber } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.isAgencyStaff !== undefined ? { isAgencyStaff: body.isAgencyStaff } : {}),
          ...(body.isCareAdmin !== undefined ? { isCareAdmin: body.isCareAdmin } : {}),
          ...(body.language !== undefined ? { language: body.language } : {}),
        },
      });
      if (count === 0) {
        throw conflict('Someone else changed this staff member meanwhile. Reload and try again.', 'STALE');
      }
      // The facility care admin flag lives in the facility config too (canEditPHI reads it there): set it in
      // the facilities the caller administers.
      if (body.isCareAdmin !== undefined) {
        await tx.staffMemberFacilityConfig.updateMany({
          where: { staffMemberId, facilityId: { in: administered } },
          data: { isCareAdmin: body.isCareAdmin },
        });
      }
    });
  } catch (error) {
    duplicateConflict(error);
  }
  return getStaffMember(prisma, callerId, staffMemberId);
}

/** Takes the person off shift (everywhere, or in the given facilities) and frees their company phone. */
async function endPresence(tx: Tx, staffMemberId: string, facilityIds?: string[]) {
  await tx.onCallState.updateMany({
    where: { staffMemberId, ...(facilityIds ? { facilityId: { in: facilityIds } } : {}) },
    data: { isOnCall: false, companyPhoneId: null, deviceType: null, activeCompanyPhoneKey: null },
  });
}

/**
 * POST /staff/{staffMemberId}/archive ?archive: archives (or restores) a person. Archiving takes them off shift
 * and ends their sessions (refresh tokens); archived staff cannot sign in (decision 0160).
 */
export async function archiveStaffMember(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  archive: boolean,
): Promise<TStaffMember> {
  if (staffMemberId === callerId) throw forbidden('You cannot archive yourself');
  await administeredFacilitiesOf(prisma, callerId, staffMemberId);
  await prisma.$transaction(async (tx) => {
    await tx.staffMember.update({ where: { id: staffMemberId }, data: { isArchived: archive } });
    if (archive) {
      await endPresence(tx, staffMemberId);
      // Every API process drops the person's sessions at once, not when its cache would next read them.
      const sessions = await tx.refreshToken.findMany({
        where: { staffMemberId, revokedAt: null },
        distinct: ['familyId'],
        select: { familyId: true },
      });
      await tx.refreshToken.deleteMany({ where: { staffMemberId } });
      for (const { familyId } of sessions) await announceSessionEnded(tx, familyId);
    }
  });
  return getStaffMember(prisma, callerId, staffMemberId);
}

/**
 * DELETE /staff/{staffMemberId}: only someone who works nowhere but in facilities the caller administers, and
 * who has no records that must be kept (task notes, care records): otherwise 409, archive instead.
 */
export async function deleteStaffMember(prisma: PrismaClient, callerId: string, staffMemberId: string) {
  if (staffMemberId === callerId) throw forbidden('You cannot delete yourself');
  const { administered, theirFacilities } = await administeredFacilitiesOf(prisma, callerId, staffMemberId);
  if (theirFacilities.some((id) => !administered.includes(id))) {
    throw forbidden('This person also works in communities you do not administer: remove them from yours');
  }
  try {
    await prisma.staffMember.delete({ where: { id: staffMemberId } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && ['P2003', 'P2014'].includes(error.code)) {
      throw conflict('This person has records that must be kept: archive them instead', 'HAS_RECORDS');
    }
    throw error;
  }
}

/** GET /staff/{staffMemberId}/facilities: where the person works, among the caller's facilities. */
export async function listStaffFacilities(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
): Promise<TStaffFacility[]> {
  const callerFacilities = (await loadFacilityAccess(prisma, callerId)).map((a) => a.facilityId);
  const rows = await prisma.facility.findMany({
    where: {
      id: { in: callerFacilities },
      groups: { some: { memberships: { some: { staffMemberId } } } },
    },
    select: { id: true, name: true, enterpriseId: true },
    orderBy: { name: 'asc' },
  });
  if (!rows.length) throw notFound(`No staff member ${staffMemberId} in your facilities`);
  return rows.map((r) => ({ facilityId: r.id, facilityName: r.name, enterpriseId: r.enterpriseId }));
}

/**
 * DELETE /staff/{staffMemberId}/facilities [facilityIds]: removes the person from those facilities (groups,
 * shift, facility config, preferences) in one transaction. Each facility must be administered by the caller;
 * the last admin of a group with other members is not removed (409).
 */
export async function removeStaffFromFacilities(
  prisma: PrismaClient,
  callerId: string,
  staffMemberId: string,
  facilityIds: string[],
): Promise<void> {
  if (staffMemberId === callerId) throw forbidden('You cannot remove yourself from a community');
  const { administered, theirFacilities } = await administeredFacilitiesOf(prisma, callerId, staffMemberId);
  const ids = [...new Set(facilityIds)];
  const unknown = ids.filter((id) => !theirFacilities.includes(id));
  if (unknown.length) {
    throw notFound(`Staff member ${staffMemberId} does not work in facility ${unknown[0]}`);
  }
  if (ids.some((id) => !administered.includes(id))) {
    throw forbidden('Removing staff from a community needs a Management group admin there');
  }
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "StaffMember" WHERE id = ${staffMemberId} FOR UPDATE`;
    const adminOf = await tx.groupMembership.findMany({
      where: { staffMemberId, facilityId: { in: ids }, isAdmin: true },
      select: { groupId: true },
    });
    for (const { groupId } of adminOf) {
      await tx.$queryRaw`SELECT id FROM "Group" WHERE id = ${groupId} FOR UPDATE`;
      const [adminCount, memberCount] = await Promise.all([
        tx.groupMembership.count({ where: { groupId, isAdmin: true, staffMember: { isArchived: false } } }),
        tx.groupMembership.count({ where: { groupId, staffMember: { isArchived: false } } }),
      ]);
      const problem = membershipChangeProblem({
        action: 'remove',
        isAdmin: true,
        adminCount,
        memberCount,
        groupCountOfPerson: 2, // leaving the facility altogether: the one-group rule does not apply
      });
      if (problem) {
        throw conflict('They are the last admin of a group: make someone else its admin first', 'LAST_ADMIN');
      }
    }
    const scope = { staffMemberId, facilityId: { in: ids } };
    await tx.groupMembership.deleteMany({ where: scope });
    await tx.onCallState.deleteMany({ where: scope });
    await tx.staffMemberFacilityConfig.deleteMany({ where: scope });
    await tx.staffFacilityPreference.deleteMany({ where: scope });
  });
}

/** POST /staff/permissions: the derived permissions of a person (the caller by default) at a facility. */
export async function staffPermissions(
  prisma: PrismaClient,
  callerId: string,
  body: { facilityId: string; staffMemberId?: string | undefined },
): Promise<TStaffPermissions> {
  const staffMemberId = body.staffMemberId ?? callerId;
  const callerAccess = (await loadFacilityAccess(prisma, callerId)).find(
    (a) => a.facilityId === body.facilityId,
  );
  if (!callerAccess) throw notFound(`No facility ${body.facilityId} in your facilities`);
  const access =
    staffMemberId === callerId
      ? callerAccess
      : (await loadFacilityAccess(prisma, staffMemberId)).find((a) => a.facilityId === body.facilityId);
  if (!access) throw notFound(`No staff member ${staffMemberId} at facility ${body.facilityId}`);
  const config = await prisma.staffMemberFacilityConfig.findUnique({
    where: { facilityId_staffMemberId: { facilityId: body.facilityId, staffMemberId } },
    select: { isCareAdmin: true },
  });
  const memberships = asMemberships(access);
  const { canEditGroupMembership: _byType, ...derived } = derivePermissions({
    // Activities has no permission of its own: it never matches a rule.
    memberships: access.memberships as unknown as PermissionInput['memberships'],
    isFacilityCareAdmin: config?.isCareAdmin ?? false,
  });
  const groups = await prisma.group.findMany({
    where: { facilityId: body.facilityId },
    select: { id: true },
  });
  return {
    staffMemberId,
    facilityId: body.facilityId,
    ...derived,
    canAdministerStaff: mayAdministerStaff(memberships),
    canTakeOffShift: derived.isManagementAdmin,
    editableGroupIds: groups.map((g) => g.id).filter((id) => mayEditMembershipOf(memberships, id)),
  };
}
