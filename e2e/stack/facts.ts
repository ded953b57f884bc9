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

/**
 * A community for the unit check-in card of an independent-living resident (e2e/alerts/check-in.spec.ts;
 * e2e/stack/unit-check-in-community.ts): the standard test community with its clock about noon when the stack
 * starts, so the card is open and the page's own clock can be set to midnight whatever the real time of day.
 * Its care staff admin (zones AL, MC and IL) signs in with a fixed number.
 */
export const UNIT_CHECK_IN_COMMUNITY = {
  facilityName: 'Birch Court',
  careAdminPhone: '+14155550236',
  /** testFacilityPlan's independent-living resident, who lives alone in its IL unit. */
  resident: 'Dorothy Keane-unitcard',
  unit: 'IL 301',
} as const;

/**
 * A community for the device QA walk (e2e/stack/qa-community.ts; decision 0273): its own gateway, so the
 * walk's silenced presses never touch another spec's community. Its maintenance tech signs in with a fixed number.
 */
export const QA_COMMUNITY = {
  facilityName: 'Cedar Ridge',
  maintenancePhone: '+14155550187',
  /** The device test banner (decision 0505): a manager starts a walk, a caregiver sees it, a nurse ends it. */
  managerPhone: '+14155550195',
  nursePhone: '+14155550196',
  caregiverPhone: '+14155550197',
  gatewayKey: 'qa-walk-gateway-key',
  tag: 'cypress',
} as const;

/**
 * A community with three alerts two days ago (e2e/stack/response-times-community.ts; issue 14): claimed,
 * at the bedside and resolved this many seconds after the press.
 */
export const RESPONSE_TIMES_COMMUNITY = {
  facilityName: 'Cedar Grove',
  managerPhone: '+14155550303',
  alerts: [
    { by: 'caregiver', claim: 60, bedside: 240, resolve: 600 },
    { by: 'nurse', claim: 120, bedside: 420, resolve: 900 },
    { by: 'caregiver', claim: 300, bedside: null, resolve: null },
  ],
} as const;

/**
 * A community with insights waiting (e2e/stack/insights-community.ts; docs/decisions/0290-0294): its
 * caregiver a top performer, its nurse needing improvement. Its manager and caregiver sign in with fixed numbers.
 */
export const INSIGHTS_COMMUNITY = {
  facilityName: 'Juniper Ridge',
  managerPhone: '+14155550181',
  caregiverPhone: '+14155550182',
} as const;

/** A community of its own for the alert sound test: no other spec's alert rings there (sound-community.ts). */
export const SOUND_COMMUNITY = {
  facilityName: 'Rowan Glen',
  caregiverPhone: '+14155550329',
  gatewayKey: 'e2e-sound-gateway-key',
  /** Pendants of the community's AL and MC residents (both in the caregiver's care zones). */
  pendants: { ring: 'PENDANT-rowan-AL', mute: 'PENDANT-rowan-MC' },
} as const;

/**
 * A community of its own for the accessibility scan and the console-clean walk (e2e/a11y;
 * e2e/stack/a11y-community.ts): two caregivers of Assisted Living and Memory Care whom no other spec signs
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
 * A community whose notification policy the policy editor's browser test edits (e2e/stack/policy-community.ts):
 * the demo community's policy stays as seeded while other specs' presses escalate through it (the push test
 * waits for the push of its first step, at once).
 */
export const POLICY_COMMUNITY = {
  facilityName: 'Juniper Hall',
  managerPhone: '+14155550186',
  /** Its nurse, named in the editor's filter test. */
  nurseName: 'Nora Patel',
} as const;

/**
 * A community for the drawers browser test (e2e/drawers; e2e/stack/drawers-community.ts): the standard test
 * community with its clock about noon (so the daily check-in list is open). Its manager signs in with a fixed
 * number; they work in no care zone at first.
 */
export const DRAWERS_COMMUNITY = {
  facilityName: 'Drawer Downs',
  managerPhone: '+14155550340',
  /** The occupied independent-living unit (testFacilityPlan's IL unit). */
  checkInUnit: 'IL 301',
  /** The unit a new wall button goes to, as its check-in button. */
  wallButtonUnit: 'AL 101',
} as const;

/**
 * A community for the guided tour (e2e/training; e2e/stack/tour-community.ts; docs/decisions/0360-0364): its
 * caregiver signs in for the first time (the tour is offered), its manager sees who completed it. The staff
 * of every other community are marked as offered the tour when the stack starts, so their specs' sign-in
 * sequence ends at the dashboard as before.
 */
export const TOUR_COMMUNITY = {
  facilityName: 'Tamarack Lane',
  caregiverPhone: '+14155550360',
  caregiverName: 'Casey Nguyen',
  housekeeperName: 'Hank Olsen',
  managerPhone: '+14155550361',
} as const;

/**
 * A community of its own for the Spanish tour (e2e/i18n/spanish-tour.spec.ts, decision 0670): its caregiver reads
 * Spanish (set in the seed) and is offered the tour at the first sign-in; no other spec signs in as them.
 */
export const SPANISH_TOUR_COMMUNITY = {
  facilityName: 'Ceiba Court',
  caregiverPhone: '+14155550670',
} as const;

/**
 * A community of its own for the station display browser test (e2e/station-display;
 * e2e/stack/station-community.ts): its alerts ring only on its own displays, and its manager pairs them.
 */
export const STATION_COMMUNITY = {
  tag: 'linden',
  facilityName: 'Linden Court',
  managerPhone: '+14155550371',
  gatewayKey: 'e2e-station-gateway-key',
  /** Pendants of its AL and MC residents (testFacilityPlan: `PENDANT-<tag>-<zone>`). */
  pendants: { small: 'PENDANT-linden-AL', large: 'PENDANT-linden-MC' },
  units: { small: 'AL 101', large: 'MC 201' },
} as const;

/**
 * A community of its own for the safety browser test (e2e/safety; e2e/stack/safety-community.ts; decisions
 * 0515-0516): its caregiver sees only the alerts the test raises (ranking on the dashboard), its manager sets the
 * claimed-but-not-confirmed reminder.
 */
export const SAFETY_COMMUNITY = {
  tag: 'larch',
  facilityName: 'Larch Court',
  caregiverPhone: '+14155550515',
  managerPhone: '+14155550516',
  gatewayKey: 'e2e-safety-gateway-key',
  /** testFacilityPlan's devices: the AL and MC residents' pendants and the MC fall sensor (caregiver: AL + MC). */
  pendants: { AL: 'PENDANT-larch-AL', MC: 'PENDANT-larch-MC' },
  fallSensor: 'FALL-larch-MC',
} as const;

/**
 * Two communities for the screen checks of issue #32 (e2e/stack/screens-community.ts): Linden Park, where the
 * accessibility scan opens every route of the router as the role that reaches it (nothing there is changed by
 * another spec), and Linden Mews, where the manager's and the nurse's walks archive, remove and save.
 */
export const SCREENS_COMMUNITY = {
  facilityName: 'Linden Park',
  managerPhone: '+14155550530',
  caregiverPhone: '+14155550531',
  nursePhone: '+14155550532',
  gatewayKey: 'linden-park-gateway-key',
  tag: 'lpark',
  pendant: 'PENDANT-lpark-AL',
} as const;

export const WALK_COMMUNITY = {
  facilityName: 'Linden Mews',
  managerPhone: '+14155550535',
  caregiverPhone: '+14155550536',
  nursePhone: '+14155550537',
  gatewayKey: 'linden-mews-gateway-key',
  tag: 'mews',
  /** Its sixth care zone (the five standard ones and this). */
  sixthZone: 'Garden Wing',
} as const;

/**
 * A community whose caregiver reads Spanish (e2e/i18n/spanish-walk.spec.ts, decision 0556): its own numbers and
 * pendants, so the walk's presses and language touch no other spec.
 */
export const SPANISH_COMMUNITY = {
  facilityName: 'Olmo Gardens',
  caregiverPhone: '+14155550451',
  pendant: 'PENDANT-olmo-AL',
  unit: 'AL 101',
  resident: 'Margaret Hale-olmo',
  gatewayKey: 'olmo-gardens-gateway-key',
} as const;

/**
 * Communities of the second manager walk of issue #32 (e2e/screens/manager-walk-2.spec.ts, walk2-community.ts):
 * Linden Hollow for the invite text, the device names and the toasts; Linden Rise, with insights waiting for its
 * manager, for the sheets after sign-in. Numbers of their own (0600-0609).
 */
export const WALK2_COMMUNITY = {
  facilityName: 'Linden Hollow',
  tag: 'hollow',
  managerPhone: '+14155550600',
  caregiverPhone: '+14155550601',
  gatewayKey: 'linden-hollow-gateway-key',
} as const;

export const RISE_COMMUNITY = {
  facilityName: 'Linden Rise',
  tag: 'rise',
  /** Signs in through the login page (never through the API): the sheets after sign-in. */
  managerPhone: '+14155550605',
} as const;

/**
 * A community for the nurse's follow-up of an escalated observation (e2e/screens/nurse-follow-up.spec.ts, issue #32
 * nurse point 2): its caregiver logs the observation, its nurse closes it; no other spec touches its tasks.
 */
/**
 * A community of its own for the tour's layout spec (e2e/training/tour-layout.spec.ts): its caregiver receives no
 * high five and sees no task from other specs, so nothing opens over the dashboard before 'Take the Tour' is tapped
 * (Linden Mews' caregiver got a colleague's high five from manager-walk.spec.ts, whose drawer covered the button).
 */
export const TOUR_LAYOUT_COMMUNITY = {
  facilityName: 'Linden Glen',
  tag: 'glen',
  managerPhone: '+14155550545',
  caregiverPhone: '+14155550546',
  nursePhone: '+14155550547',
  gatewayKey: 'linden-glen-gateway-key',
} as const;

export const FOLLOW_UP_COMMUNITY = {
  facilityName: 'Linden Crest',
  tag: 'crest',
  managerPhone: '+14155550620',
  caregiverPhone: '+14155550621',
  nursePhone: '+14155550622',
  gatewayKey: 'linden-crest-gateway-key',
  resident: 'Margaret Hale-crest',
} as const;

/**
 * A community whose caregiver and nurse read Spanish (e2e/i18n/spanish-pages.spec.ts, decision 0710): their own
 * numbers (0710-0711), so the other pages' walk touches no other spec's people, residents or tasks.
 */
export const SPANISH_PAGES_COMMUNITY = {
  facilityName: 'Olmo Pines',
  tag: 'olmop',
  caregiverPhone: '+14155550710',
  nursePhone: '+14155550711',
  gatewayKey: 'olmo-pines-gateway-key',
  /** The long-term care resident, in the nurse's care zone. */
  resident: 'Harold Vance-olmop',
  caregiver: 'Casey Nguyen',
  nurse: 'Nora Patel',
} as const;

/**
 * A community whose staff read Spanish, for the dashboard's entries, the device notices, the text alerts drawer
 * and Reassign in Spanish (e2e/i18n/spanish-dashboard.spec.ts, decision 0700). Numbers of its own (0700-0709).
 */
export const PINO_COMMUNITY = {
  facilityName: 'Pino Gardens',
  tag: 'pino',
  managerPhone: '+14155550700',
  caregiverPhone: '+14155550701',
  nursePhone: '+14155550702',
  pendant: 'PENDANT-pino-AL',
  doorAlarm: 'DOOR-pino-FRONT',
  unit: 'AL 101',
  gatewayKey: 'pino-gardens-gateway-key',
} as const;

/**
 * A community whose manager reads Spanish (e2e/i18n/spanish-manager.spec.ts, decision 0680): its own numbers
 * (0680-0681), so the walk's language and invites touch no other spec.
 */
export const SPANISH_MANAGER_COMMUNITY = {
  facilityName: 'Olmo Heights',
  tag: 'olmoh',
  managerPhone: '+14155550680',
  caregiverPhone: '+14155550681',
  gatewayKey: 'olmo-heights-gateway-key',
} as const;

/**
 * A community whose manager and caregiver read Spanish, for the staff member actions, the High Five drawers, the
 * resident's Pendants, Working In and the device trouble titles in Spanish (e2e/i18n/spanish-people.spec.ts,
 * decision 0750). Numbers of its own (0750-0759), so no other spec sees its people, high fives or trouble.
 */
export const SPANISH_PEOPLE_COMMUNITY = {
  facilityName: 'Olmo Brook',
  tag: 'olmob',
  managerPhone: '+14155550750',
  caregiverPhone: '+14155550751',
  gatewayKey: 'olmo-brook-gateway-key',
  manager: 'Morgan Reyes',
  caregiver: 'Casey Nguyen',
  /** The assisted living resident (in the caregiver's care zone), and her pendant. */
  resident: 'Margaret Hale-olmob',
  pendant: 'PENDANT-olmob-AL',
} as const;

/**
 * A community whose manager and caregiver read Spanish, its clock about noon (the daily check-in is open), for the
 * routine screens in Spanish (e2e/i18n/spanish-routines.spec.ts, decision 0760): /tasks/add, /tasks/schedules,
 * the daily check-in list and the unit check-in card, the unit detail drawer, the unit and option pickers and the
 * notification settings page. Numbers of its own (0760-0769).
 */
export const SPANISH_ROUTINES_COMMUNITY = {
  facilityName: 'Olmo Ridge',
  tag: 'olmor',
  managerPhone: '+14155550760',
  caregiverPhone: '+14155550761',
  gatewayKey: 'olmo-ridge-gateway-key',
  /** The independent-living unit and its resident (the unit check-in card). */
  ilUnit: 'IL 301',
  ilResident: 'Dorothy Keane-olmor',
  /** A task schedule the community has. */
  schedule: 'Water the garden',
} as const;

/**
 * A community of its own for the Spanish walk of /insights, the response times and the administration pages
 * (e2e/i18n/spanish-admin.spec.ts, decision 0770): its manager (a Management group admin) reads Spanish from the
 * start; insights waiting and alerts two days ago give the screens figures.
 */
export const SPANISH_ADMIN_COMMUNITY = {
  facilityName: 'Olmo Valley',
  tag: 'olmov',
  managerPhone: '+14155550770',
  caregiverPhone: '+14155550771',
  gatewayKey: 'olmo-valley-gateway-key',
  caregiver: 'Casey Nguyen',
  nurse: 'Nora Patel',
} as const;

/**
 * A community whose manager reads Spanish, for the device screens and the device QA walk
 * (e2e/i18n/spanish-devices.spec.ts, decision 0790): its own numbers (0790-0791), so the walk, the devices it
 * registers and the doors it adds touch no other spec.
 */
export const SPANISH_DEVICES_COMMUNITY = {
  facilityName: 'Olmo Springs',
  tag: 'olmos',
  managerPhone: '+14155550790',
  caregiverPhone: '+14155550791',
  gatewayKey: 'olmo-springs-gateway-key',
} as const;

/**
 * A community whose manager reads Spanish, for the residents screens, station displays and reports in Spanish
 * (e2e/i18n/spanish-manage-residents.spec.ts, decision 0780): its own numbers (0780-0789), its assisted-living
 * resident with a contact and a primary care provider; every community has the built-in reports.
 */
export const SPANISH_MANAGE_RESIDENTS_COMMUNITY = {
  facilityName: 'Olmo Meadow',
  tag: 'olmom',
  managerPhone: '+14155550780',
  caregiverPhone: '+14155550781',
  gatewayKey: 'olmo-meadow-gateway-key',
  resident: 'Margaret Hale-olmom',
  contact: { firstName: 'Lucy', lastName: 'Hale', relationship: 'Daughter', phoneNumber: '+14155550788' },
  pcp: { name: 'Dr. Rosa Diaz', phoneNumber: '+14155550789' },
  report: 'Response times by staff member',
} as const;
