/**
 * The manager's residents screens, station displays and reports, and the forms' field checks (issue #33;
 * docs/decisions/0780). English is the contract's texts themselves (AdminMessages, ReportsMessages, the residents'
 * labels, FieldCheckMessages, LoginMessages, GroupMessages) where it has them, called with ICU placeholders; the
 * texts the pages had inline moved as they were. One namespace per screen group, each loaded with its code.
 */
import {
  AdminMessages,
  CONTACT_NEEDS_NAME_MESSAGE,
  E164_PHONE_MESSAGE,
  EmptyStateMessages,
  FieldCheckMessages,
  GroupMessages,
  HOSPICE_STATUS_LABELS,
  LoginMessages,
  RESUSCITATION_STRATEGY_LABELS,
  ReportsMessages,
} from '@sage/contract';

/** An ICU placeholder, passed to a contract text function in place of its value. */
const arg = (name: string): string => `{${name}}`;
/** A numeric ICU placeholder, for a contract function that takes a number. */
const num = (name: string): number => arg(name) as unknown as number;

/** `labels` keyed `<prefix>_<id>` (the code status and hospice choices). */
const prefixed = <P extends string, L extends Record<string, string>>(prefix: P, labels: L) =>
  Object.fromEntries(Object.entries(labels).map(([id, label]) => [`${prefix}_${id}`, label])) as {
    readonly [K in keyof L & string as `${P}_${K}`]: L[K];
  };

export const manageResidentsEn = {
  /** /manage/residents, /manage/residents/new and /manage/residents/:id with its contacts. */
  residentsAdmin: {
    title: AdminMessages.residents,
    admitResident: AdminMessages.admitResident,
    search: AdminMessages.searchResidents,
    searchPlaceholder: 'Resident name',
    showArchived: AdminMessages.showArchived,
    loading: 'Loading',
    listLabel: 'Residents',
    noResidentsFound: EmptyStateMessages.noResidentsFound,
    noUnit: 'No unit',
    archivedBadge: 'Archived',
    onHoldBadge: 'On hold',
    pendantBadge: 'Pendant',
    showMore: AdminMessages.showMore,
    newResident: AdminMessages.newResident,
    hasPendant: AdminMessages.hasPendant,
    noPendant: AdminMessages.noPendant,
    age: `Age ${arg('age')}`,
    personal: AdminMessages.personal,
    firstName: 'First name',
    lastName: 'Last name',
    middleName: 'Middle name',
    preferredName: 'Preferred name',
    salutation: 'Salutation',
    dateOfBirth: 'Date of birth',
    unit: 'Unit',
    routineChecks: 'Routine checks',
    onHold: 'On hold',
    contactDetails: AdminMessages.contactDetails,
    personalPhone: 'Personal phone',
    email: 'Email',
    health: AdminMessages.health,
    lockedByEhr: AdminMessages.lockedByEhr,
    codeStatus: AdminMessages.codeStatus,
    hospice: AdminMessages.hospice,
    memory: AdminMessages.memory,
    continence: AdminMessages.continence,
    productProvider: 'Product provider',
    wearsPads: 'Pads',
    wearsPullups: 'Pull-ups',
    wearsBriefs: 'Briefs',
    adl: AdminMessages.adl,
    adl_safetyLevel: 'Safety',
    adl_feedingLevel: 'Feeding',
    adl_bathingLevel: 'Bathing',
    adl_toiletingLevel: 'Toileting',
    adl_transferringLevel: 'Transferring',
    adl_mobilityLevel: 'Mobility',
    adl_dressingLevel: 'Dressing',
    adl_groomingLevel: 'Grooming',
    ...prefixed('code', RESUSCITATION_STRATEGY_LABELS),
    ...prefixed('hospice', HOSPICE_STATUS_LABELS),
    save: AdminMessages.save,
    archive: AdminMessages.archive,
    restore: AdminMessages.restore,
    saved: AdminMessages.residentSaved(arg('name')),
    admitted: AdminMessages.residentAdmitted(arg('name')),
    archived: AdminMessages.residentArchived(arg('name')),
    restored: AdminMessages.residentRestored(arg('name')),
    archiveTitle: AdminMessages.archiveResidentTitle(arg('name')),
    /** AdminMessages.archiveResidentText in three sentences, joined by a space (the catalogue test compares). */
    archiveText: `${arg('name')} leaves the resident lists; care records are kept and a manager can restore them.`,
    archivePendant: 'Their pendant is freed and goes back to the spare devices.',
    archiveOpenAlerts:
      '{count, plural, =0 {They have no open alert.} one {Their open alert is closed as canceled.} other {Their # open alerts are closed as canceled.}}',
    /** The archive confirmation's other button (the confirmation drawer's default, 'Cancel'). */
    cancel: 'Cancel',
    stale: AdminMessages.stale,
    saveFailed: AdminMessages.saveFailed,
    managementOnly: AdminMessages.managementOnly,
    contacts: AdminMessages.contacts,
    primaryCareProvider: AdminMessages.primaryCareProvider,
    specialists: AdminMessages.specialists,
    hospital: AdminMessages.hospital,
    contactName: `${arg('kind')}: name`,
    relationship: 'Relationship',
    specialty: 'Specialty',
    phone: 'Phone',
    addContact: AdminMessages.addContact,
    remove: AdminMessages.remove,
    removeName: `${AdminMessages.remove} ${arg('name')}`,
  },
  /** /manage/station-displays (decision 0372's texts, moved as they were). */
  stationsAdmin: {
    title: 'Station displays',
    help: 'A screen for the nurses’ station or a hallway: it shows the open alerts of the chosen care zones and rings, but cannot act on them.',
    name: 'Display name',
    zones: 'Care zones shown (none: all)',
    showNames: 'Show resident names',
    showNamesHelp:
      'Off: alerts show the unit and the kind of call only. Turn on only where visitors cannot see the screen.',
    pair: 'Pair a display',
    paired: `Display paired: ${arg('name')}`,
    pairedHelp: 'Open this link on the display (shown once; it holds the display key):',
    copy: 'Copy link',
    copied: 'Copied',
    key: 'Display key',
    none: 'No station displays yet',
    unpair: 'Unpair',
    unpairName: `Unpair ${arg('name')}`,
    list: 'Paired displays',
    allZones: 'All care zones',
    loading: 'Loading',
    managementOnly: AdminMessages.managementOnly,
  },
  /** /manage/reports (decision 0283): its labels, buttons and states; reports' names and results as stored. */
  reportsPage: {
    title: ReportsMessages.title,
    pickReport: ReportsMessages.pickReport,
    choose: 'Choose a report',
    run: ReportsMessages.run,
    running: ReportsMessages.running,
    cancel: ReportsMessages.cancel,
    downloadCsv: ReportsMessages.downloadCsv,
    previousRuns: ReportsMessages.previousRuns,
    noRuns: ReportsMessages.noRuns,
    noRows: ReportsMessages.noRows,
    truncated: ReportsMessages.truncated(num('limit')),
    failed: ReportsMessages.failed,
    noReports: ReportsMessages.noReports,
    /** The word after a row count ('5000 rows', the count as the page wrote it, ungrouped), for every count. */
    rows: '{count, plural, other {rows}}',
    result: 'Report result',
    chart: `Chart: ${arg('y')} by ${arg('x')}`,
    chartCaption: `${arg('y')} by ${arg('x')}`,
    loading: 'Loading',
    managementOnly: AdminMessages.managementOnly,
    ...prefixed('status', ReportsMessages.status),
  },
  /**
   * A form's field checks on an invalid save (the manager's residents, staff, units and care zones forms). English
   * as zod and the contract write them; a reader of English is shown the check's own text.
   */
  fieldChecks: {
    required: 'Too small: expected string to have >=1 characters',
    tooShort: `Too small: expected string to have >=${arg('minimum')} characters`,
    tooLong: `Too big: expected string to have <=${arg('maximum')} characters`,
    tooFew: `Too small: expected array to have >=${arg('minimum')} items`,
    tooMany: `Too big: expected array to have <=${arg('maximum')} items`,
    numberTooSmall: `Too small: expected number to be >=${arg('minimum')}`,
    numberTooBig: `Too big: expected number to be <=${arg('maximum')}`,
    email: 'Invalid email address',
    date: 'Invalid ISO date',
    invalid: 'Invalid input',
    controlCharacters: FieldCheckMessages.controlCharacters,
    controlCharactersButLineBreaks: FieldCheckMessages.controlCharactersButLineBreaks,
    wellFormed: FieldCheckMessages.wellFormed,
    years: FieldCheckMessages.years(num('min'), num('max')),
    e164: E164_PHONE_MESSAGE,
    contactNeedsName: CONTACT_NEEDS_NAME_MESSAGE,
    phoneRequired: LoginMessages.phoneRequired,
    phoneInvalid: LoginMessages.phoneInvalid,
    mustBeInOneGroup: GroupMessages.mustBeInOneGroup,
  },
} as const;
