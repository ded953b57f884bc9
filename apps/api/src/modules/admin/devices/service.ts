import {
  CHECK_IN_ROOM_OPTION,
  type GroupId,
  PENDANT_DEVICE_TYPE,
  type TCreatedDeviceAllocationReply,
  type TDeviceAllocationReply,
  type TLatestDeviceActivity,
  type TLatestDeviceActivityRequest,
  type TListDeviceAllocationsQuery,
  type TUpdateDeviceAllocationRequest,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { derivePermissions } from '@sage/domain';
import { conflict, forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess, resolveFacilityScope } from '../staff/access';

/** The fields of an allocation reply: an allow-list (a new column never leaks). */
const ALLOCATION_SELECT = {
  id: true,
  facilityId: true,
  room: true,
  displayName: true,
  isCheckIn: true,
  isSilent: true,
  isActive: true,
  device: {
    select: { id: true, type: true, hardwareId: true, lastPressTimestamp: true, batteryLevel: true },
  },
  unit: { select: { id: true, displayName: true, careType: true } },
  resident: {
    select: {
      id: true,
      firstName: true,
      middleName: true,
      lastName: true,
      preferredName: true,
      unit: { select: { id: true, displayName: true } },
    },
  },
  door: { select: { id: true, name: true } },
} satisfies Prisma.DeviceAllocationSelect;

type AllocationRow = Prisma.DeviceAllocationGetPayload<{ select: typeof ALLOCATION_SELECT }>;

function toReply(row: AllocationRow): TDeviceAllocationReply {
  return {
    ...row,
    device: {
      ...row.device,
      lastPressTimestamp: row.device.lastPressTimestamp?.getTime() ?? null,
    },
  };
}

/** GET /devices/allocated: active allocations of the caller's facilities (or the one asked for). */
export async function listAllocations(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListDeviceAllocationsQuery,
): Promise<TDeviceAllocationReply[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, {
    facilityId: query.facilityRid,
    enterpriseId: query.enterpriseRid,
  });
  const rows = await prisma.deviceAllocation.findMany({
    where: {
      facilityId: { in: facilityIds },
      isActive: true,
      ...(query.unitRid ? { unitId: query.unitRid } : {}),
      ...(query.doorRid ? { doorId: query.doorRid } : {}),
      ...(query.residentRid ? { residentId: query.residentRid } : {}),
      ...(query.isCheckIn !== undefined ? { isCheckIn: query.isCheckIn } : {}),
      ...(query.isSilent !== undefined ? { isSilent: query.isSilent } : {}),
      ...(query.type || query.deviceHardwareId
        ? {
            device: {
              ...(query.type ? { type: query.type } : {}),
              ...(query.deviceHardwareId ? { hardwareId: query.deviceHardwareId } : {}),
            },
          }
        : {}),
    },
    select: ALLOCATION_SELECT,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toReply);
}

/** An allocation of one of the caller's facilities (active or not); 404 otherwise. */
export async function findAllocationInScope(prisma: PrismaClient, staffMemberId: string, id: string) {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, {});
  const row = await prisma.deviceAllocation.findFirst({
    where: { id, facilityId: { in: facilityIds } },
    select: ALLOCATION_SELECT,
  });
  if (!row) throw notFound(`Device allocation ${id} not found`);
  return row;
}

/** GET /devices/allocated/{id}. */
export async function getAllocation(
  prisma: PrismaClient,
  staffMemberId: string,
  id: string,
): Promise<TDeviceAllocationReply> {
  return toReply(await findAllocationInScope(prisma, staffMemberId, id));
}

/** "Only management can open a device allocation page": changes are refused (403) to everyone else. */
async function requireManagement(prisma: PrismaClient, staffMemberId: string, facilityId: string) {
  const access = (await loadFacilityAccess(prisma, staffMemberId)).find((f) => f.facilityId === facilityId);
  const permissions = derivePermissions({
    memberships: (access?.memberships ?? []).map((m) => ({ group: m.group as GroupId, isAdmin: m.isAdmin })),
  });
  if (!permissions.canOpenDeviceAllocation) {
    throw forbidden('Only management can change a device allocation');
  }
}

/**
 * PUT /devices/allocated/{id}: to a resident (a pendant: Sage Buttons only) or to a unit and room, and/or a
 * new display name. The resident or unit must belong to the allocation's facility (else 400 naming the field).
 */
export async function updateAllocation(
  prisma: PrismaClient,
  staffMemberId: string,
  id: string,
  body: TUpdateDeviceAllocationRequest,
): Promise<TCreatedDeviceAllocationReply> {
  const current = await findAllocationInScope(prisma, staffMemberId, id);
  await requireManagement(prisma, staffMemberId, current.facilityId);

  const issues: { field: string; rule: string; message: string }[] = [];
  if (body.residentRid && body.unitRid) {
    issues.push({
      field: 'body.unitRid',
      rule: 'exclusive',
      message: 'A device goes to either a resident or a unit, not both',
    });
  }
  if (body.room !== undefined && body.room !== null && !body.unitRid && !current.unit) {
    issues.push({ field: 'body.room', rule: 'requires unit', message: 'A room needs a unit' });
  }
  if (body.residentRid && current.device.type !== PENDANT_DEVICE_TYPE) {
    issues.push({
      field: 'body.residentRid',
      rule: 'device type',
      message: 'Only a Sage Button can be a resident pendant',
    });
  }
  if (issues.length) throw invalidInput(issues);

  const [resident, unit] = await Promise.all([
    body.residentRid
      ? prisma.resident.findFirst({
          where: { id: body.residentRid, facilityId: current.facilityId, isArchived: false },
          select: { id: true },
        })
      : null,
    body.unitRid
      ? prisma.unit.findFirst({
          where: { id: body.unitRid, facilityId: current.facilityId },
          select: { id: true, isArchived: true },
        })
      : null,
  ]);
  if (body.residentRid && !resident) {
    issues.push({
      field: 'body.residentRid',
      rule: 'same facility',
      message: 'No such resident in the facility of this device',
    });
  }
  if (body.unitRid && !unit) {
    issues.push({
      field: 'body.unitRid',
      rule: 'same facility',
      message: 'No such unit in the facility of this device',
    });
  }
  // No device goes to an archived unit (decision 0612).
  if (unit?.isArchived) {
    issues.push({
      field: 'body.unitRid',
      rule: 'archived',
      message: 'This unit is archived; restore it first',
    });
  }
  if (issues.length) throw invalidInput(issues);

  const data: Prisma.DeviceAllocationUncheckedUpdateManyInput = {};
  if (resident)
    Object.assign(data, {
      residentId: resident.id,
      unitId: null,
      doorId: null,
      room: null,
      isCheckIn: false,
    });
  if (unit) Object.assign(data, { unitId: unit.id, residentId: null, doorId: null });
  if (body.room !== undefined && !resident) {
    data.room = body.room;
    data.isCheckIn = body.room === CHECK_IN_ROOM_OPTION.id;
  }
  if (body.displayName !== undefined) data.displayName = body.displayName || null;

  // Only an active allocation changes; one unallocated meanwhile is a lost race (409).
  const { count } = await prisma.deviceAllocation.updateMany({
    where: { id, facilityId: current.facilityId, isActive: true },
    data,
  });
  if (count === 0) throw conflict('This device is no longer allocated');
  // The resident's other pendants, so the client warns 'Pendant already assigned' (allowed, decision 0070).
  const residentOtherPendantIds = resident
    ? (
        await prisma.deviceAllocation.findMany({
          where: {
            residentId: resident.id,
            isActive: true,
            id: { not: id },
            device: { type: PENDANT_DEVICE_TYPE },
          },
          select: { id: true },
        })
      ).map((a) => a.id)
    : [];
  return { ...(await getAllocation(prisma, staffMemberId, id)), residentOtherPendantIds };
}

/** POST /devices/allocated/{id}/unallocate: the device stays registered to the facility, unassigned. */
export async function unallocate(
  prisma: PrismaClient,
  staffMemberId: string,
  id: string,
): Promise<TDeviceAllocationReply> {
  const current = await findAllocationInScope(prisma, staffMemberId, id);
  await requireManagement(prisma, staffMemberId, current.facilityId);
  const { count } = await prisma.deviceAllocation.updateMany({
    where: { id, facilityId: current.facilityId, isActive: true },
    data: { isActive: false, activeDeviceKey: null, unallocatedAt: new Date() },
  });
  if (count === 0) throw conflict('This device is already unallocated');
  return getAllocation(prisma, staffMemberId, id);
}

/** POST /devices/activity/latest: battery level and last press of each device of the facility asked for. */
export async function latestActivity(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TLatestDeviceActivityRequest,
): Promise<TLatestDeviceActivity[]> {
  const [facilityId] = await resolveFacilityScope(prisma, staffMemberId, { facilityId: body.facilityRid });
  const devices = await prisma.device.findMany({
    where: { id: { in: body.deviceRids }, facilityId },
    select: { id: true, batteryLevel: true, lastPressTimestamp: true },
  });
  const byId = new Map(devices.map((d) => [d.id, d]));
  // In the order asked; ids of other facilities or unknown ones are left out.
  return body.deviceRids.flatMap((deviceRid) => {
    const d = byId.get(deviceRid);
    return d
      ? [
          {
            deviceRid,
            batteryLevel: d.batteryLevel,
            lastPressTimestamp: d.lastPressTimestamp?.getTime() ?? null,
          },
        ]
      : [];
  });
}
