import { randomUUID } from 'node:crypto';
import type { Db } from '../client';
import { Prisma } from '../generated/prisma/client';
import type { BuiltDoor, FacilityPlan, SchedulePlan } from './plan';
import { must, type Tenant } from './tenant';

const scheduleData = (s: SchedulePlan) => ({
  alwaysAlert: s.alwaysAlert ?? false,
  neverAlert: s.neverAlert ?? false,
  dailySchedules: s.ranges ? { dayOfWeekTimeRangeMap: { All: s.ranges } } : Prisma.DbNull,
});

/**
 * Step 6: the doors and the door alarm schedules (the facility default and each door's own). A door and its
 * schedule link both ways, so the doors first, then the schedules, then each door's link to its schedule.
 */
export async function createDoors(
  db: Db,
  tenant: Tenant,
  plan: Pick<FacilityPlan, 'doors' | 'defaultDoorSchedule'>,
): Promise<{ doors: Record<string, BuiltDoor>; defaultDoorScheduleId: string | null }> {
  const { facilityId } = tenant;
  const doors: Record<string, BuiltDoor> = {};
  for (const d of plan.doors) doors[d.key] = { id: randomUUID(), name: d.name };
  await db.door.createMany({
    data: plan.doors.map((d) => ({ ...tenant, id: must(doors[d.key], 'door').id, name: d.name })),
  });
  const schedules: Prisma.DoorAlarmScheduleCreateManyInput[] = [];
  let defaultDoorScheduleId: string | null = null;
  if (plan.defaultDoorSchedule) {
    defaultDoorScheduleId = randomUUID();
    schedules.push({
      id: defaultDoorScheduleId,
      facilityId,
      isFacilityDefault: true,
      defaultFacilityKey: facilityId,
      ...scheduleData(plan.defaultDoorSchedule),
    });
  }
  for (const d of plan.doors) {
    if (!d.schedule) continue;
    const door = must(doors[d.key], 'door');
    door.scheduleId = randomUUID();
    schedules.push({ id: door.scheduleId, facilityId, doorId: door.id, ...scheduleData(d.schedule) });
  }
  if (schedules.length) await db.doorAlarmSchedule.createMany({ data: schedules });
  for (const door of Object.values(doors)) {
    if (door.scheduleId) {
      await db.door.update({ where: { id: door.id }, data: { doorAlarmScheduleId: door.scheduleId } });
    }
  }
  return { doors, defaultDoorScheduleId };
}
