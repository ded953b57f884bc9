import {
  CHECK_IN_ROOM_OPTION,
  DeviceType,
  PENDANT_DEVICE_TYPE,
  type TCreateDeviceAllocationRequest,
  type TCreatedDeviceAllocationReply,
} from '@sage/contract';
import { isUniqueViolation, type Prisma, type PrismaClient } from '@sage/db';
import { conflict, invalidInput } from '@sage/service-kit/errors';
import { managedFacilityIds, requireManagerAt } from './management';
import { findAllocationInScope, getAllocation } from './service';

type Issue = { field: string; rule: string; message: string };

/**
 * Checks one allocation request against the facility (in the caller's transaction) and writes it. Field names
 * carry `prefix` (e.g. `body.2.`) so a bulk request names the item. Throws 400 with every issue found.
 */
async function createOne(
  tx: Prisma.TransactionClient,
  body: TCreateDeviceAllocationRequest,
  prefix: string,
): Promise<{ id: string; residentOtherPendantIds: string[] }> {
  const facilityId = body.facilityRid;
  const issues: Issue[] = [];
  const targets = [body.residentRid, body.unitRid, body.doorRid].filter(Boolean).length;
  if (targets !== 1) {
    // Named at the allocation itself: no single field is missing or wrong, the combination is.
    issues.push({
      field: prefix.replace(/\.$/, ''),
      rule: 'exactly one',
      message: 'A device goes to exactly one of a resident, a unit or a door',
    });
  }
  if (body.room && !body.unitRid) {
    issues.push({ field: `${prefix}room`, rule: 'requires unit', message: 'A room needs a unit' });
  }
  if (issues.length) throw invalidInput(issues);

  const [facility, device, resident, unit, door, schedule] = await Promise.all([
    tx.facility.findUniqueOrThrow({ where: { id: facilityId }, select: { enterpriseId: true } }),
    tx.device.findFirst({ where: { id: body.deviceRid, facilityId }, select: { id: true, type: true } }),
    body.residentRid
      ? tx.resident.findFirst({
          where: { id: body.residentRid, facilityId, isArchived: false },
          select: { id: true },
        })
      : null,
    body.unitRid
      ? tx.unit.findFirst({ where: { id: body.unitRid, facilityId }, select: { id: true, isArchived: true } })
      : null,
    body.doorRid
      ? tx.door.findFirst({ where: { id: body.doorRid, facilityId }, select: { id: true } })
      : null,
    body.doorAlarmScheduleRid
      ? tx.doorAlarmSchedule.findFirst({
          where: { id: body.doorAlarmScheduleRid, facilityId },
          select: { id: true },
        })
      : null,
  ]);
  // The same answer whether an id exists in another community or not at all: nothing leaks.
  const missing = (field: string, what: string) =>
    issues.push({
      field: `${prefix}${field}`,
      rule: 'same facility',
      message: `No such ${what} in this facility`,
    });
  if (!device) missing('deviceRid', 'device');
  if (body.residentRid && !resident) missing('residentRid', 'resident');
  if (body.unitRid && !unit) missing('unitRid', 'unit');
  // No device goes to an archived unit (decision 0612).
  if (unit?.isArchived) {
    issues.push({
      field: `${prefix}unitRid`,
      rule: 'archived',
      message: 'This unit is archived; restore it first',
    });
  }
  if (body.doorRid && !door) missing('doorRid', 'door');
  if (body.doorAlarmScheduleRid && !schedule) missing('doorAlarmScheduleRid', 'door alarm schedule');
  if (device && resident && device.type !== PENDANT_DEVICE_TYPE) {
    issues.push({
      field: `${prefix}residentRid`,
      rule: 'device type',
      message: 'Only a Sage Button can be a resident pendant',
    });
  }
  if (device && door && device.type !== DeviceType.DOOR_ALARM) {
    issues.push({
      field: `${prefix}doorRid`,
      rule: 'device type',
      message: 'Only a Door Alarm goes on a door',
    });
  }
  if (issues.length) throw invalidInput(issues);

  // "Doors with an allocated device cannot be selected": one active alarm per door.
  if (door) {
    // Lock the door row so two concurrent allocations of one door give one winner.
    await tx.$queryRaw`SELECT id FROM "Door" WHERE id = ${door.id} FOR UPDATE`;
    const taken = await tx.deviceAllocation.findFirst({
      where: { doorId: door.id, isActive: true },
      select: { id: true },
    });
    if (taken) throw conflict('This door already has an allocated device');
  }
  const residentOtherPendantIds = resident
    ? (
        await tx.deviceAllocation.findMany({
          where: { residentId: resident.id, isActive: true, device: { type: PENDANT_DEVICE_TYPE } },
          select: { id: true },
        })
      ).map((a) => a.id)
    : [];
  const created = await tx.deviceAllocation.create({
    data: {
      facilityId,
      enterpriseId: facility.enterpriseId,
      deviceId: body.deviceRid,
      residentId: resident?.id ?? null,
      unitId: unit?.id ?? null,
      doorId: door?.id ?? null,
      room: body.room ?? null,
      isCheckIn: body.room === CHECK_IN_ROOM_OPTION.id,
      isSilent: body.isSilent ?? false,
      displayName: body.displayName || null,
      doorAlarmScheduleId: schedule?.id ?? null,
      // One active allocation per device (unique): a second one is a 409.
      activeDeviceKey: body.deviceRid,
      isActive: true,
    },
    select: { id: true },
  });
  return { id: created.id, residentOtherPendantIds };
}

/**
 * POST /devices/allocated and /devices/allocated/bulk: all in one transaction (all or nothing). A device
 * already allocated is 409; a resident who already has a pendant is allowed and reported (decision 0070).
 */
export async function createAllocations(
  prisma: PrismaClient,
  staffMemberId: string,
  bodies: TCreateDeviceAllocationRequest[],
  isBulk: boolean,
): Promise<TCreatedDeviceAllocationReply[]> {
  for (const facilityId of new Set(bodies.map((b) => b.facilityRid))) {
    await managedFacilityIds(prisma, staffMemberId, { facilityId });
  }
  let created: { id: string; residentOtherPendantIds: string[] }[];
  try {
    created = await prisma.$transaction(async (tx) => {
      const out = [];
      for (const [index, body] of bodies.entries()) {
        out.push(await createOne(tx, body, isBulk ? `body.${index}.` : 'body.'));
      }
      return out;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This device is already allocated');
    throw error;
  }
  return Promise.all(
    created.map(async (c) => ({
      ...(await getAllocation(prisma, staffMemberId, c.id)),
      residentOtherPendantIds: c.residentOtherPendantIds,
    })),
  );
}

/**
 * DELETE /devices/allocated/{id}: removes the allocation record (management only). An active one is removed
 * too, which frees the device; tasks keep their own copy of who and where.
 */
export async function deleteAllocation(
  prisma: PrismaClient,
  staffMemberId: string,
  id: string,
): Promise<void> {
  const current = await findAllocationInScope(prisma, staffMemberId, id);
  await requireManagerAt(prisma, staffMemberId, current.facilityId);
  await prisma.deviceAllocation.deleteMany({ where: { id, facilityId: current.facilityId } });
}
