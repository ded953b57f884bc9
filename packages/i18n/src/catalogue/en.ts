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
  ClaimReminderMessages,
  LoginMessages,
  LogoutReasonDialogs,
  OBSERVATION_TYPE_LABELS,
  PhoneScreenErrors,
  SEVERITY_LABELS,
  TASK_STATUS_LABELS,
  TrainingMessages,
} from '@sage/contract';

/** An ICU placeholder, passed to a contract text function in place of its value. */
const arg = (name: string): string => `{${name}}`;

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
    claimedByMe: 'claimed by me',
    resolvedByMe: 'resolved by me',
    timeSinceCreation: 'Time since creation',
    deviceTroubleNowhere: 'Device trouble, no unit or resident',
    deviceNowhere: `${arg('device')}, no unit or resident`,
    taskFromNowhere: `Task from ${arg('name')}, no unit or resident`,
    taskNowhere: 'Task, no unit or resident',
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
    deviceIn: `${arg('device')} in ${arg('unit')}`,
    deviceNotPlaced: `${arg('device')}, not placed in a unit`,
    deviceSupervision: 'Device supervision',
    unknown: 'Unknown',
    resolved: 'Resolved',
    resolvedBy: `Resolved by ${arg('name')}`,
    notes: 'Notes',
    updates: 'Updates',
    failed: 'Something went wrong. Please try again.',
  },
} as const;

/** The namespaces of the catalogue. */
export type Namespace = keyof typeof en;
