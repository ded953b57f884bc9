import { randomUUID } from 'node:crypto';
import type { Db } from '../client';
import { DeviceType, type Prisma } from '../generated/prisma/client';
import type {
  BuiltDevice,
  BuiltDoor,
  BuiltFacility,
  BuiltResident,
  BuiltUnit,
  DevicePlan,
  FacilityPlan,
} from './plan';
import { must, type Tenant } from './tenant';

type AllocationTarget = Omit<
  Prisma.DeviceAllocationCreateManyInput,
  'facilityId' | 'enterpriseId' | 'deviceId'
>;

/**
 * Step 7: the devices and their allocations: each resident's pendant, each unit's wall and check-in buttons, each
 * door's alarm (on the door's schedule, else the facility default), the sensors in their units, and the spare
 * devices (registered, not allocated). The built residents, units and doors get their devices set on them.
 */
export async function createDevices(
  db: Db,
  tenant: Tenant,
  plan: Pick<FacilityPlan, 'residents' | 'units' | 'doors' | 'sensors' | 'spareDevices'>,
  built: {
    residents: Record<string, BuiltResident>;
    units: Record<string, BuiltUnit>;
    doors: Record<string, BuiltDoor>;
    defaultDoorScheduleId: string | null;
  },
): Promise<Pick<BuiltFacility, 'sensors' | 'spareDevices'>> {
  const devices: Prisma.DeviceCreateManyInput[] = [];
  const allocations: Prisma.DeviceAllocationCreateManyInput[] = [];
  const allocate = (type: DeviceType, d: DevicePlan, target: AllocationTarget): BuiltDevice => {
    const deviceId = randomUUID();
    const allocationId = randomUUID();
    devices.push({
      ...tenant,
      id: deviceId,
      hardwareId: d.hardwareId,
      type,
      batteryLevel: d.batteryLevel ?? null,
      lastPressTimestamp: d.lastPressTimestamp ?? null,
    });
    allocations.push({
      ...tenant,
      ...target,
      id: allocationId,
      deviceId,
      activeDeviceKey: deviceId,
      isActive: true,
    });
    return { deviceId, hardwareId: d.hardwareId, allocationId };
  };
  for (const r of plan.residents) {
    const resident = must(built.residents[r.key], 'resident');
    if (r.pendant) {
      resident.pendant = allocate(DeviceType.SAGE_BUTTON, r.pendant, {
        residentId: resident.id,
        displayName: `${r.firstName} ${r.lastName}'s pendant`,
      });
    }
  }
  for (const u of plan.units) {
    const unit = must(built.units[u.key], 'unit');
    if (u.wallButton) {
      unit.wallButton = allocate(DeviceType.SAGE_BUTTON, u.wallButton, {
        unitId: unit.id,
        displayName: `${u.displayName} wall button`,
      });
    }
    if (u.checkInButton) {
      unit.checkInButton = allocate(DeviceType.SAGE_BUTTON, u.checkInButton, {
        unitId: unit.id,
        isCheckIn: true,
        room: 'CHECKIN',
        displayName: `${u.displayName} check-in button`,
      });
    }
  }
  for (const d of plan.doors) {
    const door = must(built.doors[d.key], 'door');
    if (d.alarm) {
      door.alarm = allocate(DeviceType.DOOR_ALARM, d.alarm, {
        doorId: door.id,
        displayName: d.name,
        doorAlarmScheduleId: door.scheduleId ?? built.defaultDoorScheduleId,
      });
    }
  }
  const sensors: BuiltFacility['sensors'] = {};
  for (const s of plan.sensors) {
    const unit = must(built.units[s.unitKey], `unit ${s.unitKey}`);
    sensors[s.key] = {
      ...allocate(s.type, s, {
        unitId: unit.id,
        room: s.room ?? null,
        displayName: s.displayName ?? `${unit.displayName} sensor`,
      }),
      unitId: unit.id,
    };
  }
  const spareDevices = (plan.spareDevices ?? []).map((d) => {
    const deviceId = randomUUID();
    devices.push({
      ...tenant,
      id: deviceId,
      hardwareId: d.hardwareId,
      type: d.type,
      batteryLevel: d.batteryLevel ?? null,
    });
    return { deviceId, hardwareId: d.hardwareId, type: d.type };
  });
  if (devices.length) await db.device.createMany({ data: devices });
  if (allocations.length) await db.deviceAllocation.createMany({ data: allocations });
  return { sensors, spareDevices };
}
