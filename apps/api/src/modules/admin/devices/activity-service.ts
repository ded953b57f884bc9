import type {
  TDeviceActivityReply,
  TDeviceActivitySearchRequest,
  TLatestAllocatedActivity,
  TLatestAllocatedActivityRequest,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { resolveFacilityScope } from '../staff/access';

/**
 * POST /devices/activity: the activity history (presses, door events, heartbeats with battery) of a
 * facility's devices, newest first, paged. Readable by every staff member of the facility, like the
 * pendants drawer (decision 0070).
 */
export async function searchActivity(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TDeviceActivitySearchRequest,
): Promise<{ activities: TDeviceActivityReply[]; pageNumber: number; pageSize: number; totalCount: number }> {
  await resolveFacilityScope(prisma, staffMemberId, { facilityId: body.facilityRid });
  const facilityId = body.facilityRid;
  const where: Prisma.DeviceActivityWhereInput = {
    facilityId,
    // Only devices still registered to the facility: a device moved elsewhere takes its history along.
    device: { facilityId },
    ...(body.deviceRids ? { deviceId: { in: body.deviceRids } } : {}),
    ...(body.types ? { type: { in: body.types } } : {}),
    ...(body.after !== undefined || body.before !== undefined
      ? {
          timestamp: {
            ...(body.after !== undefined ? { gt: new Date(body.after) } : {}),
            ...(body.before !== undefined ? { lt: new Date(body.before) } : {}),
          },
        }
      : {}),
  };
  const [rows, totalCount] = await prisma.$transaction([
    prisma.deviceActivity.findMany({
      where,
      select: { id: true, deviceId: true, type: true, batteryLevel: true, timestamp: true, taskId: true },
      orderBy: [{ timestamp: 'desc' }, { id: 'asc' }],
      skip: body.pageNumber * body.pageSize,
      take: body.pageSize,
    }),
    prisma.deviceActivity.count({ where }),
  ]);
  return {
    activities: rows.map((r) => ({
      id: r.id,
      deviceRid: r.deviceId,
      type: r.type,
      batteryLevel: r.batteryLevel,
      timestamp: r.timestamp.getTime(),
      taskId: r.taskId,
    })),
    pageNumber: body.pageNumber,
    pageSize: body.pageSize,
    totalCount,
  };
}

/**
 * POST /devices/activity/allocated/latest: each actively allocated device of the facility with its battery,
 * last press, last heard and its latest activity (one row per device, in allocation order).
 */
export async function latestAllocatedActivity(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TLatestAllocatedActivityRequest,
): Promise<TLatestAllocatedActivity[]> {
  await resolveFacilityScope(prisma, staffMemberId, { facilityId: body.facilityRid });
  const facilityId = body.facilityRid;
  const allocations = await prisma.deviceAllocation.findMany({
    where: { facilityId, isActive: true, ...(body.type ? { device: { type: body.type } } : {}) },
    select: {
      id: true,
      displayName: true,
      device: {
        select: {
          id: true,
          type: true,
          hardwareId: true,
          batteryLevel: true,
          lastPressTimestamp: true,
          lastHeardAt: true,
          activities: {
            where: { facilityId },
            orderBy: [{ timestamp: 'desc' }, { id: 'desc' }],
            take: 1,
            select: { type: true, timestamp: true, batteryLevel: true },
          },
        },
      },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return allocations.map((a) => {
    const latest = a.device.activities[0];
    return {
      allocationId: a.id,
      deviceRid: a.device.id,
      type: a.device.type,
      hardwareId: a.device.hardwareId,
      displayName: a.displayName,
      batteryLevel: a.device.batteryLevel,
      lastPressTimestamp: a.device.lastPressTimestamp?.getTime() ?? null,
      lastHeardAt: a.device.lastHeardAt?.getTime() ?? null,
      latestActivity: latest
        ? { type: latest.type, timestamp: latest.timestamp.getTime(), batteryLevel: latest.batteryLevel }
        : null,
    };
  });
}
