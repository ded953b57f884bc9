import type { ResidentContactKind, TResidentContact, TResidentContactRequest } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { canEditResidentContacts, canSeeResidentContacts } from '@sage/domain';
import { forbidden, notFound } from '@sage/service-kit/errors';
import { callerAtRecord } from './community-access';

/**
 * Contacts and professional contacts under /residents/{residentId}/ (alerts doc section 7): contacts and
 * specialists are lists; the primary care provider (pcp) and the hospital are one each (docs/decisions/0151).
 * Personal contacts need PII permission, professional ones PHI permission.
 */
export type ContactType = (typeof ResidentContactKind)[keyof typeof ResidentContactKind];

const CONTACT_SELECT = {
  id: true,
  residentId: true,
  type: true,
  firstName: true,
  lastName: true,
  name: true,
  relationship: true,
  specialty: true,
  phoneNumber: true,
  email: true,
  address: true,
  isEmergencyContact: true,
  notes: true,
} as const;

async function residentAccess(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  type: ContactType,
  write: boolean,
) {
  const resident = await prisma.resident.findUnique({
    where: { id: residentId },
    select: { id: true, facilityId: true },
  });
  const at = await callerAtRecord(prisma, staffMemberId, resident, `Resident ${residentId}`);
  const allowed = write
    ? canEditResidentContacts(type, at.permissions)
    : canSeeResidentContacts(type, at.permissions);
  if (!allowed) {
    const need = type === 'CONTACT' ? 'PII' : 'PHI';
    throw forbidden(`${write ? 'Changing' : 'Seeing'} these contacts needs ${need} permission`);
  }
  return resident!;
}

const data = (body: TResidentContactRequest) => ({
  firstName: body.firstName ?? null,
  lastName: body.lastName ?? null,
  name: body.name ?? null,
  relationship: body.relationship ?? null,
  specialty: body.specialty ?? null,
  phoneNumber: body.phoneNumber ?? null,
  email: body.email ?? null,
  address: body.address ?? null,
  isEmergencyContact: body.isEmergencyContact ?? false,
  notes: body.notes ?? null,
});

export async function listContacts(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  type: ContactType,
): Promise<TResidentContact[]> {
  await residentAccess(prisma, staffMemberId, residentId, type, false);
  return prisma.residentContact.findMany({
    where: { residentId, type },
    select: CONTACT_SELECT,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export async function addContact(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  type: ContactType,
  body: TResidentContactRequest,
): Promise<TResidentContact> {
  const resident = await residentAccess(prisma, staffMemberId, residentId, type, true);
  return prisma.residentContact.create({
    data: { residentId, facilityId: resident.facilityId, type, ...data(body) },
    select: CONTACT_SELECT,
  });
}

export async function updateContact(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  type: ContactType,
  contactId: string,
  body: TResidentContactRequest,
): Promise<TResidentContact> {
  await residentAccess(prisma, staffMemberId, residentId, type, true);
  const { count } = await prisma.residentContact.updateMany({
    where: { id: contactId, residentId, type },
    data: data(body),
  });
  if (!count) throw notFound(`Contact ${contactId} not found`);
  return prisma.residentContact.findUniqueOrThrow({ where: { id: contactId }, select: CONTACT_SELECT });
}

export async function deleteContact(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  type: ContactType,
  contactId: string,
): Promise<{ id: string }> {
  await residentAccess(prisma, staffMemberId, residentId, type, true);
  const { count } = await prisma.residentContact.deleteMany({ where: { id: contactId, residentId, type } });
  if (!count) throw notFound(`Contact ${contactId} not found`);
  return { id: contactId };
}

/** The one primary care provider or hospital: null when none is recorded. */
export async function getSingleContact(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  type: ContactType,
): Promise<TResidentContact | null> {
  await residentAccess(prisma, staffMemberId, residentId, type, false);
  return prisma.residentContact.findFirst({ where: { residentId, type }, select: CONTACT_SELECT });
}

/** PUT pcp / hospital: replaces the one recorded (in a transaction, so there is never a second). */
export async function putSingleContact(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  type: ContactType,
  body: TResidentContactRequest,
): Promise<TResidentContact> {
  const resident = await residentAccess(prisma, staffMemberId, residentId, type, true);
  return prisma.$transaction(async (tx) => {
    // Serialise writers of this resident's contacts: one winner, never two providers.
    await tx.$queryRaw`SELECT id FROM "Resident" WHERE id = ${residentId} FOR UPDATE`;
    const current = await tx.residentContact.findFirst({ where: { residentId, type }, select: { id: true } });
    if (current) {
      return tx.residentContact.update({
        where: { id: current.id },
        data: data(body),
        select: CONTACT_SELECT,
      });
    }
    return tx.residentContact.create({
      data: { residentId, facilityId: resident.facilityId, type, ...data(body) },
      select: CONTACT_SELECT,
    });
  });
}

export async function deleteSingleContact(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
  type: ContactType,
): Promise<{ deleted: number }> {
  await residentAccess(prisma, staffMemberId, residentId, type, true);
  const { count } = await prisma.residentContact.deleteMany({ where: { residentId, type } });
  return { deleted: count };
}
