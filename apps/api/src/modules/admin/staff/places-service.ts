import type { TCareZone, TCompanyPhone, TListCareZonesQuery, TListCompanyPhonesQuery } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { resolveFacilityScope } from './access';
import { CARE_ZONE_SELECT, toCareZone } from './staff-shape';

/** GET /careZones ?facilityRid, enterpriseRid: care zones of the caller's facilities. */
export async function listCareZones(
  prisma: PrismaClient,
  callerId: string,
  query: TListCareZonesQuery,
): Promise<TCareZone[]> {
  const facilityIds = await resolveFacilityScope(prisma, callerId, {
    ...(query.facilityRid ? { facilityId: query.facilityRid } : {}),
    ...(query.enterpriseRid ? { enterpriseId: query.enterpriseRid } : {}),
  });
  const rows = await prisma.careZone.findMany({
    where: { facilityId: { in: facilityIds } },
    select: CARE_ZONE_SELECT,
    orderBy: [{ facilityId: 'asc' }, { name: 'asc' }],
  });
  return rows.map(toCareZone);
}

/**
 * GET /companyPhones ?enterpriseId, facilityId, availablePhonesOnly: the community phones of the caller's
 * facilities, each with who is on shift with it (null: available).
 */
export async function listCompanyPhones(
  prisma: PrismaClient,
  callerId: string,
  query: TListCompanyPhonesQuery,
): Promise<TCompanyPhone[]> {
  const facilityIds = await resolveFacilityScope(prisma, callerId, query);
  const rows = await prisma.companyPhone.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(query.availablePhonesOnly
        ? { onCallStates: { none: { activeCompanyPhoneKey: { not: null } } } }
        : {}),
    },
    select: {
      id: true,
      displayName: true,
      phoneNumber: true,
      facilityId: true,
      onCallStates: {
        where: { activeCompanyPhoneKey: { not: null } },
        select: { staffMemberId: true, staffMember: { select: { firstName: true, lastName: true } } },
        take: 1,
      },
    },
    orderBy: [{ facilityId: 'asc' }, { displayName: 'asc' }],
  });
  return rows.map(({ onCallStates, ...phone }) => {
    const holder = onCallStates[0];
    return {
      ...phone,
      inUseBy: holder
        ? {
            staffMemberId: holder.staffMemberId,
            firstName: holder.staffMember.firstName,
            lastName: holder.staffMember.lastName,
          }
        : null,
    };
  });
}
