import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { ObservationType } from '@sage/contract';
import type { Db } from './client';
import { isUniqueViolation } from './errors';
import {
  CareType,
  DeviceType,
  GroupType,
  HospiceStatus,
  Prisma,
  type PrismaClient,
  type ResidentContactType,
  ResuscitationStrategy,
} from './generated/prisma/client';
import { provisionBuiltInReports } from './tabular-records';

/**
 * Tenant builders shared by the demo seed and the test factories.
 *
 * `buildFacility(db, plan)` writes one enterprise + facility and everything in it from a plain
 * description (a `FacilityPlan`), with one createMany per table, ids generated here so rows can be
 * linked without read-backs. `createTestFacility(prisma)` builds a small, unique plan (random names,
 * hardware ids, phone numbers and gateway key) so tests need no truncation and run in parallel;
 * `seedDemo` (seed/index.ts) builds the large, fixed demo plan.
 */

/** Display names of the groups (the contract's GROUP_DISPLAY_NAMES, plus Activities). */
export const GROUP_NAMES: Record<GroupType, string> = {
  CareStaff: 'Care staff',
  Culinary: 'Culinary',
  Housekeeping: 'Housekeeping',
  Maintenance: 'Maintenance',
  Management: 'Management',
  NurseMedTech: 'Nurse/MedTech',
  SageSupport: 'provider support',
  Transportation: 'Transportation',
  Activities: 'Activities',
};

export const ALL_GROUP_TYPES = Object.values(GroupType) as GroupType[];

/** The spec's care zones (name, care type), in the default grouping order. */
export const STANDARD_CARE_ZONES = [
  { key: 'AL', name: 'Assisted Living', careTypes: [CareType.ASSISTED_LIVING] },
  { key: 'MC', name: 'Memory Care', careTypes: [CareType.MEMORY_CARE] },
  { key: 'IL', name: 'Independent Living', careTypes: [CareType.INDEPENDENT_LIVING] },
  { key: 'LTC', name: 'Long Term Care', careTypes: [CareType.LONG_TERM_CARE] },
  { key: 'STR', name: 'Short Term Rehab', careTypes: [CareType.SHORT_TERM_REHAB] },
] as const satisfies readonly ZonePlan[];

/** Door alarm preset '7 PM - 7 AM' (the spec's door schedule defaults). */
export const NIGHT_DOOR_SCHEDULE: SchedulePlan = { ranges: [{ startTime: '19:00', endTime: '07:00' }] };

/** Observation types offered per care type (none for independent living). */
const ALL_OBSERVATION_TYPES: string[] = Object.values(ObservationType);
export const DEFAULT_OBSERVATIONS_BY_CARE_TYPE = {
  ASSISTED_LIVING: ALL_OBSERVATION_TYPES,
  MEMORY_CARE: ALL_OBSERVATION_TYPES,
  LONG_TERM_CARE: ALL_OBSERVATION_TYPES,
  SHORT_TERM_REHAB: ALL_OBSERVATION_TYPES,
  INDEPENDENT_LIVING: [],
} satisfies Partial<Record<CareType, string[]>>;

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

// ---------------------------------------------------------------------------
// Plan
// ---------------------------------------------------------------------------

export interface ZonePlan {
  key: string;
  name: string;
  careTypes: readonly CareType[];
}

export interface DevicePlan {
  hardwareId: string;
  batteryLevel?: number | null;
  lastPressTimestamp?: Date | null;
}

export interface UnitPlan {
  key: string;
  displayName: string;
  careType: CareType;
  value?: string;
  ward?: string;
  building?: string;
  wing?: string;
  floor?: string;
  phoneNumber?: string;
  /** Wall button allocated to the unit. */
  wallButton?: DevicePlan;
  /** Unit check-in button (isCheckIn, room 'CHECKIN'), for independent-living units. */
  checkInButton?: DevicePlan;
}

export interface HealthPlan {
  memoryLevel?: string;
  continenceLevel?: string;
  productProvider?: string;
  wearsPads?: boolean;
  wearsPullups?: boolean;
  wearsBriefs?: boolean;
  safetyLevel?: string;
  feedingLevel?: string;
  bathingLevel?: string;
  toiletingLevel?: string;
  transferringLevel?: string;
  mobilityLevel?: string;
  dressingLevel?: string;
  groomingLevel?: string;
  resuscitationStrategy?: ResuscitationStrategy;
  hospiceStatus?: HospiceStatus;
}

export interface ContactPlan {
  type: ResidentContactType;
  firstName?: string;
  lastName?: string;
  name?: string;
  relationship?: string;
  specialty?: string;
  phoneNumber?: string;
  email?: string;
  address?: string;
  isEmergencyContact?: boolean;
  isPrimary?: boolean;
}

export interface ResidentPlan {
  key: string;
  unitKey: string;
  salutation?: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  preferredName?: string;
  dateOfBirth?: Date;
  isRoutineCheckEnabled?: boolean;
  isOnHold?: boolean;
  isArchived?: boolean;
  health?: HealthPlan;
  contacts?: ContactPlan[];
  /** Pendant (SAGE_BUTTON) allocated to the resident. */
  pendant?: DevicePlan;
}

export interface SchedulePlan {
  alwaysAlert?: boolean;
  neverAlert?: boolean;
  /** Alert periods (HH:MM); stored as dailySchedules.dayOfWeekTimeRangeMap.All */
  ranges?: { startTime: string; endTime: string }[];
}

export interface DoorPlan {
  key: string;
  name: string;
  /** Door alarm device allocated to the door. */
  alarm?: DevicePlan;
  /** The door's own schedule (else the facility default applies). */
  schedule?: SchedulePlan;
}

export interface SensorPlan {
  key: string;
  type: DeviceType;
  hardwareId: string;
  unitKey: string;
  room?: string;
  displayName?: string;
  batteryLevel?: number | null;
}

export interface StaffPlan {
  key: string;
  firstName: string;
  lastName: string;
  /** E.164 */
  phoneNumber: string;
  email?: string;
  jobTitle?: string;
  isAgencyStaff?: boolean;
  /** Facility care admin (StaffMemberFacilityConfig.isCareAdmin and StaffMember.isCareAdmin). */
  isCareAdmin?: boolean;
  memberships: { group: GroupType; isAdmin?: boolean }[];
  careZoneKeys?: string[];
  shouldReceiveAllCareAlerts?: boolean;
  shouldReceiveAllCareMessages?: boolean;
}

export interface FacilityPlan {
  enterpriseName: string;
  facilityName: string;
  timezone: string;
  emergencyNotificationNumber?: string | null;
  taskNotificationNumber?: string | null;
  messageDeliveryMethods: string[];
  isAlertLocationEnabled?: boolean;
  isObservationsEnabled?: boolean;
  observationsByCareType?: Prisma.InputJsonValue;
  routineCheckIntervalInMin?: number | null;
  careZones: readonly ZonePlan[];
  /** Groups to create; all group types by default. */
  groups?: readonly GroupType[];
  units: UnitPlan[];
  residents: ResidentPlan[];
  doors: DoorPlan[];
  /** The facility-level default door alarm schedule. */
  defaultDoorSchedule?: SchedulePlan;
  sensors: SensorPlan[];
  /** Devices registered to the facility but not allocated (for allocation flows). */
  spareDevices?: { hardwareId: string; type: DeviceType; batteryLevel?: number | null }[];
  companyPhones: { displayName: string; phoneNumber: string }[];
  staff: StaffPlan[];
  gateway: { name: string; key: string };
  /** Create the default ALERT notification policy (true by default). */
  notificationPolicy?: boolean;
}

// ---------------------------------------------------------------------------
// Result
// ---------------------------------------------------------------------------

export interface BuiltDevice {
  deviceId: string;
  hardwareId: string;
  allocationId: string;
}

export interface BuiltCareZone {
  id: string;
  name: string;
  careTypes: CareType[];
}

export interface BuiltUnit {
  id: string;
  displayName: string;
  careType: CareType;
  wallButton?: BuiltDevice;
  checkInButton?: BuiltDevice;
}

export interface BuiltResident {
  id: string;
  firstName: string;
  lastName: string;
  unitId: string;
  unitDisplayName: string;
  careType: CareType;
  pendant?: BuiltDevice;
}

export interface BuiltDoor {
  id: string;
  name: string;
  alarm?: BuiltDevice;
  scheduleId?: string;
}

export interface BuiltStaff {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string | null;
  groups: GroupType[];
  facilityConfigId: string;
}

export interface BuiltFacility {
  enterpriseId: string;
  facilityId: string;
  timezone: string;
  careZones: Record<string, BuiltCareZone>;
  groups: Record<GroupType, string>;
  units: Record<string, BuiltUnit>;
  residents: Record<string, BuiltResident>;
  doors: Record<string, BuiltDoor>;
  sensors: Record<string, BuiltDevice & { unitId: string }>;
  spareDevices: { deviceId: string; hardwareId: string; type: DeviceType }[];
  companyPhones: { id: string; displayName: string; phoneNumber: string }[];
  staff: Record<string, BuiltStaff>;
  gateway: { id: string; name: string; key: string };
  notificationPolicyId: string | null;
  defaultDoorScheduleId: string | null;
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Facility plan refers to an unknown ${what}`);
  return value;
}

const scheduleData = (s: SchedulePlan) => ({
  alwaysAlert: s.alwaysAlert ?? false,
  neverAlert: s.neverAlert ?? false,
  dailySchedules: s.ranges ? { dayOfWeekTimeRangeMap: { All: s.ranges } } : Prisma.DbNull,
});

/**
 * Writes the enterprise, facility and everything in the plan. Run it inside a transaction
 * (`prisma.$transaction(tx => buildFacility(tx, plan))`) so a failure leaves nothing behind.
 */
export async function buildFacility(db: Db, plan: FacilityPlan): Promise<BuiltFacility> {
  const enterpriseId = randomUUID();
  const facilityId = randomUUID();
  const scoped = { facilityId, enterpriseId };

  await db.enterprise.create({ data: { id: enterpriseId, name: plan.enterpriseName } });
  await db.facility.create({
    data: {
      id: facilityId,
      enterpriseId,
      name: plan.facilityName,
      timezone: plan.timezone,
      emergencyNotificationNumber: plan.emergencyNotificationNumber ?? null,
      taskNotificationNumber: plan.taskNotificationNumber ?? null,
      messageDeliveryMethods: plan.messageDeliveryMethods,
      isAlertLocationEnabled: plan.isAlertLocationEnabled ?? false,
      isObservationsEnabled: plan.isObservationsEnabled ?? true,
      observationsByCareType: plan.observationsByCareType ?? DEFAULT_OBSERVATIONS_BY_CARE_TYPE,
      routineCheckIntervalInMin: plan.routineCheckIntervalInMin ?? null,
    },
  });

  // Care zones
  const careZones: Record<string, BuiltCareZone> = {};
  for (const z of plan.careZones)
    careZones[z.key] = { id: randomUUID(), name: z.name, careTypes: [...z.careTypes] };
  await db.careZone.createMany({
    data: plan.careZones.map((z) => ({
      ...scoped,
      id: must(careZones[z.key], 'care zone').id,
      name: z.name,
      careTypes: [...z.careTypes],
    })),
  });

  // Groups
  const groupTypes = plan.groups ?? ALL_GROUP_TYPES;
  const groups = {} as Record<GroupType, string>;
  for (const g of groupTypes) groups[g] = randomUUID();
  await db.group.createMany({
    data: groupTypes.map((g) => ({ ...scoped, id: groups[g], type: g, name: GROUP_NAMES[g] })),
  });

  // Units
  const units: Record<string, BuiltUnit> = {};
  for (const u of plan.units) {
    if (units[u.key]) throw new Error(`Duplicate unit key ${u.key}`);
    units[u.key] = { id: randomUUID(), displayName: u.displayName, careType: u.careType };
  }
  await db.unit.createMany({
    data: plan.units.map((u) => ({
      ...scoped,
      id: must(units[u.key], 'unit').id,
      displayName: u.displayName,
      careType: u.careType,
      value: u.value ?? null,
      ward: u.ward ?? null,
      building: u.building ?? null,
      wing: u.wing ?? null,
      floor: u.floor ?? null,
      phoneNumber: u.phoneNumber ?? null,
    })),
  });

  // Residents, health info, contacts
  const residents: Record<string, BuiltResident> = {};
  for (const r of plan.residents) {
    const unit = must(units[r.unitKey], `unit ${r.unitKey}`);
    residents[r.key] = {
      id: randomUUID(),
      firstName: r.firstName,
      lastName: r.lastName,
      unitId: unit.id,
      unitDisplayName: unit.displayName,
      careType: unit.careType,
    };
  }
  const residentId = (r: ResidentPlan) => must(residents[r.key], 'resident').id;
  await db.resident.createMany({
    data: plan.residents.map((r) => ({
      ...scoped,
      id: residentId(r),
      unitId: must(units[r.unitKey], 'unit').id,
      salutation: r.salutation ?? null,
      firstName: r.firstName,
      middleName: r.middleName ?? null,
      lastName: r.lastName,
      preferredName: r.preferredName ?? null,
      dateOfBirth: r.dateOfBirth ?? null,
      isRoutineCheckEnabled: r.isRoutineCheckEnabled ?? false,
      isOnHold: r.isOnHold ?? false,
      isArchived: r.isArchived ?? false,
    })),
  });
  await db.residentHealthInfo.createMany({
    data: plan.residents.map((r) => ({
      facilityId,
      residentId: residentId(r),
      ...r.health,
      resuscitationStrategy: r.health?.resuscitationStrategy ?? ResuscitationStrategy.UNKNOWN,
      hospiceStatus: r.health?.hospiceStatus ?? HospiceStatus.UNKNOWN,
    })),
  });
  const contacts = plan.residents.flatMap((r) =>
    (r.contacts ?? []).map((c) => ({ ...c, facilityId, residentId: residentId(r) })),
  );
  if (contacts.length) await db.residentContact.createMany({ data: contacts });

  // Doors and door alarm schedules (door <-> schedule links both ways, so doors first)
  const doors: Record<string, BuiltDoor> = {};
  for (const d of plan.doors) doors[d.key] = { id: randomUUID(), name: d.name };
  await db.door.createMany({
    data: plan.doors.map((d) => ({ ...scoped, id: must(doors[d.key], 'door').id, name: d.name })),
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

  // Devices and their allocations
  const devices: Prisma.DeviceCreateManyInput[] = [];
  const allocations: Prisma.DeviceAllocationCreateManyInput[] = [];
  const allocate = (
    type: DeviceType,
    d: DevicePlan,
    target: Omit<Prisma.DeviceAllocationCreateManyInput, 'facilityId' | 'enterpriseId' | 'deviceId'>,
  ): BuiltDevice => {
    const deviceId = randomUUID();
    const allocationId = randomUUID();
    devices.push({
      ...scoped,
      id: deviceId,
      hardwareId: d.hardwareId,
      type,
      batteryLevel: d.batteryLevel ?? null,
      lastPressTimestamp: d.lastPressTimestamp ?? null,
    });
    allocations.push({
      ...scoped,
      ...target,
      id: allocationId,
      deviceId,
      activeDeviceKey: deviceId,
      isActive: true,
    });
    return { deviceId, hardwareId: d.hardwareId, allocationId };
  };
  for (const r of plan.residents) {
    const built = must(residents[r.key], 'resident');
    if (r.pendant) {
      built.pendant = allocate(DeviceType.SAGE_BUTTON, r.pendant, {
        residentId: built.id,
        displayName: `${r.firstName} ${r.lastName}'s pendant`,
      });
    }
  }
  for (const u of plan.units) {
    const built = must(units[u.key], 'unit');
    if (u.wallButton) {
      built.wallButton = allocate(DeviceType.SAGE_BUTTON, u.wallButton, {
        unitId: built.id,
        displayName: `${u.displayName} wall button`,
      });
    }
    if (u.checkInButton) {
      built.checkInButton = allocate(DeviceType.SAGE_BUTTON, u.checkInButton, {
        unitId: built.id,
        isCheckIn: true,
        room: 'CHECKIN',
        displayName: `${u.displayName} check-in button`,
      });
    }
  }
  for (const d of plan.doors) {
    const built = must(doors[d.key], 'door');
    if (d.alarm) {
      built.alarm = allocate(DeviceType.DOOR_ALARM, d.alarm, {
        doorId: built.id,
        displayName: d.name,
        doorAlarmScheduleId: built.scheduleId ?? defaultDoorScheduleId,
      });
    }
  }
  const sensors: BuiltFacility['sensors'] = {};
  for (const s of plan.sensors) {
    const unit = must(units[s.unitKey], `unit ${s.unitKey}`);
    sensors[s.key] = {
      ...allocate(s.type, s, {
        unitId: unit.id,
        room: s.room ?? null,
        displayName: s.displayName ?? `${unit.displayName} sensor`,
      }),
      unitId: unit.id,
    };
  }
  const spareDevices = (plan.spareDevices ?? []).map((d) => ({
    deviceId: randomUUID(),
    hardwareId: d.hardwareId,
    type: d.type,
    batteryLevel: d.batteryLevel ?? null,
  }));
  for (const d of spareDevices) {
    devices.push({
      ...scoped,
      id: d.deviceId,
      hardwareId: d.hardwareId,
      type: d.type,
      batteryLevel: d.batteryLevel,
    });
  }
  if (devices.length) await db.device.createMany({ data: devices });
  if (allocations.length) await db.deviceAllocation.createMany({ data: allocations });

  // Company phones
  const companyPhones = plan.companyPhones.map((p) => ({ id: randomUUID(), ...p }));
  if (companyPhones.length) {
    await db.companyPhone.createMany({ data: companyPhones.map((p) => ({ ...scoped, ...p })) });
  }

  // Staff, memberships, facility configs with care zones
  const staff: Record<string, BuiltStaff> = {};
  for (const s of plan.staff) {
    if (staff[s.key]) throw new Error(`Duplicate staff key ${s.key}`);
    staff[s.key] = {
      id: randomUUID(),
      firstName: s.firstName,
      lastName: s.lastName,
      phoneNumber: s.phoneNumber,
      email: s.email ?? null,
      groups: s.memberships.map((m) => m.group),
      facilityConfigId: randomUUID(),
    };
  }
  const builtStaff = (s: StaffPlan) => must(staff[s.key], 'staff member');
  if (plan.staff.length) {
    await db.staffMember.createMany({
      data: plan.staff.map((s) => ({
        id: builtStaff(s).id,
        enterpriseId,
        firstName: s.firstName,
        lastName: s.lastName,
        phoneNumber: s.phoneNumber,
        email: s.email ?? null,
        jobTitle: s.jobTitle ?? null,
        isAgencyStaff: s.isAgencyStaff ?? false,
        isCareAdmin: s.isCareAdmin ?? false,
      })),
    });
    await db.groupMembership.createMany({
      data: plan.staff.flatMap((s) =>
        s.memberships.map((m) => ({
          facilityId,
          groupId: must(groups[m.group], `group ${m.group}`),
          staffMemberId: builtStaff(s).id,
          isAdmin: m.isAdmin ?? false,
        })),
      ),
    });
    await db.staffMemberFacilityConfig.createMany({
      data: plan.staff.map((s) => {
        const inCare = s.memberships.some((m) => m.group === 'CareStaff' || m.group === 'NurseMedTech');
        return {
          ...scoped,
          id: builtStaff(s).facilityConfigId,
          staffMemberId: builtStaff(s).id,
          isCareAdmin: s.isCareAdmin ?? false,
          shouldReceiveAllCareAlerts: s.shouldReceiveAllCareAlerts ?? inCare,
          shouldReceiveAllCareMessages: s.shouldReceiveAllCareMessages ?? inCare,
        };
      }),
    });
    const zoneLinks = plan.staff.flatMap((s) =>
      (s.careZoneKeys ?? []).map((k) => ({
        facilityId,
        staffMemberFacilityConfigId: builtStaff(s).facilityConfigId,
        careZoneId: must(careZones[k], `care zone ${k}`).id,
      })),
    );
    if (zoneLinks.length) await db.staffMemberFacilityConfigCareZone.createMany({ data: zoneLinks });
  }

  // Default ALERT notification policy: care staff and nurses at once, every minute; break-glass
  // to management too after two minutes.
  let notificationPolicyId: string | null = null;
  if (plan.notificationPolicy ?? true) {
    const careGroupIds = (['CareStaff', 'NurseMedTech'] as const).flatMap((g) =>
      groups[g] ? [groups[g]] : [],
    );
    const breakGlassGroupIds = (['CareStaff', 'NurseMedTech', 'Management'] as const).flatMap((g) =>
      groups[g] ? [groups[g]] : [],
    );
    const policy = await db.notificationPolicy.create({
      data: {
        ...scoped,
        type: 'ALERT',
        version: 1,
        name: 'Default alert policy',
        blocks: {
          create: [
            {
              facilityId,
              executionTimeAfterStartInMs: 0,
              recurringIntervalInMs: 60_000,
              isBreakGlass: false,
              priority: 1,
              filters: { create: [{ facilityId, groupIds: careGroupIds, onCallOnly: true }] },
            },
            {
              facilityId,
              executionTimeAfterStartInMs: 120_000,
              recurringIntervalInMs: 0,
              isBreakGlass: true,
              priority: 2,
              filters: { create: [{ facilityId, groupIds: breakGlassGroupIds, onCallOnly: false }] },
            },
          ],
        },
      },
      select: { id: true },
    });
    notificationPolicyId = policy.id;
  }

  // Gateway
  const gatewayId = randomUUID();
  await db.facilityGateway.create({
    data: { id: gatewayId, facilityId, name: plan.gateway.name, keyHash: sha256Hex(plan.gateway.key) },
  });
  // The built-in reports of every community (decision 0283).
  await provisionBuiltInReports(db, scoped);

  return {
    enterpriseId,
    facilityId,
    timezone: plan.timezone,
    careZones,
    groups,
    units,
    residents,
    doors,
    sensors,
    spareDevices: spareDevices.map(({ deviceId, hardwareId, type }) => ({ deviceId, hardwareId, type })),
    companyPhones,
    staff,
    gateway: { id: gatewayId, name: plan.gateway.name, key: plan.gateway.key },
    notificationPolicyId,
    defaultDoorScheduleId,
  };
}

// ---------------------------------------------------------------------------
// Test factory
// ---------------------------------------------------------------------------

/**
 * A random, valid US (NANP) number in E.164 that never collides with the demo numbers
 * (+1 415 555 01xx): area code 415, exchange 200-999 except 555.
 */
export function randomTestPhoneNumber(): string {
  let exchange = 555;
  while (exchange === 555) exchange = randomInt(200, 1000);
  return `+1415${exchange}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export interface TestStaffMember {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string | null;
  groups: GroupType[];
}

export type TestStaffRole =
  | 'manager'
  | 'caregiver'
  | 'nurse'
  | 'housekeeper'
  | 'careAdmin'
  | 'culinary'
  | 'maintenance'
  | 'transportation'
  | 'activities'
  | 'support';

export type TestCareZoneKey = 'AL' | 'MC' | 'IL' | 'LTC' | 'STR';

export interface TestFacility {
  /** Random tag in every name and hardware id of this tenant. */
  tag: string;
  enterpriseId: string;
  facilityId: string;
  timezone: string;
  emergencyNotificationNumber: string;
  taskNotificationNumber: string;
  careZones: Record<TestCareZoneKey, BuiltCareZone>;
  groups: Record<GroupType, string>;
  /** One unit per care type (AL, MC, IL, LTC, STR); every unit has a wall button, IL also a check-in button. */
  units: Record<TestCareZoneKey, BuiltUnit & { wallButton: BuiltDevice }>;
  /** One resident per unit, each with a pendant. */
  residents: Record<TestCareZoneKey, BuiltResident & { pendant: BuiltDevice }>;
  /** The IL unit's check-in button. */
  checkInButton: BuiltDevice;
  /** A door with a door alarm and a 19:00-07:00 schedule. */
  door: BuiltDoor & { alarm: BuiltDevice; scheduleId: string };
  /** A fall sensor in the MC unit. */
  fallSensor: BuiltDevice & { unitId: string };
  /** An unallocated pendant registered to the facility. */
  sparePendant: { deviceId: string; hardwareId: string };
  defaultDoorScheduleId: string;
  companyPhones: { id: string; displayName: string; phoneNumber: string }[];
  /**
   * manager: Management admin; caregiver: CareStaff (zones AL+MC); nurse: NurseMedTech (all zones);
   * housekeeper: Housekeeping; careAdmin: CareStaff admin (zones AL+MC+IL); plus one per other group.
   */
  staff: Record<TestStaffRole, TestStaffMember>;
  gateway: { id: string; key: string };
  notificationPolicyId: string;
}

export type TestFacilityOverrides = Partial<
  Pick<
    FacilityPlan,
    | 'enterpriseName'
    | 'facilityName'
    | 'timezone'
    | 'emergencyNotificationNumber'
    | 'taskNotificationNumber'
    | 'messageDeliveryMethods'
    | 'isAlertLocationEnabled'
    | 'isObservationsEnabled'
    | 'observationsByCareType'
    | 'routineCheckIntervalInMin'
  >
>;

const ZONE_UNITS: Record<
  TestCareZoneKey,
  { careType: CareType; number: string; resident: [string, string] }
> = {
  AL: { careType: CareType.ASSISTED_LIVING, number: '101', resident: ['Margaret', 'Hale'] },
  MC: { careType: CareType.MEMORY_CARE, number: '201', resident: ['Walter', 'Brennan'] },
  IL: { careType: CareType.INDEPENDENT_LIVING, number: '301', resident: ['Dorothy', 'Keane'] },
  LTC: { careType: CareType.LONG_TERM_CARE, number: '401', resident: ['Harold', 'Vance'] },
  STR: { careType: CareType.SHORT_TERM_REHAB, number: '501', resident: ['Evelyn', 'Morrow'] },
};

const TEST_STAFF: Record<
  TestStaffRole,
  {
    firstName: string;
    lastName: string;
    jobTitle: string;
    memberships: StaffPlan['memberships'];
    zones?: string[];
  }
> = {
  manager: {
    firstName: 'Morgan',
    lastName: 'Reyes',
    jobTitle: 'Executive Director',
    memberships: [{ group: 'Management', isAdmin: true }],
  },
  caregiver: {
    firstName: 'Casey',
    lastName: 'Nguyen',
    jobTitle: 'Caregiver',
    memberships: [{ group: 'CareStaff' }],
    zones: ['AL', 'MC'],
  },
  nurse: {
    firstName: 'Nora',
    lastName: 'Patel',
    jobTitle: 'LPN',
    memberships: [{ group: 'NurseMedTech', isAdmin: true }],
    zones: ['LTC', 'STR'],
  },
  housekeeper: {
    firstName: 'Hank',
    lastName: 'Olsen',
    jobTitle: 'Housekeeper',
    memberships: [{ group: 'Housekeeping', isAdmin: true }],
  },
  careAdmin: {
    firstName: 'Alex',
    lastName: 'Carter',
    jobTitle: 'Care Coordinator',
    memberships: [{ group: 'CareStaff', isAdmin: true }],
    zones: ['AL', 'MC', 'IL'],
  },
  culinary: {
    firstName: 'Cora',
    lastName: 'Lindqvist',
    jobTitle: 'Cook',
    memberships: [{ group: 'Culinary', isAdmin: true }],
  },
  maintenance: {
    firstName: 'Manny',
    lastName: 'Ortiz',
    jobTitle: 'Maintenance Tech',
    memberships: [{ group: 'Maintenance', isAdmin: true }],
  },
  transportation: {
    firstName: 'Terry',
    lastName: 'Brooks',
    jobTitle: 'Driver',
    memberships: [{ group: 'Transportation', isAdmin: true }],
  },
  activities: {
    firstName: 'Ava',
    lastName: 'Kim',
    jobTitle: 'Activities Director',
    memberships: [{ group: 'Activities', isAdmin: true }],
  },
  support: {
    firstName: 'Sam',
    lastName: 'Support',
    jobTitle: 'Support Engineer',
    memberships: [{ group: 'SageSupport', isAdmin: true }],
  },
};

/** The small, unique tenant plan behind `createTestFacility`. */
export function testFacilityPlan(tag: string, overrides: TestFacilityOverrides = {}): FacilityPlan {
  const zones = Object.keys(ZONE_UNITS) as TestCareZoneKey[];
  return {
    enterpriseName: `Test Enterprise ${tag}`,
    facilityName: `Test Community ${tag}`,
    timezone: 'America/Chicago',
    emergencyNotificationNumber: randomTestPhoneNumber(),
    taskNotificationNumber: randomTestPhoneNumber(),
    messageDeliveryMethods: ['PUSH_NOTIFICATION', 'SMS'],
    isObservationsEnabled: true,
    routineCheckIntervalInMin: 120,
    ...overrides,
    careZones: STANDARD_CARE_ZONES,
    units: zones.map((z) => {
      const u = ZONE_UNITS[z];
      return {
        key: z,
        displayName: `${z} ${u.number}`,
        careType: u.careType,
        value: u.number,
        ward: z,
        floor: u.number.slice(0, 1),
        wallButton: { hardwareId: `WALL-${tag}-${z}${u.number}`, batteryLevel: 95 },
        ...(z === 'IL'
          ? { checkInButton: { hardwareId: `CHECKIN-${tag}-${z}${u.number}`, batteryLevel: 90 } }
          : {}),
      };
    }),
    residents: zones.map((z) => {
      const u = ZONE_UNITS[z];
      return {
        key: z,
        unitKey: z,
        firstName: u.resident[0],
        lastName: `${u.resident[1]}-${tag}`,
        dateOfBirth: new Date('1938-04-12'),
        isRoutineCheckEnabled: z !== 'IL',
        health: {
          memoryLevel: z === 'MC' ? 'MODERATE_IMPAIRMENT' : 'INDEPENDENT',
          resuscitationStrategy: z === 'LTC' ? ResuscitationStrategy.DNR : ResuscitationStrategy.CPR,
          hospiceStatus: z === 'LTC' ? HospiceStatus.HOSPICE_CARE : HospiceStatus.STANDARD_CARE,
        },
        pendant: { hardwareId: `PENDANT-${tag}-${z}`, batteryLevel: 80 },
      };
    }),
    doors: [
      {
        key: 'front',
        name: `Front Entrance ${tag}`,
        alarm: { hardwareId: `DOOR-${tag}-FRONT`, batteryLevel: 90 },
        schedule: NIGHT_DOOR_SCHEDULE,
      },
    ],
    defaultDoorSchedule: { alwaysAlert: true },
    sensors: [
      {
        key: 'fall',
        type: DeviceType.FALL_DETECTION_DEVICE,
        hardwareId: `FALL-${tag}-MC`,
        unitKey: 'MC',
        room: 'Bedroom',
        batteryLevel: 90,
      },
    ],
    spareDevices: [{ hardwareId: `PENDANT-${tag}-SPARE`, type: DeviceType.SAGE_BUTTON, batteryLevel: 100 }],
    companyPhones: [
      { displayName: 'Community Phone 1', phoneNumber: randomTestPhoneNumber() },
      { displayName: 'Community Phone 2', phoneNumber: randomTestPhoneNumber() },
    ],
    staff: (Object.keys(TEST_STAFF) as TestStaffRole[]).map((role) => {
      const s = TEST_STAFF[role];
      return {
        key: role,
        firstName: s.firstName,
        lastName: s.lastName,
        phoneNumber: randomTestPhoneNumber(),
        email: `${role.toLowerCase()}.${tag}@test.sagecare.test`,
        jobTitle: s.jobTitle,
        memberships: s.memberships,
        careZoneKeys: s.zones ?? [],
      };
    }),
    gateway: { name: `Test gateway ${tag}`, key: `test-gateway-${randomBytes(16).toString('hex')}` },
  };
}

/**
 * Replaces a facility's notification policies with one ALERT policy of `blocks`, for tests whose escalation must
 * follow rules of their own (who, when) rather than the test facility's default policy.
 */
export async function replaceAlertPolicy(
  db: Db,
  facility: { facilityId: string; enterpriseId: string },
  name: string,
  blocks: Prisma.NotificationBlockCreateWithoutPolicyInput[],
): Promise<void> {
  const { facilityId, enterpriseId } = facility;
  await db.notificationPolicy.deleteMany({ where: { facilityId } });
  await db.notificationPolicy.create({
    data: { facilityId, enterpriseId, type: 'ALERT', name, blocks: { create: blocks } },
  });
}

/**
 * Creates a unique tenant (enterprise, facility, zones, units of each care type, residents with
 * pendants, wall buttons, a door alarm, a fall sensor, staff in every group with random phone
 * numbers, a gateway with a random key) in one transaction. Safe to call from parallel tests.
 */
export async function createTestFacility(
  prisma: PrismaClient,
  overrides: TestFacilityOverrides = {},
): Promise<TestFacility> {
  for (let attempt = 1; ; attempt++) {
    const tag = randomBytes(4).toString('hex');
    const plan = testFacilityPlan(tag, overrides);
    try {
      const built = await prisma.$transaction((tx) => buildFacility(tx, plan), {
        timeout: 30_000,
        maxWait: 30_000,
      });
      return toTestFacility(tag, plan, built);
    } catch (error) {
      // A random phone number met one already taken: try again with fresh ones.
      if (attempt < 5 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

function toTestFacility(tag: string, plan: FacilityPlan, b: BuiltFacility): TestFacility {
  const zone = (k: TestCareZoneKey) => must(b.careZones[k], `care zone ${k}`);
  const unit = (k: TestCareZoneKey) => {
    const u = must(b.units[k], `unit ${k}`);
    return { ...u, wallButton: must(u.wallButton, 'wall button') };
  };
  const resident = (k: TestCareZoneKey) => {
    const r = must(b.residents[k], `resident ${k}`);
    return { ...r, pendant: must(r.pendant, 'pendant') };
  };
  const staffMember = (role: TestStaffRole): TestStaffMember => {
    const { facilityConfigId: _config, ...s } = must(b.staff[role], `staff ${role}`);
    return s;
  };
  const door = must(b.doors.front, 'door');
  const spare = must(b.spareDevices[0], 'spare pendant');
  return {
    tag,
    enterpriseId: b.enterpriseId,
    facilityId: b.facilityId,
    timezone: b.timezone,
    emergencyNotificationNumber: plan.emergencyNotificationNumber ?? '',
    taskNotificationNumber: plan.taskNotificationNumber ?? '',
    careZones: { AL: zone('AL'), MC: zone('MC'), IL: zone('IL'), LTC: zone('LTC'), STR: zone('STR') },
    groups: b.groups,
    units: { AL: unit('AL'), MC: unit('MC'), IL: unit('IL'), LTC: unit('LTC'), STR: unit('STR') },
    residents: {
      AL: resident('AL'),
      MC: resident('MC'),
      IL: resident('IL'),
      LTC: resident('LTC'),
      STR: resident('STR'),
    },
    checkInButton: must(b.units.IL?.checkInButton, 'check-in button'),
    door: {
      ...door,
      alarm: must(door.alarm, 'door alarm'),
      scheduleId: must(door.scheduleId, 'door schedule'),
    },
    fallSensor: must(b.sensors.fall, 'fall sensor'),
    sparePendant: { deviceId: spare.deviceId, hardwareId: spare.hardwareId },
    defaultDoorScheduleId: must(b.defaultDoorScheduleId ?? undefined, 'default door schedule'),
    companyPhones: b.companyPhones,
    staff: {
      manager: staffMember('manager'),
      caregiver: staffMember('caregiver'),
      nurse: staffMember('nurse'),
      housekeeper: staffMember('housekeeper'),
      careAdmin: staffMember('careAdmin'),
      culinary: staffMember('culinary'),
      maintenance: staffMember('maintenance'),
      transportation: staffMember('transportation'),
      activities: staffMember('activities'),
      support: staffMember('support'),
    },
    gateway: { id: b.gateway.id, key: b.gateway.key },
    notificationPolicyId: must(b.notificationPolicyId ?? undefined, 'notification policy'),
  };
}
