import { randomBytes, randomInt } from 'node:crypto';
import { isUniqueViolation } from '../errors';
import type { PrismaClient } from '../generated/prisma/client';
import {
  CareType,
  DeviceType,
  type GroupType,
  HospiceStatus,
  ResuscitationStrategy,
} from '../generated/prisma/client';
import { buildFacility } from './build';
import {
  type BuiltCareZone,
  type BuiltDevice,
  type BuiltDoor,
  type BuiltFacility,
  type BuiltResident,
  type BuiltStaff,
  type BuiltUnit,
  type FacilityPlan,
  NIGHT_DOOR_SCHEDULE,
  STANDARD_CARE_ZONES,
  type StaffPlan,
} from './plan';
import { must } from './tenant';

/**
 * The test factory: `createTestFacility(prisma)` builds a small, unique plan (`testFacilityPlan`: random names,
 * hardware ids, phone numbers and gateway key) so tests need no truncation and run in parallel.
 */

/**
 * A random, valid US (NANP) number in E.164 that never collides with the demo numbers
 * (+1 415 555 01xx): area code 415, exchange 200-999 except 555.
 */
export function randomTestPhoneNumber(): string {
  let exchange = 555;
  while (exchange === 555) exchange = randomInt(200, 1000);
  return `+1415${exchange}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** A staff member of the test facility (the built one without its facility config's id). */
export type TestStaffMember = Omit<BuiltStaff, 'facilityConfigId'>;

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
