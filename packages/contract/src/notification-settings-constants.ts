import { NOTIFICATION_BLOCK_MAX_MS, NOTIFICATION_POLICY_MAX_BLOCKS } from './notifications-api-constants';

/**
 * The zod-free part of notification-settings.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). notification-settings.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * The web app's notification settings: the Notifications opt-in drawer (phone subscriptions) and the
 * managers' notification policy editor (sign-in doc sections 2, 3, 5; docs/decisions/0066-0068).
 * Paths are below the service bases (admin, message orchestration).
 */

export const NOTIFICATION_POLICY_PATHS = {
  policies: '/notificationPolicies',
  policy: (rid: string) => `/notificationPolicies/${encodeURIComponent(rid)}`,
} as const;

export const PHONE_SUBSCRIPTIONS_PATH = '/phoneNumberSubscriptions';

/** The managers' notification policy editor. */
export const NOTIFICATION_SETTINGS_ROUTE = '/settings/notifications';

/** "Execution time is stored in ms after start and shown in minutes." */
export const MS_PER_MINUTE = 60_000;

export const msToMinutes = (ms: number): number => Math.round((ms / MS_PER_MINUTE) * 100) / 100;

export const NOTIFICATION_BLOCK_MAX_MINUTES = NOTIFICATION_BLOCK_MAX_MS / MS_PER_MINUTE;

export const NotificationPolicyFormMessages = {
  minutesRequired: 'Enter a number of minutes',
  minutesNotNegative: 'Minutes must be 0 or more',
  minutesTooLarge: `At most ${NOTIFICATION_BLOCK_MAX_MS / MS_PER_MINUTE} minutes (one day)`,
  intervalTooShort: 'Enter 0 (does not repeat) or at least 1 second (0.02 minutes)',
  priorityRange: 'Priority is a whole number from 0 to 1000',
  noBlocks: 'Keep at least one step',
  tooManyBlocks: `At most ${NOTIFICATION_POLICY_MAX_BLOCKS} steps`,
} as const;

/** Texts of the notification policy editor (the spec quotes none: ours, docs/decisions/0067). */
export const NotificationPolicyMessages = {
  title: 'Notification Settings',
  entry: 'Notification Settings',
  intro:
    'When an alert is not claimed, these steps notify staff in order. Times count from when the alert opened.',
  step: (n: number): string => `Step ${n}`,
  startAfter: 'Start after (minutes)',
  repeatEvery: 'Repeat every (minutes)',
  repeatHint: '0: does not repeat',
  breakGlass: 'Break-glass',
  breakGlassHint: 'Notifies the wider group, whatever their care zones',
  priority: 'Priority',
  priorityHint: 'Lower runs first when steps start at the same time',
  whoGetsIt: 'Who is notified',
  filter: (n: number): string => `Filter ${n}`,
  groups: 'Groups',
  groupsHint: 'None chosen and no named staff: anyone in the community',
  namedStaff: 'Named staff',
  namedStaffHint: 'Notified whatever their groups',
  namedStaffPlaceholder: 'Search staff',
  noStaffFound: 'No staff found',
  careZones: 'Only alerts in these care zones',
  careZonesHint: 'None chosen: alerts anywhere in the community',
  severities: 'Only these kinds of alerts',
  severitiesHint: 'None chosen: alerts of any kind',
  onShiftOnly: 'Only staff on shift',
  addFilter: 'Add Filter',
  removeFilter: 'Remove Filter',
  addStep: 'Add Step',
  removeStep: 'Remove Step',
  save: 'Save',
  saved: 'Notification settings saved',
  saveFailed: 'Error saving notification settings, please try again.',
  loadFailed: 'There was an error loading notification settings',
  stale:
    'Someone else changed these notification settings while you were editing. The latest version is shown now: make your changes again and save.',
  noPolicy: 'This community has no alert notification policy yet.',
  noPolicyHint: 'Until it has one, alerts are only shown in the app: nobody is sent a notification.',
  createPolicy: 'Create Policy',
  notAllowedTitle: 'Not allowed',
  notAllowed: 'Only management can change notification settings.',
} as const;

/** Texts of the Notifications opt-in drawer beyond those the spec quotes (ours, docs/decisions/0066). */
export const OptInMessages = {
  title: 'Text Message Alerts',
  entry: 'Text message alerts',
  intro: 'Text START to each number from this phone to get alerts and tasks by text message.',
  allSet: 'This phone gets alerts and tasks by text message. Text STOP to a number to stop.',
  alertsNumber: 'Alerts',
  tasksNumber: 'Tasks',
  subscribe: 'Subscribe',
  continue: 'Continue',
  skip: 'Skip',
  noNumbers: 'This community has no text message numbers set up.',
  noPhone: 'Your profile has no phone number.',
  loadFailed: 'There was an error loading your text message settings',
} as const;
