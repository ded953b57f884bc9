import {
  TEST_ALERT_RESOLUTION_TYPE,
  type TLatestCareActivityReply,
  type TResidentActivitiesQuery,
  type TResidentActivitiesReply,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { notFound } from '@sage/service-kit/errors';
import type { Viewer } from '../admin/tasks/access';
import { careFacilityIds } from './care-access';
import { careOutcomeWhere } from './care-outcome-filter';
import { RESIDENT_ACTIVITY_SELECT, toResidentActivity } from './log-care';

/**
 * What counts as care activity for the routine check: an outcome of care given or refused (COMPLETED or
 * REFUSED) from any source (resolved alert, care log, care event, care outcome). A test alert and a 'No Care
 * Given' false alarm are not care.
 */
export const CARE_ACTIVITY_WHERE: Prisma.CareOutcomeWhereInput = {
  outcome: { in: ['COMPLETED', 'REFUSED'] },
  careProvided: { not: TEST_ALERT_RESOLUTION_TYPE },
};

/**
 * POST /admin/api/v1/residents/careActivity/latest: "request residentRids; response per resident
 * timeSinceLastCareActivityInMin" (whole minutes, null when none yet). Residents outside the caller's care
 * facilities are left out of the reply.
 */
export async function latestCareActivity(
  prisma: PrismaClient,
  viewer: Viewer,
  residentRids: string[],
): Promise<TLatestCareActivityReply> {
  const facilityIds = careFacilityIds(viewer);
  const ids = [...new Set(residentRids)];
  const [residents, latest] = await Promise.all([
    prisma.resident.findMany({
      where: { id: { in: ids }, facilityId: { in: facilityIds } },
      select: { id: true },
    }),
    prisma.careOutcome.groupBy({
      by: ['residentId'],
      where: { residentId: { in: ids }, facilityId: { in: facilityIds }, ...CARE_ACTIVITY_WHERE },
      _max: { createdAt: true },
    }),
  ]);
  const known = new Set(residents.map((r) => r.id));
  const byResident = new Map(latest.map((l) => [l.residentId, l._max.createdAt]));
  const now = Date.now();
  return ids
    .filter((id) => known.has(id))
    .map((residentRid) => {
      const at = byResident.get(residentRid) ?? null;
      return {
        residentRid,
        timeSinceLastCareActivityInMin: at ? Math.max(0, Math.floor((now - at.getTime()) / 60_000)) : null,
        lastCareActivityTimestamp: at ? at.getTime() : null,
      };
    });
}

/** GET /admin/api/v1/residents/{residentId}/activities: the resident's care log, newest first. */
export async function residentActivities(
  prisma: PrismaClient,
  viewer: Viewer,
  residentId: string,
  query: TResidentActivitiesQuery,
): Promise<TResidentActivitiesReply> {
  const resident = await prisma.resident.findFirst({
    where: { id: residentId, facilityId: { in: careFacilityIds(viewer) } },
    select: { id: true, facilityId: true },
  });
  if (!resident) throw notFound(`Resident ${residentId} not found`);
  const kind = careOutcomeWhere(query.careOutcomes);
  const where: Prisma.ResidentActivityWhereInput = {
    facilityId: resident.facilityId,
    residentId: resident.id,
    ...(kind ? { careOutcomes: { some: kind } } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    prisma.residentActivity.findMany({
      where,
      select: RESIDENT_ACTIVITY_SELECT,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: query.pageNumber * query.pageSize,
      take: query.pageSize,
    }),
    prisma.residentActivity.count({ where }),
  ]);
  return {
    activities: rows.map(toResidentActivity),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount,
  };
}
