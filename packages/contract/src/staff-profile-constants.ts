/**
 * The zod-free part of staff-profile.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). staff-profile.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * Staff profile, care zones, shift (on-call) and company phones (sign-in doc sections 3, 4 and 7; admin API).
 * Paths below the admin base /admin/api/v1. Decision: docs/decisions/0023.
 */
export const STAFF_PROFILE_PATHS = {
  staffMember: (staffMemberId: string) => `/staff/${encodeURIComponent(staffMemberId)}`,
  staff: '/staff',
  profiles: '/staff/profiles',
  onCall: (staffMemberId: string, facilityId: string) =>
    `/staff/${encodeURIComponent(staffMemberId)}/on-call/${encodeURIComponent(facilityId)}`,
  onCallStaff: '/staff/oncall',
  facilityConfigs: '/staffMemberFacilityConfig',
  facilityConfig: (id: string) => `/staffMemberFacilityConfig/${encodeURIComponent(id)}`,
  careZones: '/careZones',
  companyPhones: '/companyPhones',
} as const;

/** How a staff member on call is reached: a community (company) phone, or another device. */
export const OnCallDeviceType = {
  COMPANY_PHONE: 'COMPANY_PHONE',
  MANAGER_PHONE: 'MANAGER_PHONE',
  COMPUTER: 'COMPUTER',
} as const;

export type OnCallDeviceType = (typeof OnCallDeviceType)[keyof typeof OnCallDeviceType];

/** The 'Other Devices' of the device drawer: 'Manager Phone' and 'Computer' (OTHER_DEVICE_OPTIONS). */
export const OTHER_DEVICE_TYPES = {
  'Manager Phone': OnCallDeviceType.MANAGER_PHONE,
  Computer: OnCallDeviceType.COMPUTER,
} as const;

/**
 * The languages of the staff app, its pushes and its texts (issue #33, docs/decisions/0551): English, the spec's
 * texts, and Spanish. Each staff member has one (default English); resident names, notes and care logs are
 * never translated.
 */
export const StaffLanguage = { en: 'en', es: 'es' } as const;
export type StaffLanguage = (typeof StaffLanguage)[keyof typeof StaffLanguage];
export const STAFF_LANGUAGES: readonly StaffLanguage[] = [StaffLanguage.en, StaffLanguage.es];
export const DEFAULT_STAFF_LANGUAGE: StaffLanguage = StaffLanguage.en;
