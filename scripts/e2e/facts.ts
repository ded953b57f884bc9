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

/** A community of its own for the alert sound test: no other spec's alert rings there (sound-community.ts). */
export const SOUND_COMMUNITY = {
  facilityName: 'Rowan Glen',
  caregiverPhone: '+14155550329',
  gatewayKey: 'e2e-sound-gateway-key',
  /** Pendants of the community's AL and MC residents (both in the caregiver's care zones). */
  pendants: { ring: 'PENDANT-rowan-AL', mute: 'PENDANT-rowan-MC' },
} as const;
