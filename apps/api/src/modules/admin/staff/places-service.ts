import type { TCareZone, TListCareZonesQuery } from '@sage/contract';
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
