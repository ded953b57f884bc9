import type { TCreateDoorRequest, TDoorReply, TSearchDoorsRequest, TUpdateDoorRequest } from '@sage/contract';
import { isUniqueViolation, type Prisma, type PrismaClient } from '@sage/db';
import { conflict, invalidInput, notFound } from '@sage/service-kit/errors';
import { managedFacilityIds } from '../devices/management';
import { resolveFacilityScope } from '../staff/access';
import { SCHEDULE_SELECT, scheduleToReply } from './schedule-service';

const DOOR_SELECT = {
  id: true,
  facilityId: true,
  name: true,
  doorAlarmScheduleId: true,
  doorAlarmSchedule: { select: SCHEDULE_SELECT },
  deviceAllocations: {
    where: { isActive: true },
    take: 1,
    select: { id: true, displayName: true, device: { select: { id: true, type: true, hardwareId: true } } },
  },
} satisfies Prisma.DoorSelect;
type DoorRow = Prisma.DoorGetPayload<{ select: typeof DOOR_SELECT }>;

const toReply = (row: DoorRow): TDoorReply => ({
  rid: row.id,
  facilityId: row.facilityId,
  name: row.name,
  doorAlarmScheduleRid: row.doorAlarmScheduleId,
  doorAlarmSchedule: row.doorAlarmSchedule ? scheduleToReply(row.doorAlarmSchedule) : null,
  deviceAllocation: row.deviceAllocations[0] ?? null,
});

const nameTaken = (name: string) => conflict(`A door named ${name} already exists in this facility`);

/** A schedule of the facility that is not its default (400 naming the field otherwise). */
async function checkSchedule(
  tx: Prisma.TransactionClient,
  facilityId: string,
  rid: string,
  field: string,
): Promise<void> {
  const schedule = await tx.doorAlarmSchedule.findFirst({
    where: { id: rid, facilityId },
    select: { id: true },
  });
  if (!schedule) {
    throw invalidInput([
      { field, rule: 'same facility', message: 'No such door alarm schedule in this facility' },
    ]);
  }
}

/** POST /doors and /doors/bulk (management only): all in one transaction; a name taken in the facility is 409. */
export async function createDoors(
  prisma: PrismaClient,
  staffMemberId: string,
  bodies: TCreateDoorRequest[],
  isBulk: boolean,
): Promise<TDoorReply[]> {
  const issues: { field: string; rule: string; message: string }[] = [];
  const seen = new Set<string>();
  bodies.forEach((b, i) => {
    const key = `${b.facilityRid}\u0000${b.doorName.toLowerCase()}`;
    if (seen.has(key)) {
      issues.push({
        field: `body.${i}.doorName`,
        rule: 'unique',
        message: 'The same door name is given twice',
      });
    }
    seen.add(key);
  });
  if (issues.length) throw invalidInput(issues);
  for (const facilityId of new Set(bodies.map((b) => b.facilityRid))) {
    await managedFacilityIds(prisma, staffMemberId, { facilityId });
  }
  const enterprises = new Map(
    (
      await prisma.facility.findMany({
        where: { id: { in: bodies.map((b) => b.facilityRid) } },
        select: { id: true, enterpriseId: true },
      })
    ).map((f) => [f.id, f.enterpriseId]),
  );
  try {
    const ids = await prisma.$transaction(async (tx) => {
      const out: string[] = [];
      for (const [i, body] of bodies.entries()) {
        if (body.doorAlarmScheduleRid) {
          await checkSchedule(
            tx,
            body.facilityRid,
            body.doorAlarmScheduleRid,
            isBulk ? `body.${i}.doorAlarmScheduleRid` : 'body.doorAlarmScheduleRid',
          );
        }
        const taken = await tx.door.findFirst({
          where: { facilityId: body.facilityRid, name: { equals: body.doorName, mode: 'insensitive' } },
          select: { id: true },
        });
        if (taken) throw nameTaken(body.doorName);
        const door = await tx.door.create({
          data: {
            facilityId: body.facilityRid,
            enterpriseId: enterprises.get(body.facilityRid) as string,
            name: body.doorName,
            doorAlarmScheduleId: body.doorAlarmScheduleRid ?? null,
          },
          select: { id: true },
        });
        // A schedule made for this door belongs to it from now on.
        if (body.doorAlarmScheduleRid) {
          await tx.doorAlarmSchedule.updateMany({
            where: { id: body.doorAlarmScheduleRid, isFacilityDefault: false, doorId: null },
            data: { doorId: door.id },
          });
        }
        out.push(door.id);
      }
      return out;
    });
    const rows = await prisma.door.findMany({ where: { id: { in: ids } }, select: DOOR_SELECT });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => toReply(byId.get(id) as DoorRow));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A door with this name already exists in this facility');
    throw error;
  }
}

/** A door of one of the caller's facilities; 404 otherwise (another community's included). */
async function findDoor(prisma: PrismaClient, staffMemberId: string, doorRid: string) {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, {});
  const row = await prisma.door.findFirst({
    where: { id: doorRid, facilityId: { in: facilityIds } },
    select: DOOR_SELECT,
  });
  if (!row) throw notFound(`Door ${doorRid} not found`);
  return row;
}

/** GET /doors/{doorRid}: readable by the facility's staff. */
export async function getDoor(prisma: PrismaClient, staffMemberId: string, doorRid: string) {
  return toReply(await findDoor(prisma, staffMemberId, doorRid));
}

/** POST /doors/{doorRid} (update): rename and/or link a schedule (null unlinks it); management only. */
export async function updateDoor(
  prisma: PrismaClient,
  staffMemberId: string,
  doorRid: string,
  body: TUpdateDoorRequest,
): Promise<TDoorReply> {
  const door = await findDoor(prisma, staffMemberId, doorRid);
  await managedFacilityIds(prisma, staffMemberId, { facilityId: door.facilityId });
  if (body.facilityRid && body.facilityRid !== door.facilityId) {
    throw invalidInput([
      { field: 'body.facilityRid', rule: 'same facility', message: 'A door cannot move to another facility' },
    ]);
  }
  try {
    await prisma.$transaction(async (tx) => {
      if (body.doorAlarmScheduleRid) {
        await checkSchedule(tx, door.facilityId, body.doorAlarmScheduleRid, 'body.doorAlarmScheduleRid');
        await tx.doorAlarmSchedule.updateMany({
          where: { id: body.doorAlarmScheduleRid, isFacilityDefault: false, doorId: null },
          data: { doorId: door.id },
        });
      }
      if (body.doorName !== undefined) {
        const taken = await tx.door.findFirst({
          where: {
            facilityId: door.facilityId,
            name: { equals: body.doorName, mode: 'insensitive' },
            id: { not: door.id },
          },
          select: { id: true },
        });
        if (taken) throw nameTaken(body.doorName);
      }
      await tx.door.updateMany({
        where: { id: door.id, facilityId: door.facilityId },
        data: {
          ...(body.doorName !== undefined ? { name: body.doorName } : {}),
          ...(body.doorAlarmScheduleRid !== undefined
            ? { doorAlarmScheduleId: body.doorAlarmScheduleRid }
            : {}),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A door with this name already exists in this facility');
    throw error;
  }
  return getDoor(prisma, staffMemberId, doorRid);
}

/** DELETE /doors/{doorRid}: refused (409) while a device is allocated to it; management only. */
export async function deleteDoor(
  prisma: PrismaClient,
  staffMemberId: string,
  doorRid: string,
): Promise<void> {
  const door = await findDoor(prisma, staffMemberId, doorRid);
  await managedFacilityIds(prisma, staffMemberId, { facilityId: door.facilityId });
  // Check and delete in one statement: an allocation made meanwhile keeps the door.
  const deleted = await prisma.$executeRaw`
    DELETE FROM "Door" d WHERE d.id = ${door.id} AND d."facilityId" = ${door.facilityId}
       AND NOT EXISTS (SELECT 1 FROM "DeviceAllocation" a WHERE a."doorId" = d.id AND a."isActive")`;
  if (deleted === 0)
    throw conflict('A device is allocated to this door; unallocate it before deleting the door');
}

/** POST /doors/search: doors of the caller's facilities, by name (contains), ids and allocation state. */
export async function searchDoors(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSearchDoorsRequest,
): Promise<TDoorReply[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, {
    facilityId: body.facilityRid,
    enterpriseId: body.enterpriseRid,
  });
  const rows = await prisma.door.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(body.doorRids ? { id: { in: body.doorRids } } : {}),
      ...(body.name ? { name: { contains: body.name, mode: 'insensitive' } } : {}),
      ...(body.isAllocated === true ? { deviceAllocations: { some: { isActive: true } } } : {}),
      ...(body.isAllocated === false ? { deviceAllocations: { none: { isActive: true } } } : {}),
    },
    select: DOOR_SELECT,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toReply);
}
