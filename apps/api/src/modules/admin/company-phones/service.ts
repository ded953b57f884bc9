import type {
  TBulkCreateCompanyPhonesRequest,
  TCompanyPhoneDetail,
  TCreateCompanyPhoneRequest,
  TDeletedReply,
  TListCompanyPhonesPageQuery,
  TUpdateCompanyPhoneRequest,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { conflict, notFound } from '@sage/service-kit/errors';
import {
  editableFacility,
  facilityScopeForList,
  loadOrgAccess,
  type OrgAccess,
  visibleFacility,
} from '../enterprises/org-access';
import { checkPhoneNumbers, staleWrite, unchangedSince, uniqueOr409 } from '../enterprises/write-guards';

const PHONE_SELECT = {
  id: true,
  displayName: true,
  phoneNumber: true,
  facilityId: true,
  enterpriseId: true,
  updatedAt: true,
  onCallStates: {
    where: { activeCompanyPhoneKey: { not: null } },
    select: { staffMemberId: true, staffMember: { select: { firstName: true, lastName: true } } },
    take: 1,
  },
} as const satisfies Prisma.CompanyPhoneSelect;
type PhoneRow = Prisma.CompanyPhoneGetPayload<{ select: typeof PHONE_SELECT }>;

const toDetail = ({ onCallStates, updatedAt, ...phone }: PhoneRow): TCompanyPhoneDetail => {
  const holder = onCallStates[0];
  return {
    ...phone,
    updatedAt: updatedAt.toISOString(),
    inUseBy: holder
      ? {
          staffMemberId: holder.staffMemberId,
          firstName: holder.staffMember.firstName,
          lastName: holder.staffMember.lastName,
        }
      : null,
  };
};

/** A search matches the name (any case) or, when it looks like a number, the digits of the number. */
function searchConditions(search: string): Prisma.CompanyPhoneWhereInput[] {
  const byName: Prisma.CompanyPhoneWhereInput = { displayName: { contains: search, mode: 'insensitive' } };
  const digits = search.replace(/\D/g, '');
  return /^[\d\s()+.-]+$/.test(search) && digits ? [byName, { phoneNumber: { contains: digits } }] : [byName];
}

const NUMBER_TAKEN = 'The community already has a company phone with this number';

/**
 * GET /companyPhones ?enterpriseId, facilityId, availablePhonesOnly: the community phones of the caller's
 * communities, each with who is on shift with it (null: available); paged, searchable by name or number.
 */
export async function listCompanyPhones(
  prisma: PrismaClient,
  callerId: string,
  query: TListCompanyPhonesPageQuery,
): Promise<TCompanyPhoneDetail[]> {
  const access = await loadOrgAccess(prisma, callerId);
  const scope = await facilityScopeForList(prisma, access, query);
  const rows = await prisma.companyPhone.findMany({
    where: {
      facility: scope,
      ...(query.availablePhonesOnly
        ? { onCallStates: { none: { activeCompanyPhoneKey: { not: null } } } }
        : {}),
      ...(query.search ? { OR: searchConditions(query.search) } : {}),
    },
    select: PHONE_SELECT,
    orderBy: [{ facilityId: 'asc' }, { displayName: 'asc' }, { id: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
  return rows.map(toDetail);
}

/** A company phone of a community the caller sees, or 404. */
async function visiblePhone(prisma: PrismaClient, access: OrgAccess, id: string): Promise<PhoneRow> {
  const row = await prisma.companyPhone.findUnique({ where: { id }, select: PHONE_SELECT });
  if (!row) throw notFound(`Company phone ${id} not found`);
  await visibleFacility(prisma, access, row.facilityId).catch(() => {
    throw notFound(`Company phone ${id} not found`);
  });
  return row;
}

export async function getCompanyPhone(
  prisma: PrismaClient,
  callerId: string,
  id: string,
): Promise<TCompanyPhoneDetail> {
  const access = await loadOrgAccess(prisma, callerId);
  return toDetail(await visiblePhone(prisma, access, id));
}

/** Creates phones in one transaction (all or none); the numbers checked first, every bad one named. */
async function createPhones(
  prisma: PrismaClient,
  access: OrgAccess,
  phones: TCreateCompanyPhoneRequest[],
  fieldPrefix: (index: number) => string,
): Promise<TCompanyPhoneDetail[]> {
  const normalised = phones.map((p, i) => ({
    ...p,
    phoneNumber: checkPhoneNumbers({ phoneNumber: p.phoneNumber }, fieldPrefix(i)).phoneNumber as string,
  }));
  const facilities = new Map<string, string>();
  for (const facilityId of new Set(normalised.map((p) => p.facilityId))) {
    facilities.set(facilityId, (await editableFacility(prisma, access, facilityId)).enterpriseId);
  }
  return uniqueOr409(
    () =>
      prisma.$transaction(async (tx) => {
        const created: PhoneRow[] = [];
        for (const phone of normalised) {
          created.push(
            await tx.companyPhone.create({
              data: { ...phone, enterpriseId: facilities.get(phone.facilityId) as string },
              select: PHONE_SELECT,
            }),
          );
        }
        return created.map(toDetail);
      }),
    NUMBER_TAKEN,
    'COMPANY_PHONE_NUMBER_TAKEN',
  );
}

export async function createCompanyPhone(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateCompanyPhoneRequest,
) {
  const access = await loadOrgAccess(prisma, callerId);
  const [phone] = await createPhones(prisma, access, [body], () => 'body');
  return phone as TCompanyPhoneDetail;
}

export async function bulkCreateCompanyPhones(
  prisma: PrismaClient,
  callerId: string,
  body: TBulkCreateCompanyPhonesRequest,
) {
  const access = await loadOrgAccess(prisma, callerId);
  return createPhones(prisma, access, body.companyPhones, (i) => `body.companyPhones.${i}`);
}

export async function updateCompanyPhone(
  prisma: PrismaClient,
  callerId: string,
  id: string,
  body: TUpdateCompanyPhoneRequest,
): Promise<TCompanyPhoneDetail> {
  const access = await loadOrgAccess(prisma, callerId);
  const phone = await visiblePhone(prisma, access, id);
  await editableFacility(prisma, access, phone.facilityId);
  const { phoneNumber } = checkPhoneNumbers({ phoneNumber: body.phoneNumber });
  const { count } = await uniqueOr409(
    () =>
      prisma.companyPhone.updateMany({
        where: { id, ...unchangedSince(body.updatedAt) },
        data: { displayName: body.displayName, phoneNumber: phoneNumber as string },
      }),
    NUMBER_TAKEN,
    'COMPANY_PHONE_NUMBER_TAKEN',
  );
  if (count === 0) throw staleWrite('The company phone');
  return toDetail(await visiblePhone(prisma, access, id));
}

/**
 * Deletes company phones, all or none: each must be one the caller may change (else 404 or 403), and none
 * may be in someone's hands on shift (409: they would lose their alerts' device; decision 0173).
 */
export async function deleteCompanyPhones(
  prisma: PrismaClient,
  callerId: string,
  ids: string[],
): Promise<TDeletedReply> {
  const access = await loadOrgAccess(prisma, callerId);
  const unique = [...new Set(ids)];
  for (const id of unique) {
    const phone = await visiblePhone(prisma, access, id);
    await editableFacility(prisma, access, phone.facilityId);
  }
  return prisma.$transaction(async (tx) => {
    // Lock the phones' rows, then refuse any in use: one winner against a concurrent go-on-shift.
    await tx.$queryRaw`SELECT id FROM "CompanyPhone" WHERE id = ANY(${unique}) FOR UPDATE`;
    const inUse = await tx.onCallState.findFirst({
      where: { activeCompanyPhoneKey: { in: unique } },
      select: { companyPhone: { select: { displayName: true } } },
    });
    if (inUse) {
      throw conflict(
        `${inUse.companyPhone?.displayName ?? 'A company phone'} is in use by someone on shift`,
        'COMPANY_PHONE_IN_USE',
      );
    }
    const { count } = await tx.companyPhone.deleteMany({ where: { id: { in: unique } } });
    if (count !== unique.length) throw conflict('A company phone was deleted meanwhile', 'STALE_WRITE');
    return { deleted: unique };
  });
}
