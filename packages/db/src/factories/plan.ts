import { GROUP_DISPLAY_NAMES, ObservationType } from '@sage/contract';
import {
  CareType,
  type DeviceType,
  GroupType,
  type HospiceStatus,
  type Prisma,
  type ResidentContactType,
  type ResuscitationStrategy,
} from '../generated/prisma/client';

/**
 * What `buildFacility` is given (a `FacilityPlan`, a plain description of one enterprise + facility) and what it
 * returns (a `BuiltFacility`, every id it wrote, by the plan's keys), with the spec's fixed lists the plans use.
 */

/** Display names of the groups (the contract's GROUP_DISPLAY_NAMES, plus Activities). */
export const GROUP_NAMES: Record<GroupType, string> = { ...GROUP_DISPLAY_NAMES, Activities: 'Activities' };

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
