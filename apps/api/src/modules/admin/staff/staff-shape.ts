import type { TCareZone, TStaffMember, TStaffMemberFacilityConfig } from '@sage/contract';
import type { Prisma } from '@sage/db';

/** The care-zone columns a reply may show (an allow-list: new columns never leak). */
export const CARE_ZONE_SELECT = {
  id: true,
  name: true,
  facilityId: true,
  unitRids: true,
  wards: true,
  careTypes: true,
  buildings: true,
  wings: true,
  floors: true,
} as const satisfies Prisma.CareZoneSelect;

type CareZoneRow = Prisma.CareZoneGetPayload<{ select: typeof CARE_ZONE_SELECT }>;

export const toCareZone = (row: CareZoneRow): TCareZone => ({
  id: row.id,
  name: row.name,
  facilityId: row.facilityId,
  unitTags: {
    unitRids: row.unitRids,
    wards: row.wards,
    careTypes: row.careTypes,
    buildings: row.buildings,
    wings: row.wings,
    floors: row.floors,
  },
});

export const FACILITY_CONFIG_SELECT = {
  id: true,
  facilityId: true,
  staffMemberId: true,
  shouldReceiveAllCareAlerts: true,
  shouldReceiveAllCareMessages: true,
  isCareAdmin: true,
  careZones: { select: { careZone: { select: CARE_ZONE_SELECT } } },
} as const satisfies Prisma.StaffMemberFacilityConfigSelect;

type FacilityConfigRow = Prisma.StaffMemberFacilityConfigGetPayload<{
  select: typeof FACILITY_CONFIG_SELECT;
}>;

export const toFacilityConfig = (row: FacilityConfigRow): TStaffMemberFacilityConfig => ({
  id: row.id,
  facilityId: row.facilityId,
  staffMemberId: row.staffMemberId,
  shouldReceiveAllCareAlerts: row.shouldReceiveAllCareAlerts,
  shouldReceiveAllCareMessages: row.shouldReceiveAllCareMessages,
  isCareAdmin: row.isCareAdmin,
  careZones: row.careZones
    .map((link) => toCareZone(link.careZone))
    .sort((a, b) => a.name.localeCompare(b.name)),
});

export const ON_CALL_SELECT = {
  facilityId: true,
  staffMemberId: true,
  isOnCall: true,
  companyPhoneId: true,
  deviceType: true,
} as const satisfies Prisma.OnCallStateSelect;

/** A staff member with their memberships, on-call states and facility configs in the given facilities only. */
export function staffSelect(facilityIds: readonly string[]) {
  const inScope = { facilityId: { in: [...facilityIds] } };
  return {
    id: true,
    firstName: true,
    lastName: true,
    phoneNumber: true,
    email: true,
    jobTitle: true,
    isAgencyStaff: true,
    isCareAdmin: true,
    isArchived: true,
    language: true,
    updatedAt: true,
    groupMemberships: {
      where: inScope,
      select: {
        groupId: true,
        isAdmin: true,
        facilityId: true,
        group: { select: { name: true, type: true } },
      },
      orderBy: { createdAt: 'asc' },
    },
    onCallStates: { where: inScope, select: ON_CALL_SELECT },
    facilityConfigs: { where: inScope, select: FACILITY_CONFIG_SELECT },
  } as const satisfies Prisma.StaffMemberSelect;
}

type StaffRow = Prisma.StaffMemberGetPayload<{ select: ReturnType<typeof staffSelect> }>;

/** The reply shape; phone number and email (PII) only when `showPii`. */
export const toStaffMember = (row: StaffRow, showPii: boolean): TStaffMember => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: showPii ? row.phoneNumber : null,
  email: showPii ? row.email : null,
  jobTitle: row.jobTitle,
  isAgencyStaff: row.isAgencyStaff,
  isCareAdmin: row.isCareAdmin,
  isArchived: row.isArchived,
  language: row.language,
  updatedAt: row.updatedAt.toISOString(),
  groupMemberships: row.groupMemberships.map((m) => ({
    groupId: m.groupId,
    isAdmin: m.isAdmin,
    facilityId: m.facilityId,
    groupName: m.group.name,
    groupType: m.group.type,
  })),
  onCallStates: row.onCallStates,
  staffMemberFacilityConfigs: row.facilityConfigs.map(toFacilityConfig),
});
