import type {
  TDoorAlarmScheduleReply,
  TSaveDefaultDoorAlarmScheduleRequest,
  TSaveDoorAlarmScheduleRequest,
  TSearchDoorAlarmSchedulesRequest,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { doorAlarmScheduleIssues } from '@sage/domain';
import { invalidInput, notFound } from '@sage/service-kit/errors';
import { managedFacilityIds } from '../devices/management';
import { resolveFacilityScope } from '../staff/access';

export const SCHEDULE_SELECT = {
  id: true,
  facilityId: true,
  doorId: true,
  isFacilityDefault: true,
  alwaysAlert: true,
  neverAlert: true,
  dailySchedules: true,
} satisfies Prisma.DoorAlarmScheduleSelect;
type ScheduleRow = Prisma.DoorAlarmScheduleGetPayload<{ select: typeof SCHEDULE_SELECT }>;

export const scheduleToReply = (row: ScheduleRow): TDoorAlarmScheduleReply => {
  const daily = row.dailySchedules as TDoorAlarmScheduleReply['dailySchedules'] | null;
  return {
    rid: row.id,
    facilityId: row.facilityId,
    doorRid: row.doorId,
    isFacilityDefault: row.isFacilityDefault,
    alwaysAlert: row.alwaysAlert,
    neverAlert: row.neverAlert,
    dailySchedules: { dayOfWeekTimeRangeMap: { All: daily?.dayOfWeekTimeRangeMap?.All ?? [] } },
  };
};

type ScheduleFields = Pick<TSaveDoorAlarmScheduleRequest, 'alwaysAlert' | 'neverAlert' | 'dailySchedules'>;

/** The saved schedule's rules (packages/domain: doorAlarmScheduleIssues), as a 400 naming the field. */
function validateSchedule(body: ScheduleFields): void {
  const issues = doorAlarmScheduleIssues(body);
  if (issues.length) {
    throw invalidInput(issues.map((i) => ({ field: `body.${i.path}`, rule: i.rule, message: i.message })));
  }
}

const fieldsOf = (body: ScheduleFields) => ({
  alwaysAlert: body.alwaysAlert,
  neverAlert: body.neverAlert,
  dailySchedules: { dayOfWeekTimeRangeMap: { All: body.dailySchedules.dayOfWeekTimeRangeMap.All } },
});

/** A schedule of one of the caller's facilities; 404 otherwise (another community's included). */
async function findSchedule(prisma: PrismaClient, staffMemberId: string, rid: string) {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, {});
  const row = await prisma.doorAlarmSchedule.findFirst({
    where: { id: rid, facilityId: { in: facilityIds } },
    select: SCHEDULE_SELECT,
  });
  if (!row) throw notFound(`Door alarm schedule ${rid} not found`);
  return row;
}

/**
 * POST /doors/doorAlarmSchedules: creates a schedule, or updates the one named by doorAlarmScheduleRid
 * (management only). Linking it to the door is the door update's job ("then links it to the door").
 */
export async function saveSchedule(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSaveDoorAlarmScheduleRequest,
): Promise<TDoorAlarmScheduleReply> {
  await managedFacilityIds(prisma, staffMemberId, { facilityId: body.facilityRid });
  validateSchedule(body);
  const facilityId = body.facilityRid;
  if (body.doorRid) {
    const door = await prisma.door.findFirst({
      where: { id: body.doorRid, facilityId },
      select: { id: true },
    });
    if (!door) {
      throw invalidInput([
        { field: 'body.doorRid', rule: 'same facility', message: 'No such door in this facility' },
      ]);
    }
  }
  if (body.doorAlarmScheduleRid) {
    const { count } = await prisma.doorAlarmSchedule.updateMany({
      where: { id: body.doorAlarmScheduleRid, facilityId, isFacilityDefault: false },
      data: { ...fieldsOf(body), ...(body.doorRid ? { doorId: body.doorRid } : {}) },
    });
    if (count === 0) throw notFound(`Door alarm schedule ${body.doorAlarmScheduleRid} not found`);
    return getSchedule(prisma, staffMemberId, body.doorAlarmScheduleRid);
  }
  const row = await prisma.doorAlarmSchedule.create({
    data: { facilityId, doorId: body.doorRid ?? null, ...fieldsOf(body) },
    select: SCHEDULE_SELECT,
  });
  return scheduleToReply(row);
}

/** GET /doors/doorAlarmSchedules/{rid}: readable by the facility's staff. */
export async function getSchedule(prisma: PrismaClient, staffMemberId: string, rid: string) {
  return scheduleToReply(await findSchedule(prisma, staffMemberId, rid));
}

/** DELETE /doors/doorAlarmSchedules/{rid}: doors using it fall back to the facility default (management only). */
export async function deleteSchedule(
  prisma: PrismaClient,
  staffMemberId: string,
  rid: string,
): Promise<void> {
  const row = await findSchedule(prisma, staffMemberId, rid);
  await managedFacilityIds(prisma, staffMemberId, { facilityId: row.facilityId });
  // Door and allocation links are SET NULL by their foreign keys, in the same statement.
  await prisma.doorAlarmSchedule.deleteMany({ where: { id: rid, facilityId: row.facilityId } });
}

/**
 * POST /doors/doorAlarmSchedules/defaults: sets the facility's default schedule (one per facility: the
 * existing default is updated in place, so doors keep following it).
 */
export async function saveDefaultSchedule(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSaveDefaultDoorAlarmScheduleRequest,
): Promise<TDoorAlarmScheduleReply> {
  await managedFacilityIds(prisma, staffMemberId, { facilityId: body.facilityRid });
  validateSchedule(body);
  const row = await prisma.doorAlarmSchedule.upsert({
    where: { defaultFacilityKey: body.facilityRid },
    create: {
      facilityId: body.facilityRid,
      isFacilityDefault: true,
      defaultFacilityKey: body.facilityRid,
      ...fieldsOf(body),
    },
    update: fieldsOf(body),
    select: SCHEDULE_SELECT,
  });
  return scheduleToReply(row);
}

/** GET /doors/doorAlarmSchedules/defaults ?facilityRid: 404 when the facility has none. */
export async function getDefaultSchedule(prisma: PrismaClient, staffMemberId: string, facilityRid: string) {
  await resolveFacilityScope(prisma, staffMemberId, { facilityId: facilityRid });
  const row = await prisma.doorAlarmSchedule.findFirst({
    where: { defaultFacilityKey: facilityRid, facilityId: facilityRid },
    select: SCHEDULE_SELECT,
  });
  if (!row) throw notFound('This facility has no default door alarm schedule');
  return scheduleToReply(row);
}

/** DELETE /doors/doorAlarmSchedules/defaults ?facilityRid: doors without their own schedule then always alert. */
export async function deleteDefaultSchedule(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityRid: string,
): Promise<void> {
  await managedFacilityIds(prisma, staffMemberId, { facilityId: facilityRid });
  const { count } = await prisma.doorAlarmSchedule.deleteMany({
    where: { defaultFacilityKey: facilityRid, facilityId: facilityRid },
  });
  if (count === 0) throw notFound('This facility has no default door alarm schedule');
}

/** POST /doors/doorAlarmsSchedules/search (the spec's spelling). */
export async function searchSchedules(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSearchDoorAlarmSchedulesRequest,
): Promise<TDoorAlarmScheduleReply[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, { facilityId: body.facilityRid });
  const rows = await prisma.doorAlarmSchedule.findMany({
    where: {
      facilityId: { in: facilityIds },
      ...(body.doorRids ? { doorId: { in: body.doorRids } } : {}),
      ...(body.isFacilityDefault !== undefined ? { isFacilityDefault: body.isFacilityDefault } : {}),
    },
    select: SCHEDULE_SELECT,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(scheduleToReply);
}
