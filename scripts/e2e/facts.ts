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
 * A community of its own for the accessibility scan and the console-clean walk (apps/web/e2e/a11y;
 * scripts/e2e/a11y-community.ts): two caregivers of Assisted Living and Memory Care whom no other spec signs
 * in, and an assisted-living resident whose pendant no other spec presses.
 */
export const A11Y_COMMUNITY = {
  facilityName: 'Hazel Row',
  caregiverPhone: '+14155550183',
  secondCaregiverPhone: '+14155550184',
  careAdminPhone: '+14155550185',
  pendant: 'PENDANT-hazel-AL',
  walkPendant: 'PENDANT-hazel-MC',
  unit: 'AL 101',
  walkUnit: 'MC 201',
  resident: 'Margaret Hale-hazel',
  /** The community's gateway key (the press of its pendants through the ingest endpoint). */
  gatewayKey: 'hazel-row-gateway-key',
} as const;

/**
 * A community whose notification policy the policy editor's browser test edits (scripts/e2e/policy-community.ts):
 * the demo community's policy stays as seeded while other specs' presses escalate through it (the push test
 * waits for the push of its first step, at once).
 */
export const POLICY_COMMUNITY = {
  facilityName: 'Juniper Hall',
  managerPhone: '+14155550186',
  /** Its nurse, named in the editor's filter test. */
  nurseName: 'Nora Patel',
} as const;
