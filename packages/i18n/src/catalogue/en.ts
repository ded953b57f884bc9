/**
 * The English catalogue: ICU MessageFormat strings, by namespace. The spec's texts are not retyped here: each is
 * the contract's constant itself, and a text with values is the contract's function called with ICU placeholders
 * ('{unit}'), so the English stays the contract's to the letter (the test beside it formats each back and compares).
 * Texts that only the app had inline are moved here as they were. One namespace loads with the screens that use
 * it (docs/decisions/0550).
 */
import {
  AlertTitleMessages,
  ButtonLabels,
  CareConfirmationMessages,
  CareLogMessages,
  CareZoneMessages,
  ClaimReminderMessages,
  DeviceMessages,
  DrawerTitles,
  FOLLOW_UP_ACTION_LABELS,
  FollowUpMessages,
  GoBackMessages,
  LoginMessages,
  LogoutReasonDialogs,
  NoteFieldMessages,
  NoteMessages,
  NotificationMessages,
  OBSERVATION_TYPE_LABELS,
  ObservationMessages,
  PhoneScreenErrors,
  RESOLUTION_CATEGORIES,
  RESOLUTION_TYPES,
  type ResolutionCategory,
  ResolutionOptionLabels,
  type ResolutionType,
  ResolveMessages,
  SEVERITY_LABELS,
  TASK_STATUS_LABELS,
  TrainingMessages,
} from '@sage/contract';
import { adminEn } from './admin.en';
import { apiErrors } from './api-errors.en';
import { deviceAdminEn } from './device-admin.en';
import { devices } from './devices.en';
import { entries } from './entries.en';
import { manageEn } from './manage.en';
import { manageResidentsEn } from './manage-residents.en';
import { optIn } from './optIn.en';
import { pagesEn } from './pages.en';
import { peopleEn } from './people.en';
import { reassign } from './reassign.en';
import { routinesEn } from './routines.en';
import { shell } from './shell.en';
import { training } from './training.en';

/** An ICU placeholder, passed to a contract text function in place of its value. */
const arg = (name: string): string => `{${name}}`;
/** A numeric ICU placeholder, for a contract function that takes a number. */
const num = (name: string): number => arg(name) as unknown as number;

/** The names of the resolution types and categories (alerts doc section 3), keyed by id. */
const named = <Id extends string>(rows: readonly { id: Id; name: string }[]) =>
  Object.fromEntries(rows.map((row) => [row.id, row.name])) as Record<Id, string>;

export const en = {
  /** Pushes and texts (server only). */
  notify: {
    loginCode: `${arg('code')} is your ${arg('productName')} verification code. It expires in 10 minutes. Do not share it.`,
    unclaimedFirst: `${arg('severity')}: nobody has claimed it yet`,
    unclaimedAfter: `${arg('severity')}: still unclaimed after ${arg('minutes')} min`,
    claimerReminder: ClaimReminderMessages.claimerBody(arg('severity'), arg('minutes') as unknown as number),
    escalationReminder: ClaimReminderMessages.escalationBody(
      arg('severity'),
      arg('claimerName'),
      arg('minutes') as unknown as number,
    ),
    aColleague: 'a colleague',
    /** The text to a staff member just invited (decision 0603): where the app is and how to sign in. */
    /** A high five's push (decision 0293). */
    highFiveTitle: 'High five!',
    highFiveBody: `${arg('senderName')} sent you a high five`,
    staffInvite: `You have been invited to ${arg('productName')} at ${arg('facility')}. Open ${arg('url')} on your phone and sign in with your phone number: we text you a code.`,
  },
  /** Alert titles the product writes (contract AlertTitleMessages); shown by localizeTaskTitle. */
  titles: {
    needsAssistance: AlertTitleMessages.needsAssistance(arg('residentName')),
    wallButton: AlertTitleMessages.wallButton(arg('place')),
    assistanceRequested: AlertTitleMessages.assistanceRequested(arg('place')),
    doorOpened: AlertTitleMessages.doorOpened(arg('door')),
    mayHaveFallen: AlertTitleMessages.mayHaveFallen(arg('residentName')),
    fallDetected: AlertTitleMessages.fallDetected(arg('place')),
    bathAlert: AlertTitleMessages.bathAlert(arg('subject')),
    sensorAlert: AlertTitleMessages.sensorAlert(arg('subject')),
    observation: AlertTitleMessages.observation(arg('observations'), arg('about')),
    observationOnly: AlertTitleMessages.observationOnly(arg('observations')),
    training: TrainingMessages.alertTitle(arg('unitName')),
  },
  severity: { ...SEVERITY_LABELS },
  status: { ...TASK_STATUS_LABELS },
  observation: { ...OBSERVATION_TYPE_LABELS },
  /** The sign-in page (sign-in doc sections 2, 5 and 8) and the language choice. */
  signIn: {
    welcome: LoginMessages.welcome,
    enterPhone: LoginMessages.enterPhone,
    consent: LoginMessages.consent,
    logInUsingEmail: LoginMessages.logInUsingEmail,
    verifyTitle: LoginMessages.verifyTitle,
    enterCode: LoginMessages.enterCode,
    notYourNumber: LoginMessages.notYourNumber,
    resendCode: LoginMessages.resendCode,
    phoneRequired: LoginMessages.phoneRequired,
    phoneInvalid: LoginMessages.phoneInvalid,
    invalidCodeTitle: LoginMessages.invalidCodeTitle,
    invalidCodeText: LoginMessages.invalidCodeText(arg('supportPhone')),
    tooManyAttemptsTitle: LoginMessages.tooManyAttemptsTitle,
    tooManyAttemptsText: LoginMessages.tooManyAttemptsText,
    offlineTitle: PhoneScreenErrors.offline.title,
    offlineText: PhoneScreenErrors.offline.text,
    notCorrectNumberTitle: PhoneScreenErrors.notCorrectNumber.title,
    notCorrectNumberText: PhoneScreenErrors.notCorrectNumber.text,
    unsubscribedTitle: PhoneScreenErrors.unsubscribed.title,
    unsubscribedText: PhoneScreenErrors.unsubscribed.text(arg('senderNumber')),
    otherTitle: PhoneScreenErrors.other.title,
    otherText: PhoneScreenErrors.other.text,
    codeWaitTitle: 'A code was just sent',
    codeWaitText: `A code was sent to this number in the last 30 seconds. You can ask for a new one in ${arg('countdown')}.`,
    country: 'Country',
    phoneNumber: 'Phone number',
    continue: ButtonLabels.continue,
    back: 'Back',
    codeSentTo: `We sent a code to the number ending in ${arg('lastFour')}.`,
    digitOf: `Digit ${arg('index')} of ${arg('length')}`,
    newCodeIn: 'You can ask for a new code in',
    language: 'Language',
    loginRequiredTitle: LogoutReasonDialogs['login-required'].title,
    loginRequiredText: LogoutReasonDialogs['login-required'].text,
    sessionExpiredTitle: LogoutReasonDialogs['session-expired'].title,
    sessionExpiredText: LogoutReasonDialogs['session-expired'].text,
    tokenErrorTitle: LogoutReasonDialogs['token-error'].title,
    tokenErrorText: LogoutReasonDialogs['token-error'].text,
  },
  /** The person's language on their profile (Working In) and on a manager's staff form. */
  profile: {
    language: 'Language',
    saved: 'Language saved',
    saveFailed: 'There was an error saving your language, please try again.',
  },
  /** The dashboard and its alert cards (texts the app had inline). */
  dashboard: {
    title: 'Dashboard',
    logOut: 'Log Out',
    searchResident: 'Search Resident',
    logCare: 'Log Care',
    myAlerts: 'My Alerts',
    myClaimedAlerts: 'My claimed alerts',
    allAlerts: 'All alerts',
    noClaimedAlerts: 'No claimed alerts',
    openAlerts: 'Open Alerts',
    openAlertsInMyCareZones: 'Open alerts in my care zones',
    noOpenAlerts: 'No open alerts',
    team: 'Team',
    tasks: 'Tasks',
    insights: 'Insights',
    alertSound: 'Alert Sound',
    takeTheTour: 'Take the Tour',
    workingIn: DrawerTitles.selectCareZone,
    noCareZone: 'No care zone',
    claimedByMe: 'claimed by me',
    resolvedByMe: 'resolved by me',
    timeSinceCreation: 'Time since creation',
    deviceTroubleNowhere: 'Device trouble, no unit or resident',
    deviceNowhere: `${arg('device')}, no unit or resident`,
    taskFromNowhere: `Task from ${arg('name')}, no unit or resident`,
    taskNowhere: 'Task, no unit or resident',
    // Every page header's back arrow and every toast's close button, by their spoken names (decision 0750).
    back: 'Back',
    dismissMessage: 'Dismiss message',
    // A confirmation drawer's buttons when its caller names none.
    confirm: 'Confirm',
    cancel: 'Cancel',
    // The page header's 'Go Back?' dialog before leaving a form with changes.
    goBackTitle: GoBackMessages.title,
    goBackText: GoBackMessages.text,
    discardChanges: GoBackMessages.discard,
  },
  /** The alert page (texts the app had inline). */
  alert: {
    title: 'Alert',
    couldNotLoad: 'This alert could not be loaded',
    claim: 'Claim',
    confirmCare: 'Confirm Care',
    resolve: 'Resolve',
    unclaim: 'Unclaim',
    addNote: 'Add Note',
    testAlert: 'Test Alert',
    training: 'Training',
    ago: `${arg('time')} ago`,
    claimedBy: `claimed by ${arg('name')}`,
    resident: 'Resident',
    noResident: 'No resident',
    unit: 'Unit',
    noUnit: 'No unit',
    raisedBy: 'Raised by',
    deviceIn: `${arg('device')} ${arg('hardwareId')} in ${arg('unit')}`,
    deviceNotPlaced: `${arg('device')} ${arg('hardwareId')}, not placed in a unit`,
    deviceSupervision: 'Device supervision',
    unknown: 'Unknown',
    resolved: 'Resolved',
    resolvedBy: `Resolved by ${arg('name')}`,
    // The follow-up close of an escalated observation (decision 0620).
    followUpClose: FollowUpMessages.close,
    followUpTitle: FollowUpMessages.title,
    followUpWhatDidYouDo: FollowUpMessages.whatDidYouDo,
    followUpNote: FollowUpMessages.noteLabel,
    followUpSubmit: FollowUpMessages.submit,
    followUpCancel: FollowUpMessages.cancel,
    followUpClosed: FollowUpMessages.closed,
    followedUpBy: FollowUpMessages.followedUpBy(arg('name')),
    observation: FollowUpMessages.observation,
    followUp_ASSESSED_RESIDENT: FOLLOW_UP_ACTION_LABELS.ASSESSED_RESIDENT,
    followUp_GAVE_TREATMENT: FOLLOW_UP_ACTION_LABELS.GAVE_TREATMENT,
    followUp_CALLED_PHYSICIAN: FOLLOW_UP_ACTION_LABELS.CALLED_PHYSICIAN,
    followUp_CALLED_FAMILY: FOLLOW_UP_ACTION_LABELS.CALLED_FAMILY,
    followUp_UPDATED_CARE_PLAN: FOLLOW_UP_ACTION_LABELS.UPDATED_CARE_PLAN,
    followUp_NO_ACTION_NEEDED: FOLLOW_UP_ACTION_LABELS.NO_ACTION_NEEDED,
    notes: 'Notes',
    updates: 'Updates',
    failed: 'Something went wrong. Please try again.',
  },
  /** The care confirmation drawer (alerts doc section 4). */
  care: {
    pressPendant: CareConfirmationMessages.pressPendant,
    pressWallButton: CareConfirmationMessages.pressWallButton(arg('unit')),
    hint: CareConfirmationMessages.hint,
    confirmed: CareConfirmationMessages.confirmed,
    noPressDetected: CareConfirmationMessages.noPressDetected,
    tryAgain: CareConfirmationMessages.tryAgain,
    cancel: CareConfirmationMessages.cancel,
    alertResolved: CareConfirmationMessages.alertResolved,
    alertUnclaimed: CareConfirmationMessages.alertUnclaimed,
    secondsLeft: 'Seconds left',
    taskResolved: ResolveMessages.taskResolved,
    emergencyResolved: ResolveMessages.emergencyResolved,
    doorChecked: ResolveMessages.doorChecked,
  },
  /**
   * The care provided (alerts doc sections 3 and 5): each resolution type's and category's name by id, and the
   * skilled-nursing list's own labels (decision 0630).
   */
  resolution: {
    ...named<ResolutionType>(RESOLUTION_TYPES as readonly { id: ResolutionType; name: string }[]),
    ...named<ResolutionCategory>(
      RESOLUTION_CATEGORIES as readonly { id: ResolutionCategory; name: string }[],
    ),
    ...ResolutionOptionLabels,
  },
  /** The resolve drawers: care provided, observations, additional notes, was-fall, emergency reason. */
  resolve: {
    multiOutcomeTitle: DrawerTitles.multiOutcome,
    observationsTitle: DrawerTitles.observations,
    additionalNotesTitle: DrawerTitles.additionalNotes,
    wasFallTitle: 'Was it a fall?',
    emergencyReasonTitle: 'What was the emergency?',
    clearAll: ButtonLabels.clearAll,
    select: ButtonLabels.select,
    selectCount: ButtonLabels.selectCount(num('count')),
    skip: ButtonLabels.skip,
    submit: ButtonLabels.submit,
    goBack: ButtonLabels.goBack,
    yes: ButtonLabels.yes,
    no: ButtonLabels.no,
    back: 'Back',
    loading: 'Loading',
    noteLabel: NoteFieldMessages.label,
    noteLabelOptional: `${NoteFieldMessages.label}${NoteFieldMessages.optionalSuffix}`,
    noteRequired: NoteFieldMessages.required,
    charactersRemaining: NoteFieldMessages.charactersRemaining(num('count')),
    charactersOverLimit: NoteFieldMessages.charactersOverLimit(num('count')),
    observationsPlaceholder: ObservationMessages.placeholderWithObservations,
    staffWhoAssisted: 'Staff who assisted',
    fewerStaff: 'Fewer staff',
    moreStaff: 'More staff',
    goBackTitle: GoBackMessages.title,
    goBackText: GoBackMessages.text,
    discardChanges: GoBackMessages.discard,
    cancel: GoBackMessages.cancel,
    failed: ResolveMessages.failed,
    alreadyResolvedAlert: ResolveMessages.alreadyResolvedAlert,
    alreadyResolvedTask: ResolveMessages.alreadyResolvedTask,
    careLogFailed: CareLogMessages.failed,
    refusedLogged: CareLogMessages.refusedLogged,
    careLoggedFor: CareLogMessages.careLoggedFor(arg('residentName')),
    addNoteTitle: DrawerTitles.addNote,
    noteAdded: NoteMessages.addSucceeded,
    noteAddFailed: NoteMessages.addFailed,
  },
  /** Working In (sign-in doc section 2): the care-zone choice, its page and drawer. */
  shift: {
    title: DrawerTitles.selectCareZone,
    onShift: `On shift: ${arg('names')}`,
    noOneOnShift: 'No one on shift',
    separator: CareZoneMessages.separator,
    loading: 'Loading care zones',
    updateFailed: CareZoneMessages.updateFailed,
    retry: ButtonLabels.retry,
    confirmSelection: ButtonLabels.confirmSelection,
    cancel: ButtonLabels.cancel,
    deviceTitle: DrawerTitles.selectDevice,
    availablePhones: 'Available Community Phones',
    phonesInUse: 'Community Phones In Use',
    otherDevices: DeviceMessages.otherDevices,
    managerPhone: 'Manager Phone',
    computer: 'Computer',
    inUseByYou: 'In use by you',
    inUseBy: `In use by ${arg('name')}`,
    loadingDevices: 'Loading devices',
    phonesLoadFailed: DeviceMessages.companyPhonesLoadFailed,
    select: ButtonLabels.select,
  },
  /** The drawers after sign-in: allow notifications, explore insights. */
  landing: {
    allowNotificationsTitle: 'Allow notifications',
    allowNotificationsText: NotificationMessages.allowNotificationsText,
    gotIt: ButtonLabels.gotIt,
    exploreInsightsTitle: 'Explore Insights',
    insightsReady: `{count, plural, one {A new insight is} other {# new insights are}} ready: see how the team is doing and recognize great work.`,
    viewInsights: ButtonLabels.viewInsights,
    later: ButtonLabels.later,
  },
  /** The alert sound bars and settings (decision 0322). */
  sound: {
    enable: 'Tap to enable alert sound',
    muted: 'Alert sound is muted',
    unmute: 'Unmute',
    settingsTitle: 'Alert sound',
    mute: 'Mute alert sound',
    volume: 'Alert volume',
    test: 'Play test sound',
    done: 'Done',
  },
  /** The station display (decision 0372; moved here as they were, decision 0632). */
  station: {
    title: 'Station display',
    notPaired: 'This screen is not paired',
    pairHelp: 'Enter the display key a manager created under Manage → Station displays.',
    keyLabel: 'Display key',
    pair: 'Pair this screen',
    refused: 'This display key is unknown or was removed: ask a manager to pair the screen again.',
    unpaired: 'This screen was unpaired by a manager: ask a manager to pair it again.',
    systemTrouble: 'System trouble: alerts may be delayed',
    noAlerts: 'No open alerts',
    openAlerts: 'Open alerts',
    awake: 'Screen kept on',
    maySleep: 'Screen may sleep',
    allZones: 'All care zones',
    offline: 'Reconnecting…',
    loading: 'Loading…',
    new: 'New',
    waiting: 'Waiting',
    overdue: 'Overdue',
    answered: 'Answered',
  },
  ...pagesEn,
  apiErrors,
  training,
  /** The alert list, /alerts (texts the app had inline; decision 0670: the tour's first step is on it). */
  alertList: {
    title: 'Alerts',
    open: 'Open',
    openCount: `Open (${arg('count')})`,
    closed: 'Closed',
    loading: 'Loading',
    noOpenAlerts: 'No open alerts',
    noClosedAlerts: 'No closed alerts',
    openList: 'open alerts',
    closedList: 'closed alerts',
  },
  entries,
  devices,
  optIn,
  reassign,
  shell,
  ...manageEn,
  ...peopleEn,
  ...routinesEn,
  ...adminEn,
  ...deviceAdminEn,
  ...manageResidentsEn,
} as const;

/** The namespaces of the catalogue. */
export type Namespace = keyof typeof en;
