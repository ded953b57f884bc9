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

/**
 * A community for the daily check-in list (e2e/stack/check-in-community.ts; decision 0233). Its time zone is
 * chosen when the stack starts so that its clock reads about noon: the list is open (after 4:00 am) for hours
 * whatever the real time of day. Independent-living units: IL 301 (occupied), IL 302 (empty), IL 303 (its
 * resident on hold).
 */
export const CHECK_IN_COMMUNITY = {
  facilityName: 'Cedar Commons',
  caregiverPhone: '+14155550233',
  /** Its manager (Management admin), for the routine-check settings. */
  managerPhone: '+14155550234',
  occupiedUnit: 'IL 301',
  emptyUnit: 'IL 302',
  onHoldUnit: 'IL 303',
} as const;
