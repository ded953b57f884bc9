// Facts of the browser tests' stack that the specs rely on (no imports: the specs load this file).

/** A second, newly set-up community: no notification policy yet (scripts/e2e/new-community.ts). */
export const NEW_COMMUNITY = {
  facilityName: 'Birch Hollow',
  managerPhone: '+14155550170',
} as const;

/** A community with a 1-minute automatic logoff (scripts/e2e/logoff-community.ts; decision 0142). */
export const LOGOFF_COMMUNITY = {
  facilityName: 'Aspen Court',
  caregiverPhone: '+14155550172',
  inactivityLogoffMinutes: 1,
} as const;

/**
 * A community with insights waiting (scripts/e2e/insights-community.ts; docs/decisions/0290-0294): its
 * caregiver a top performer, its nurse needing improvement. Its manager and caregiver sign in with fixed numbers.
 */
export const INSIGHTS_COMMUNITY = {
  facilityName: 'Juniper Ridge',
  managerPhone: '+14155550181',
  caregiverPhone: '+14155550182',
} as const;
