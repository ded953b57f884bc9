/**
 * Every user-facing text quoted by the two spec documents, copied to the letter.
 * Texts with a value in them are functions. Where a spec only paraphrases a text (not quoted), the wording
 * here is ours and says so.
 */

// ---------------------------------------------------------------------------------------------------------
// Toasts (alerts doc section 8 + other success messages)
// ---------------------------------------------------------------------------------------------------------
export const ToastKind = { success: 'success', warning: 'warning', info: 'info', error: 'error' } as const;
export type ToastKind = (typeof ToastKind)[keyof typeof ToastKind];

export const NoteMessages = {
  addFailed: 'Failed to add note',
  addSucceeded: 'Note added successfully',
} as const;

export const InsightMessages = {
  /** Alerts doc (section 8): insight action fails with 409. Two spaces after the first full stop, as quoted. */
  closed: 'The insight has been closed.  No further action can be taken.',
  /** Sign-in doc (section 8): high five fails with 409. One space, as quoted there. */
  closedHighFive: 'The insight has been closed. No further action can be taken.',
  highFiveFailed: 'Error sending high five',
  dismissed: 'Feedback Sent',
  completed: 'Insight Completed',
  highFiveSent: 'High Five Sent!',
} as const;

export const CareConfirmationMessages = {
  alertResolved: 'This alert has been resolved',
  alertUnclaimed: 'This alert was unclaimed, please claim and try again',
  pressPendant: 'Press the resident pendant to continue',
  pressWallButton: (unit: string): string => `Press any wall button in ${unit} to continue`,
  hint: 'Make sure you hear a click and see a light',
  confirmed: 'Confirmed!',
  noPressDetected: 'No press detected',
  tryAgain: 'Try Again',
  cancel: 'Cancel',
} as const;

export const ResolveMessages = {
  alreadyResolvedAlert: 'This alert has already been resolved.',
  alreadyResolvedTask: 'This task has already been resolved.',
  failed: 'There was an error resolving this task. Please try again.',
  emergencyResolved: 'Emergency Resolved',
  taskResolved: 'Task Resolved',
  doorChecked: 'Door Checked',
} as const;

export const CareLogMessages = {
  failed: 'There was an error reporting this emergency. Please try again.',
  refusedLogged: 'Refused care logged successfully',
  careLoggedFor: (residentName: string): string => `Care logged for ${residentName}`,
} as const;

export const CheckInMessages = {
  updateFailed: 'Error updating check in, please try again',
  updatedForUnit: (unitName: string): string => `Check-in updated for unit ${unitName}`,
  dailyCheckInBegins: 'Daily check-in begins at 4:00 am',
  checkInUnit: 'Check-in Unit',
  removeUnitCheckIn: 'Remove Unit Check-in',
} as const;

export const CareAssignmentMessages = {
  added: 'Resident Added To Care Assignment',
  removed: 'Resident Removed From Care Assignment',
} as const;
/** The care-assignment toasts last 2 s. */
export const CARE_ASSIGNMENT_TOAST_MS = 2_000;

export const EmptyStateMessages = {
  noResidentsInUnit: 'No residents in this unit',
  noResidentsFound: 'No residents found',
  noDoorsFound: 'No doors found',
  noDoors: 'No doors',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Forms and drawers (alerts doc sections 2 and 5)
// ---------------------------------------------------------------------------------------------------------
export const NoteFieldMessages = {
  label: 'Enter notes here',
  optionalSuffix: ' (optional)',
  required: 'This field is required',
  charactersRemaining: (n: number): string => `${n} characters remaining`,
  charactersOverLimit: (n: number): string => `${n} characters over the limit`,
} as const;

export const ObservationMessages = {
  title: 'Any new changes to escalate to Nurse?',
  placeholderWithObservations: 'Add details to help nurse follow-up',
  placeholderWithoutObservations: 'Enter notes here (optional)',
} as const;

export const ButtonLabels = {
  clearAll: 'Clear All',
  select: 'Select',
  selectCount: (n: number): string => `Select (${n})`,
  skip: 'Skip',
  submit: 'Submit',
  cancel: 'Cancel',
  goBack: 'Go Back',
  continue: 'Continue',
  yes: 'Yes',
  no: 'No',
  logCare: 'Log Care',
  logRefusal: 'Log Refusal',
  viewInsights: 'View Insights',
  later: 'Later',
  viewRecognitions: 'View Recognitions',
  confirmCare: 'Confirm Care',
  ok: 'Ok',
  retry: 'Retry',
  next: 'Next',
  complete: 'Complete',
  confirmSelection: 'Confirm Selection',
  subscribe: 'Subscribe',
  gotIt: 'Got It',
  reload: 'Reload',
  getHelp: 'Get Help',
  call: 'Call',
  assignTask: 'Assign task',
  removeMe: 'Remove Me',
  dismissAsGroupAdmin: 'Dismiss as Group Admin',
} as const;

export const DrawerTitles = {
  observations: ObservationMessages.title,
  addNote: 'Add a Note',
  additionalNotes: 'Additional Notes',
  multiOutcome: 'Select all care provided',
  searchResident: 'Search for Resident',
  completeInsight: 'Add Notes',
  selectWard: 'Select Type of Care',
  selectEnterprise: 'Select a company',
  selectCareZone: 'Working In',
  selectDevice: 'What device is this?',
  pendantAlreadyAssigned: 'Pendant already assigned',
} as const;

export const PendantMessages = {
  alreadyAssignedTitle: 'Pendant already assigned',
  alreadyAssignedText:
    'If the button pendant currently assigned to this resident is broken, unassign the broken button before assigning a new one.',
} as const;

export const HighFiveMessages = {
  congratulations: 'Congratulations!',
  receivedOne: "You've received a high five from a colleague",
  receivedMany: (n: number): string => `${n} high fives from colleagues`,
  /** 'You've received a high five from a colleague' for one, else 'N high fives from colleagues'. */
  received: (n: number): string =>
    n === 1 ? "You've received a high five from a colleague" : `${n} high fives from colleagues`,
} as const;

export const TrainingMessages = {
  careConfirmationDialog:
    "To resolve an alert, confirm you're with the resident by pressing their pendant or unit button.",
  alertTitle: (unitName: string): string => `${unitName} has reported an emergency`,
} as const;

export const GoBackMessages = {
  title: 'Go Back?',
  text: 'There are some unsaved changes. Are you sure you want to go back?',
  discard: 'Discard Changes',
  cancel: 'Cancel',
} as const;

export const ResolutionOptionLabels = {
  needsNurse: 'Needs Nurse',
  otherHelp: 'Other Help',
  transferMobility: 'Transfer/Mobility',
  eatingDrinking: 'Eating/Drinking',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Sign-in (sign-in doc sections 2, 5 and 8)
// ---------------------------------------------------------------------------------------------------------
export const LoginMessages = {
  welcome: 'Welcome to',
  enterPhone: 'Enter your phone number below to continue.',
  consent: 'By continuing, you agree to receive a 6-digit verification code via text message.',
  logInUsingEmail: 'Log In Using Email',
  verifyTitle: 'Verify your identity',
  enterCode: 'Enter Verification Code',
  notYourNumber: 'Not your number? Tap the back arrow above to provide a different one.',
  resendCode: 'Resend the code',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number is invalid',
  invalidCodeTitle: 'Invalid Authentication Code',
  invalidCodeText: (supportPhone: string): string =>
    `Re-enter the code that we sent to you. Still doesn't work? Call the provider's support at ${supportPhone}.`,
  tooManyAttemptsTitle: 'Too many unsuccessful logins.',
  /** Paraphrased by the spec ("account is locked; contact support to reactivate"): wording ours. */
  tooManyAttemptsText: 'Your account is locked. Contact support to reactivate it.',
} as const;

/** Phone screen errors: title and text. */
export const PhoneScreenErrors = {
  offline: {
    title: 'Your device is currently offline',
    text: 'Please connect to the internet and try again',
  },
  notCorrectNumber: {
    title: 'Not a correct phone number',
    text: 'Check the number below for mistakes. If the number is correct, ask your manager to check your profile',
  },
  unsubscribed: {
    title: 'Your phone is unsubscribed from login codes',
    text: (senderNumber: string): string =>
      `Text "start" to ${senderNumber} from the phone number you entered and try again`,
  },
  other: {
    title: 'Something went wrong',
    text: "Try logging in again. If it still doesn't work, contact the provider's support for help.",
  },
} as const;
/** Markers of the phone screen error conditions. */
export const PUBLIC_SIGNUP_DISABLED_DESCRIPTION = 'public signup is disabled';
export const BAD_CONNECTION_ERROR_CODE = 'bad.connection';
export const UNSUBSCRIBED_SMS_ERROR_MARKER = '21610';

/** logoutReason dialogs. */
export const LogoutReasonDialogs = {
  'login-required': { title: 'Login Required', text: 'Please log in to use the app.' },
  'session-expired': {
    title: 'Session Timed Out',
    text: 'Your session has timed out, please log in again to continue using the app.',
  },
  'token-error': { title: "You've been logged out", text: 'Please log in again to continue using the app.' },
} as const;

export const LoadingScreenMessages = {
  verifying: 'Verifying your information',
  stuck: 'Stuck Loading? Try refreshing the page',
} as const;

export const CookieBlockedMessages = {
  headline: (productName: string): string => `Enable Cookies to Use ${productName}`,
  /** Paraphrased by the spec: wording ours. */
  explanation: 'Cookies must be enabled in your browser to log in.',
  browsers: ['Chrome', 'Safari', 'Firefox', 'Microsoft Edge'],
} as const;

export const ErrorFallbackMessages = {
  headline: 'Something went wrong',
  /** Paraphrased by the spec ("reloading usually fixes it, otherwise contact the help center"): wording ours. */
  text: 'Reloading the page usually fixes this. If it does not, please contact the help center.',
  reload: 'Reload',
  getHelp: 'Get Help',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Staff, groups, shift, care zones, devices, doors, notifications, tour (sign-in doc)
// ---------------------------------------------------------------------------------------------------------
export const GroupMessages = {
  makeAdminFailed: (name: string, group: string): string => `Failed to make ${name} a ${group} group admin`,
  dismissAdminFailed: (name: string, group: string): string =>
    `Failed to dismiss ${name} as a ${group} group admin`,
  removeFailed: (name: string, group: string): string => `Failed to remove ${name} from ${group}`,
  takeOffShiftFailed: (name: string): string => `Failed to take ${name} off shift`,
  madeAdmin: (name: string, group: string): string => `${name} was made a ${group} group admin`,
  dismissedAdmin: (name: string, group: string): string => `${name} is no longer a ${group} admin`,
  removed: (name: string, group: string): string => `${name} was removed from ${group}`,
  takenOffShift: (name: string): string => `${name} has been taken off shift`,
  mustBeInOneGroup: 'Team members must be in at least one group.',
} as const;

export const CareZoneMessages = {
  updateFailed: 'There was an error updating your preferences, please try again.',
  separator: 'OR',
} as const;

export const DeviceMessages = {
  companyPhonesLoadFailed: 'There was an error loading company phones',
  otherDevices: 'Other Devices',
} as const;

export const DoorScheduleMessages = {
  saveFailed: 'Error updating door schedule',
  startEqualsEnd: 'Start and end times must be different',
  wholeDay: 'This alert period spans the whole day. Please select Always Alert instead.',
} as const;

export const NotificationMessages = {
  allowNotificationsText:
    'You must accept the browser notifications on the following screen to enable this phone to receive alerts.',
  receiving: 'Receiving messages',
  notReceiving: 'Not receiving messages',
} as const;

export const TourMessages = {
  confirmEnd: 'Are you sure you want to end the tour?',
  continueTour: 'Continue Tour',
  endTour: 'End Tour',
} as const;

/** 'community/communities', 'button/buttons'. */
export const pluralise = (count: number, singular: string, plural: string): string =>
  count === 1 ? singular : plural;
export const communitiesLabel = (count: number): string =>
  `${count} ${pluralise(count, 'community', 'communities')}`;
export const buttonsLabel = (count: number): string => `${count} ${pluralise(count, 'button', 'buttons')}`;

export const SelectEnterpriseMessages = {
  title: 'Select a company',
  searchPlaceholder: 'Search for companies',
} as const;
