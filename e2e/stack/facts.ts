// Facts of the browser tests' stack that the specs rely on (no imports: the specs load this file).

/** A second, newly set-up community: no notification policy yet (e2e/stack/new-community.ts). */
export const NEW_COMMUNITY = {
  facilityName: 'Birch Hollow',
  managerPhone: '+14155550170',
} as const;

/** A community with a 1-minute automatic logoff (e2e/stack/logoff-community.ts; decision 0142). */
export const LOGOFF_COMMUNITY = {
  facilityName: 'Aspen Court',
  caregiverPhone: '+14155550172',
  inactivityLogoffMinutes: 1,
} as const;
