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
 * A community for the device QA walk (scripts/e2e/qa-community.ts; decision 0273): its own gateway, so the
 * walk's silenced presses never touch another spec's community. Its maintenance tech signs in with a fixed number.
 */
export const QA_COMMUNITY = {
  facilityName: 'Cedar Ridge',
  maintenancePhone: '+14155550186',
  gatewayKey: 'qa-walk-gateway-key',
  tag: 'cedar',
} as const;
