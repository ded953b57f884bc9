import {
  type ContactPlan,
  DEFAULT_OBSERVATIONS_BY_CARE_TYPE,
  type FacilityPlan,
  type HealthPlan,
  NIGHT_DOOR_SCHEDULE,
  type ResidentPlan,
  STANDARD_CARE_ZONES,
  type StaffPlan,
  type UnitPlan,
} from '../factories';
import {
  CareType,
  DeviceType,
  HospiceStatus,
  ResidentContactType,
  ResuscitationStrategy,
} from '../generated/prisma/client';

/** Fixed facts of the demo data that docs, scripts and tests rely on. */
export const DEMO = {
  enterpriseName: 'Sage Demo Senior Living',
  facilityName: 'Maple Grove Senior Living',
  timezone: 'America/Chicago',
  emergencyNotificationNumber: '+14155550190',
  taskNotificationNumber: '+14155550191',
  /** Fixed sign-in numbers (ARCHITECTURE.md, 'Demo data'). */
  phones: {
    manager: '+14155550100',
    caregiver: '+14155550101',
    nurse: '+14155550102',
    housekeeper: '+14155550103',
    careAdmin: '+14155550104',
  },
  gatewayName: 'Dev gateway',
  gatewayKey: 'dev-gateway-key',
  /** A resident in the caregiver's care zones (Assisted Living), with their pendant and unit wall button. */
  caregiverResident: {
    firstName: 'Margaret',
    lastName: 'Thompson',
    unitDisplayName: 'AL 101',
    pendantHardwareId: 'PENDANT-0001',
    wallButtonHardwareId: 'WALL-AL101',
  },
  hardwareIds: {
    caregiverResidentPendant: 'PENDANT-0001',
    caregiverResidentWallButton: 'WALL-AL101',
    memoryCareWallButton: 'WALL-MC201',
    frontDoor: 'DOOR-FRONT',
    courtyardDoor: 'DOOR-MC-COURTYARD',
    loadingDockDoor: 'DOOR-LOADING-DOCK',
    fallSensor: 'FALL-0001',
    checkInButton: 'CHECKIN-IL301',
    sparePendant: 'PENDANT-SPARE-01',
  },
  counts: { units: 50, residents: 70, careZones: 5, groups: 9, staff: 18, doors: 3, companyPhones: 4 },
} as const;

// ---------------------------------------------------------------------------
// Deterministic variety
// ---------------------------------------------------------------------------

/** mulberry32: a tiny seeded PRNG so the demo data is the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

// ---------------------------------------------------------------------------
// Units: 50 across the five care types
// ---------------------------------------------------------------------------

interface UnitSpec {
  abbr: 'AL' | 'MC' | 'IL' | 'LTC' | 'STR';
  careType: CareType;
  first: number;
  count: number;
  building: string;
  wing: (n: number) => string;
  /** Number of residents per unit, in unit order (the rest hold 1; 0 = vacant). */
  occupancy: Record<number, number>;
}

const UNIT_SPECS: UnitSpec[] = [
  {
    abbr: 'AL',
    careType: CareType.ASSISTED_LIVING,
    first: 101,
    count: 16,
    building: 'Main Building',
    wing: (n) => (n <= 108 ? 'North' : 'South'),
    occupancy: { 101: 2, 103: 2, 105: 2, 107: 2, 109: 2, 111: 2 },
  },
  {
    abbr: 'MC',
    careType: CareType.MEMORY_CARE,
    first: 201,
    count: 10,
    building: 'Main Building',
    wing: () => 'Memory Care',
    occupancy: { 201: 2, 202: 2 },
  },
  {
    abbr: 'IL',
    careType: CareType.INDEPENDENT_LIVING,
    first: 301,
    count: 12,
    building: 'The Residences',
    wing: (n) => (n <= 306 ? 'East' : 'West'),
    occupancy: { 301: 2, 302: 2, 303: 2, 305: 2, 307: 2, 309: 2, 311: 2, 312: 0 },
  },
  {
    abbr: 'LTC',
    careType: CareType.LONG_TERM_CARE,
    first: 401,
    count: 6,
    building: 'Health Center',
    wing: () => 'Long Term Care',
    occupancy: { 401: 2, 402: 2, 403: 2, 404: 2 },
  },
  {
    abbr: 'STR',
    careType: CareType.SHORT_TERM_REHAB,
    first: 501,
    count: 6,
    building: 'Health Center',
    wing: () => 'Rehab',
    occupancy: { 501: 2, 502: 2 },
  },
];

type Person = [first: string, middle: string, preferred: string];

/** Married couples sharing an assisted- or independent-living apartment (last name, wife, husband). */
const COUPLES: [string, Person, Person][] = [
  ['Thompson', ['Margaret', 'Ann', 'Peggy'], ['Harold', 'James', '']],
  ['Martinez', ['Eleanor', 'Rose', ''], ['Ricardo', '', '']],
  ['Anderson', ['Frances', 'Louise', 'Fran'], ['Walter', '', 'Walt']],
  ['Taylor', ['Betty', 'Jean', ''], ['George', 'Edward', '']],
  ['Moore', ['Ruth', '', ''], ['Arthur', 'Lee', 'Art']],
  ['Jacobs', ['Helen', 'Marie', ''], ['Raymond', '', 'Ray']],
  ['Wright', ['Irene', '', ''], ['Stanley', 'Joseph', 'Stan']],
  ['Scott', ['Josephine', '', 'Jo'], ['Albert', 'Henry', 'Al']],
  ['Hill', ['Doris', 'Ann', ''], ['Kenneth', 'Ray', 'Ken']],
  ['Campbell', ['Shirley', '', ''], ['Donald', 'Wayne', 'Don']],
  ['Mitchell', ['Lorraine', 'Joy', ''], ['Frank', '', '']],
  ['Roberts', ['Bernice', '', 'Bea'], ['Chester', 'Allen', 'Chet']],
  ['Carter', ['Jean', 'Louise', ''], ['Ralph', '', '']],
];

/** Everyone else (first, middle, last, preferred). */
const SINGLES: [string, string, string, string][] = [
  ['Dorothy', '', 'Wilson', 'Dot'],
  ['Virginia', 'Mae', 'White', 'Ginny'],
  ['Lillian', '', 'Harris', 'Lil'],
  ['Eugene', 'Paul', 'Clark', 'Gene'],
  ['Mildred', '', 'Lewis', 'Millie'],
  ['Howard', 'Francis', 'Robinson', ''],
  ['Evelyn', 'Grace', 'Walker', ''],
  ['Clarence', '', 'Young', ''],
  ['Gladys', 'Irene', 'Allen', ''],
  ['Norman', '', 'King', ''],
  ['Marjorie', 'Ellen', 'Green', 'Margie'],
  ['Leonard', '', 'Baker', 'Len'],
  ['Agnes', 'Mary', 'Adams', ''],
  ['Wilbur', '', 'Nelson', ''],
  ['Florence', 'Ida', 'Phillips', 'Flo'],
  ['Earl', '', 'Jenkins', ''],
  ['Patricia', 'Lynn', 'Evans', 'Pat'],
  ['Vernon', 'Dale', 'Turner', ''],
  ['Alice', 'May', 'Torres', ''],
  ['Lawrence', '', 'Parker', 'Larry'],
  ['Phyllis', 'Jane', 'Collins', ''],
  ['Russell', 'Earl', 'Edwards', 'Russ'],
  ['Beatrice', '', 'Stewart', ''],
  ['Herbert', 'Leon', 'Foley', 'Herb'],
  ['Marion', 'Faye', 'Sanchez', ''],
  ['Elmer', '', 'Morris', ''],
  ['Hazel', 'Dean', 'Rogers', ''],
  ['Gordon', 'Bruce', 'Hughes', ''],
  ['Edna', '', 'Reed', ''],
  ['Lloyd', 'Martin', 'Sullivan', ''],
  ['Constance', 'Ruth', 'Cook', 'Connie'],
  ['Melvin', '', 'Morgan', 'Mel'],
  ['Juanita', 'Sofia', 'Vargas', ''],
  ['Floyd', '', 'Murphy', ''],
  ['Maxine', 'Joan', 'Bailey', ''],
  ['Roy', 'Lewis', 'Rivera', ''],
  ['Geraldine', '', 'Cooper', 'Gerri'],
  ['Theodore', 'John', 'Richardson', 'Ted'],
  ['Loretta', 'Kay', 'Cox', ''],
  ['Cecil', '', 'Howard', ''],
  ['Wanda', 'Lee', 'Ward', ''],
  ['Herman', 'Otto', 'Peterson', ''],
  ['Rosemary', '', 'Gray', 'Rose'],
  ['Willard', 'Glenn', 'Ramirez', 'Will'],
];

const MEMORY_LEVELS = ['INDEPENDENT', 'MILD_IMPAIRMENT', 'MODERATE_IMPAIRMENT', 'SEVERE_IMPAIRMENT'] as const;
const ADL_LEVELS = [
  'INDEPENDENT',
  'SUPERVISION',
  'LIMITED_ASSIST',
  'EXTENSIVE_ASSIST',
  'TOTAL_DEPENDENCE',
] as const;
const CONTINENCE_LEVELS = [
  'CONTINENT',
  'OCCASIONALLY_INCONTINENT',
  'FREQUENTLY_INCONTINENT',
  'INCONTINENT',
] as const;
const RELATIONSHIPS = ['Daughter', 'Son', 'Niece', 'Nephew', 'Granddaughter', 'Grandson'] as const;
const CONTACT_FIRST_NAMES = [
  'Susan',
  'Michael',
  'Karen',
  'David',
  'Lisa',
  'Robert',
  'Jennifer',
  'Mark',
] as const;
const PCPS = [
  { firstName: 'Laura', lastName: 'Bennett', name: 'Lakeside Family Medicine', phoneNumber: '+13125550140' },
  {
    firstName: 'Samuel',
    lastName: 'Oyelaran',
    name: 'Northshore Internal Medicine',
    phoneNumber: '+13125550141',
  },
  { firstName: 'Rachel', lastName: 'Feldman', name: 'Maple Grove Geriatrics', phoneNumber: '+13125550142' },
] as const;
const SPECIALISTS = [
  { firstName: 'Anil', lastName: 'Mehta', specialty: 'Cardiology', phoneNumber: '+13125550150' },
  { firstName: 'Claire', lastName: 'Dubois', specialty: 'Neurology', phoneNumber: '+13125550151' },
  { firstName: 'Martin', lastName: 'Kowalski', specialty: 'Orthopedics', phoneNumber: '+13125550152' },
] as const;
const HOSPITAL = { name: 'Northwestern Lake Forest Hospital', phoneNumber: '+13125550160' } as const;

/** Resident indexes (in creation order) with a particular state. */
const ON_HOLD = new Set([9, 33, 61]);
/** Second residents of these independent-living apartments have no pendant. */
const WITHOUT_PENDANT_UNITS = new Set(['IL303', 'IL307']);
const LOW_BATTERY: Record<number, number> = { 5: 12, 17: 8, 52: 18 };
const UNKNOWN_BATTERY = new Set([30]);

function healthFor(careType: CareType, rand: () => number): HealthPlan {
  const adl = (from: number, to: number) => ADL_LEVELS[from + Math.floor(rand() * (to - from + 1))] as string;
  const [lo, hi] =
    careType === CareType.INDEPENDENT_LIVING
      ? [0, 1]
      : careType === CareType.ASSISTED_LIVING
        ? [0, 3]
        : careType === CareType.SHORT_TERM_REHAB
          ? [1, 3]
          : [2, 4];
  const memoryLevel =
    careType === CareType.MEMORY_CARE
      ? pick(rand, MEMORY_LEVELS.slice(2))
      : careType === CareType.INDEPENDENT_LIVING
        ? 'INDEPENDENT'
        : pick(rand, MEMORY_LEVELS.slice(0, 3));
  const continenceLevel =
    careType === CareType.INDEPENDENT_LIVING ? 'CONTINENT' : pick(rand, CONTINENCE_LEVELS);
  const incontinent = continenceLevel !== 'CONTINENT';
  const nursing = careType === CareType.LONG_TERM_CARE;
  return {
    memoryLevel,
    continenceLevel,
    productProvider: incontinent ? pick(rand, ['Facility', 'Family', 'Medicaid']) : undefined,
    wearsPads: incontinent && rand() < 0.5,
    wearsPullups: incontinent && rand() < 0.3,
    wearsBriefs: incontinent && nursing,
    safetyLevel: adl(lo, hi),
    feedingLevel: adl(lo, Math.max(lo, hi - 1)),
    bathingLevel: adl(lo, hi),
    toiletingLevel: adl(lo, hi),
    transferringLevel: adl(lo, hi),
    mobilityLevel: adl(lo, hi),
    dressingLevel: adl(lo, hi),
    groomingLevel: adl(lo, hi),
    resuscitationStrategy:
      rand() < (nursing ? 0.6 : 0.3)
        ? ResuscitationStrategy.DNR
        : rand() < 0.85
          ? ResuscitationStrategy.CPR
          : ResuscitationStrategy.UNKNOWN,
    hospiceStatus:
      nursing && rand() < 0.35
        ? HospiceStatus.HOSPICE_CARE
        : rand() < 0.9
          ? HospiceStatus.STANDARD_CARE
          : HospiceStatus.UNKNOWN,
  };
}

function contactsFor(index: number, lastName: string, rand: () => number): ContactPlan[] {
  const phone = (n: number) => `+1312555${String(n).padStart(4, '0')}`;
  const family = pick(rand, CONTACT_FIRST_NAMES);
  const pcp = PCPS[index % PCPS.length] as (typeof PCPS)[number];
  const contacts: ContactPlan[] = [
    {
      type: ResidentContactType.CONTACT,
      firstName: family,
      lastName,
      relationship: pick(rand, RELATIONSHIPS),
      phoneNumber: phone(200 + index),
      email: `${family.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
      isEmergencyContact: true,
      isPrimary: true,
    },
    { type: ResidentContactType.PRIMARY_CARE_PROVIDER, ...pcp, isPrimary: true },
  ];
  if (index % 4 === 0) {
    contacts.push({
      type: ResidentContactType.SPECIALIST,
      ...(SPECIALISTS[index % 3] as (typeof SPECIALISTS)[number]),
    });
  }
  if (index % 5 === 0) {
    contacts.push({
      type: ResidentContactType.HOSPITAL,
      ...HOSPITAL,
      address: '660 N Westmoreland Rd, Lake Forest, IL',
    });
  }
  return contacts;
}

function unitsAndResidents(now: Date): { units: UnitPlan[]; residents: ResidentPlan[] } {
  const rand = prng(20240607);
  const units: UnitPlan[] = [];
  const residents: ResidentPlan[] = [];
  const couples = [...COUPLES];
  const singles = [...SINGLES];
  let index = 0;
  for (const spec of UNIT_SPECS) {
    for (let n = spec.first; n < spec.first + spec.count; n++) {
      const key = `${spec.abbr}${n}`;
      units.push({
        key,
        displayName: `${spec.abbr} ${n}`,
        careType: spec.careType,
        value: String(n),
        ward: spec.abbr,
        building: spec.building,
        wing: spec.wing(n),
        floor: String(n).slice(0, 1),
        wallButton: { hardwareId: `WALL-${key}`, batteryLevel: 70 + Math.floor(rand() * 31) },
        ...(spec.careType === CareType.INDEPENDENT_LIVING
          ? { checkInButton: { hardwareId: `CHECKIN-${key}`, batteryLevel: 75 + Math.floor(rand() * 26) } }
          : {}),
      });
      const occupants = spec.occupancy[n] ?? 1;
      const couple =
        occupants === 2 && (spec.abbr === 'AL' || spec.abbr === 'IL') ? couples.shift() : undefined;
      for (let o = 0; o < occupants; o++) {
        const i = index++;
        let name: [string, string, string, string] | undefined;
        if (couple) {
          const [last, wife, husband] = couple;
          const [first, middle, preferred] = o === 0 ? wife : husband;
          name = [first, middle, last, preferred];
        } else {
          name = singles.shift();
        }
        if (!name) throw new Error('Not enough demo resident names');
        const [firstName, middleName, lastName, preferredName] = name;
        const pendantNumber = String(i + 1).padStart(4, '0');
        const battery = UNKNOWN_BATTERY.has(i) ? -1 : (LOW_BATTERY[i] ?? 25 + Math.floor(rand() * 76));
        const pressedHoursAgo = rand() < 0.6 ? Math.floor(rand() * 72) : null;
        residents.push({
          key: `R${pendantNumber}`,
          unitKey: key,
          salutation: couple ? (o === 0 ? 'Mrs.' : 'Mr.') : undefined,
          firstName,
          middleName: middleName || undefined,
          lastName,
          preferredName: preferredName || undefined,
          dateOfBirth: new Date(
            Date.UTC(1928 + Math.floor(rand() * 24), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)),
          ),
          isRoutineCheckEnabled: spec.careType !== CareType.INDEPENDENT_LIVING,
          isOnHold: ON_HOLD.has(i),
          health: healthFor(spec.careType, rand),
          contacts: contactsFor(i, lastName, rand),
          pendant:
            o === 1 && WITHOUT_PENDANT_UNITS.has(key)
              ? undefined
              : {
                  hardwareId: `PENDANT-${pendantNumber}`,
                  batteryLevel: battery,
                  lastPressTimestamp:
                    pressedHoursAgo === null
                      ? null
                      : new Date(now.getTime() - pressedHoursAgo * 3_600_000 - 60_000),
                },
        });
      }
    }
  }
  if (couples.length || singles.length) throw new Error('Demo resident names left over');
  return { units, residents };
}

// ---------------------------------------------------------------------------
// Staff: the five fixed sign-in numbers, then one or more in every group
// ---------------------------------------------------------------------------

const staffMember = (
  n: number,
  firstName: string,
  lastName: string,
  jobTitle: string,
  memberships: StaffPlan['memberships'],
  careZoneKeys: string[] = [],
  extra: Partial<StaffPlan> = {},
): StaffPlan => ({
  key: `${firstName.toLowerCase()}`,
  firstName,
  lastName,
  phoneNumber: `+141555501${String(n).padStart(2, '0')}`,
  email: `${firstName.toLowerCase()}@demo.sagecare.test`,
  jobTitle,
  memberships,
  careZoneKeys,
  ...extra,
});

const DEMO_STAFF: StaffPlan[] = [
  staffMember(0, 'Diane', 'Whitaker', 'Executive Director', [{ group: 'Management', isAdmin: true }]),
  staffMember(1, 'Marcus', 'Bell', 'Caregiver', [{ group: 'CareStaff' }], ['AL', 'MC']),
  staffMember(2, 'Priya', 'Raman', 'LPN', [{ group: 'NurseMedTech' }], ['LTC', 'STR']),
  staffMember(3, 'Rosa', 'Delgado', 'Housekeeper', [{ group: 'Housekeeping' }]),
  staffMember(
    4,
    'Jamal',
    'Foster',
    'Care Supervisor',
    [{ group: 'CareStaff', isAdmin: true }],
    ['AL', 'MC', 'IL'],
  ),
  staffMember(5, 'Emily', 'Chen', 'Caregiver', [{ group: 'CareStaff' }], ['AL']),
  staffMember(6, 'Tyler', 'Jackson', 'Caregiver', [{ group: 'CareStaff' }], ['MC'], { isAgencyStaff: true }),
  staffMember(7, 'Grace', 'Okafor', 'Resident Assistant', [{ group: 'CareStaff' }], ['IL']),
  staffMember(8, 'Luis', 'Herrera', 'CNA', [{ group: 'CareStaff' }], ['LTC', 'STR']),
  staffMember(9, 'Hannah', 'Schmidt', 'RN', [{ group: 'NurseMedTech', isAdmin: true }], ['LTC', 'STR']),
  staffMember(10, 'Kevin', "O'Brien", 'Med Tech', [{ group: 'NurseMedTech' }], ['AL', 'MC']),
  staffMember(
    11,
    'Angela',
    'Russo',
    'Director of Nursing',
    [{ group: 'Management' }, { group: 'NurseMedTech' }],
    ['LTC', 'STR'],
    { isCareAdmin: true },
  ),
  staffMember(12, 'Samuel', 'Price', 'Executive Chef', [{ group: 'Culinary', isAdmin: true }]),
  staffMember(13, 'Brenda', 'Walsh', 'Housekeeping Supervisor', [{ group: 'Housekeeping', isAdmin: true }]),
  staffMember(14, 'Victor', 'Novak', 'Maintenance Technician', [{ group: 'Maintenance', isAdmin: true }]),
  staffMember(15, 'Denise', 'Coleman', 'Driver', [{ group: 'Transportation', isAdmin: true }]),
  staffMember(16, 'Olivia', 'Martin', 'Activities Director', [{ group: 'Activities', isAdmin: true }]),
  staffMember(17, 'Jordan', 'Blake', 'Support Specialist', [{ group: 'SageSupport', isAdmin: true }]),
];

/** The demo facility. `now` only dates the pendants' last presses. */
export function demoFacilityPlan(now = new Date()): FacilityPlan {
  const { units, residents } = unitsAndResidents(now);
  return {
    enterpriseName: DEMO.enterpriseName,
    facilityName: DEMO.facilityName,
    timezone: DEMO.timezone,
    emergencyNotificationNumber: DEMO.emergencyNotificationNumber,
    taskNotificationNumber: DEMO.taskNotificationNumber,
    messageDeliveryMethods: ['PUSH_NOTIFICATION', 'SMS'],
    isAlertLocationEnabled: false,
    isObservationsEnabled: true,
    // facilityConfig.observationsByCareType (docs/decisions/0058): all eight types for assisted living, memory
    // care and the nursing types; none for independent living.
    observationsByCareType: DEFAULT_OBSERVATIONS_BY_CARE_TYPE,
    routineCheckIntervalInMin: 120,
    careZones: STANDARD_CARE_ZONES,
    units,
    residents,
    doors: [
      {
        key: 'front',
        name: 'Front Entrance',
        alarm: { hardwareId: DEMO.hardwareIds.frontDoor, batteryLevel: 92 },
        schedule: NIGHT_DOOR_SCHEDULE,
      },
      {
        key: 'courtyard',
        name: 'Memory Care Courtyard',
        alarm: { hardwareId: DEMO.hardwareIds.courtyardDoor, batteryLevel: 64 },
      },
      {
        key: 'loadingDock',
        name: 'Loading Dock',
        alarm: { hardwareId: DEMO.hardwareIds.loadingDockDoor, batteryLevel: 88 },
      },
    ],
    defaultDoorSchedule: { alwaysAlert: true },
    sensors: [
      {
        key: 'fall',
        type: DeviceType.FALL_DETECTION_DEVICE,
        hardwareId: DEMO.hardwareIds.fallSensor,
        unitKey: 'MC203',
        room: 'Bedroom',
        displayName: 'MC 203 fall sensor',
        batteryLevel: 90,
      },
    ],
    spareDevices: [
      { hardwareId: DEMO.hardwareIds.sparePendant, type: DeviceType.SAGE_BUTTON, batteryLevel: 100 },
      { hardwareId: 'PENDANT-SPARE-02', type: DeviceType.SAGE_BUTTON, batteryLevel: 100 },
    ],
    companyPhones: [1, 2, 3, 4].map((n) => ({
      displayName: `Community Phone ${n}`,
      phoneNumber: `+14155550${119 + n}`,
    })),
    staff: DEMO_STAFF,
    gateway: { name: DEMO.gatewayName, key: DEMO.gatewayKey },
  };
}
