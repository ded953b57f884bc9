import { LocationSource, type TLocationQueryReply } from '@sage/contract';
import type { Db, Prisma, PrismaClient } from '@sage/db';
import { notFound } from '@sage/service-kit/errors';
import { loadViewer, visibleTasksWhere } from '../../admin/tasks/access';

const CHECK_IN_ROOM = 'CHECKIN';

const UNIT_SELECT = {
  id: true,
  displayName: true,
  careType: true,
  ward: true,
  building: true,
  wing: true,
  floor: true,
} satisfies Prisma.UnitSelect;
type UnitRow = Prisma.UnitGetPayload<{ select: typeof UNIT_SELECT }>;
const RESIDENT_SELECT = {
  id: true,
  firstName: true,
  lastName: true,
  unit: { select: UNIT_SELECT },
} satisfies Prisma.ResidentSelect;

/** The alert whose place is asked for: its facility, device, unit and resident, and when it was raised. */
export interface LocatedTask {
  id: string;
  facilityId: string;
  deviceId: string | null;
  unitId: string | null;
  residentId: string | null;
  creationTimestamp: Date;
}

/**
 * Where an alert came from, from the data we hold (docs/decisions/0272): the device's allocation at the time
 * the alert was raised (its unit or its resident's unit, room, door), else the task's own unit and resident;
 * the unit's building, wing and floor. The resident is named only to those who may see PHI.
 */
export async function locateTask(
  db: Db,
  task: LocatedTask,
  deviceId: string | null,
  canSeePHI: boolean,
): Promise<TLocationQueryReply> {
  const at = task.creationTimestamp;
  // One query after the other: `db` may be a transaction (parallel queries on it are not allowed).
  const device = deviceId
    ? await db.device.findUnique({
        where: { id: deviceId },
        select: { id: true, type: true, hardwareId: true },
      })
    : null;
  const allocation = deviceId
    ? await db.deviceAllocation.findFirst({
        where: {
          deviceId,
          facilityId: task.facilityId,
          createdAt: { lte: at },
          OR: [{ unallocatedAt: null }, { unallocatedAt: { gt: at } }],
        },
        orderBy: { createdAt: 'desc' },
        select: {
          id: true,
          displayName: true,
          room: true,
          isCheckIn: true,
          unit: { select: UNIT_SELECT },
          resident: { select: RESIDENT_SELECT },
          door: { select: { id: true, name: true } },
        },
      })
    : null;
  const taskResident =
    !allocation && task.residentId
      ? await db.resident.findFirst({
          where: { id: task.residentId, facilityId: task.facilityId },
          select: RESIDENT_SELECT,
        })
      : null;
  const taskUnit =
    !allocation && task.unitId
      ? await db.unit.findFirst({
          where: { id: task.unitId, facilityId: task.facilityId },
          select: UNIT_SELECT,
        })
      : null;
  const resident = allocation ? allocation.resident : taskResident;
  const unit: UnitRow | null = allocation
    ? (allocation.unit ?? allocation.resident?.unit ?? null)
    : (taskUnit ?? taskResident?.unit ?? null);
  const door = allocation?.door ?? null;
  const isCheckIn = allocation ? allocation.isCheckIn || allocation.room === CHECK_IN_ROOM : false;
  const room = allocation?.room && allocation.room !== CHECK_IN_ROOM ? allocation.room : null;
  const place = door
    ? [door.name]
    : [
        unit?.displayName,
        isCheckIn ? 'Check-In button' : room,
        unit?.building && `Building ${unit.building}`,
        unit?.wing && `Wing ${unit.wing}`,
        unit?.floor && `Floor ${unit.floor}`,
      ].filter((p): p is string => !!p);
  return {
    taskRid: task.id,
    deviceRid: device?.id ?? null,
    device: device ? { deviceRid: device.id, deviceType: device.type, hardwareId: device.hardwareId } : null,
    allocation: allocation
      ? {
          allocationRid: allocation.id,
          displayName: allocation.displayName,
          room: allocation.room,
          isCheckIn,
        }
      : null,
    resident:
      canSeePHI && resident
        ? { residentRid: resident.id, firstName: resident.firstName, lastName: resident.lastName }
        : null,
    door: door ? { doorRid: door.id, name: door.name } : null,
    unit: unit
      ? {
          unitRid: unit.id,
          displayName: unit.displayName,
          careType: unit.careType,
          ward: unit.ward,
          building: unit.building,
          wing: unit.wing,
          floor: unit.floor,
        }
      : null,
    building: unit?.building ?? null,
    wing: unit?.wing ?? null,
    floor: unit?.floor ?? null,
    locationName: place.length ? place.join(' · ') : null,
    source: allocation
      ? LocationSource.ALLOCATION
      : unit || resident
        ? LocationSource.TASK
        : LocationSource.NONE,
  };
}

/**
 * GET /locationQuery/{taskRid} ?deviceRid: an alert the caller may see (404 otherwise, another community's
 * included); the device is the alert's own, or one that pressed into it (an update names it), else 404.
 */
export async function queryLocation(
  prisma: PrismaClient,
  staffMemberId: string,
  taskRid: string,
  deviceRid: string | undefined,
): Promise<TLocationQueryReply> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const task = await prisma.task.findFirst({
    where: { AND: [{ id: taskRid }, visibleTasksWhere(viewer, [...viewer.facilities.values()])] },
    select: {
      id: true,
      facilityId: true,
      deviceId: true,
      unitId: true,
      residentId: true,
      creationTimestamp: true,
    },
  });
  if (!task) throw notFound(`No alert ${taskRid}`);
  let deviceId = task.deviceId;
  if (deviceRid && deviceRid !== task.deviceId) {
    const pressed = await prisma.taskUpdate.findFirst({
      where: { taskId: task.id, facilityId: task.facilityId, deviceId: deviceRid },
      select: { id: true },
    });
    if (!pressed) throw notFound(`No device ${deviceRid} for alert ${taskRid}`);
    deviceId = deviceRid;
  }
  const canSeePHI = viewer.facilities.get(task.facilityId)?.permissions.canSeePHI ?? false;
  return locateTask(prisma, task, deviceId, canSeePHI);
}
