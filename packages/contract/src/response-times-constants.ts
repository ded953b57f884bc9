/**
 * The zod-free part of response-times.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). response-times.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * Response-time figures of a facility (issue 14; docs/decisions/0300-0303): how long residents waited for a
 * claim, for staff at the bedside (care confirmed) and for the resolution, as p50 / p90 / count, by staff
 * member, shift, care zone, alert kind and hour of day, over a chosen period. Managers only.
 */
export const RESPONSE_TIMES_PATHS = {
  figures: '/insights/api/v1/responseTimes',
} as const;

/** The steps measured, each from the alert's creation (decision 0300). */
export const ResponseStep = { CLAIM: 'CLAIM', CONFIRM: 'CONFIRM', RESOLVE: 'RESOLVE' } as const;

export type ResponseStep = (typeof ResponseStep)[keyof typeof ResponseStep];

export const RESPONSE_STEPS = [ResponseStep.CLAIM, ResponseStep.CONFIRM, ResponseStep.RESOLVE] as const;

export const RESPONSE_STEP_LABELS = {
  CLAIM: 'Claim',
  CONFIRM: 'At bedside',
  RESOLVE: 'Resolve',
} as const satisfies Record<ResponseStep, string>;

/** Shifts by the alert's hour in the facility's time zone (decision 0301). */
export const ResponseShift = { DAY: 'DAY', EVENING: 'EVENING', NIGHT: 'NIGHT' } as const;

export type ResponseShift = (typeof ResponseShift)[keyof typeof ResponseShift];

export const RESPONSE_SHIFTS = [ResponseShift.DAY, ResponseShift.EVENING, ResponseShift.NIGHT] as const;

/** First hour (facility time) of each shift; a shift runs until the next one starts. */
export const RESPONSE_SHIFT_START_HOURS = { DAY: 7, EVENING: 15, NIGHT: 23 } as const satisfies Record<
  ResponseShift,
  number
>;

export const RESPONSE_SHIFT_LABELS = {
  DAY: 'Day (7 am-3 pm)',
  EVENING: 'Evening (3-11 pm)',
  NIGHT: 'Night (11 pm-7 am)',
} as const satisfies Record<ResponseShift, string>;

/** The shift of an hour of the day (0-23, facility time). */
export const shiftOfHour = (hour: number): ResponseShift => {
  if (hour >= RESPONSE_SHIFT_START_HOURS.DAY && hour < RESPONSE_SHIFT_START_HOURS.EVENING) return 'DAY';
  if (hour >= RESPONSE_SHIFT_START_HOURS.EVENING && hour < RESPONSE_SHIFT_START_HOURS.NIGHT) return 'EVENING';
  return 'NIGHT';
};

/** What raised the alert, from the device that raised it (decision 0300). */
export const AlertKind = {
  PENDANT: 'PENDANT',
  WALL_BUTTON: 'WALL_BUTTON',
  DOOR: 'DOOR',
  FALL: 'FALL',
  SENSOR: 'SENSOR',
} as const;

export type AlertKind = (typeof AlertKind)[keyof typeof AlertKind];

export const ALERT_KINDS = [
  AlertKind.PENDANT,
  AlertKind.WALL_BUTTON,
  AlertKind.DOOR,
  AlertKind.FALL,
  AlertKind.SENSOR,
] as const;

export const ALERT_KIND_LABELS = {
  PENDANT: 'Pendant',
  WALL_BUTTON: 'Wall button',
  DOOR: 'Door alarm',
  FALL: 'Fall sensor',
  SENSOR: 'M3 sensor',
} as const satisfies Record<AlertKind, string>;

/** The longest period one request may cover, in days (a year, leap years included). */
export const RESPONSE_TIMES_MAX_DAYS = 366;

/** The period the page opens with, in days (today included). */
export const RESPONSE_TIMES_DEFAULT_DAYS = 28;

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Days from `from` to `to`, both included. */
export const periodDays = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

export const ResponseBreakdown = {
  byStaffMember: 'byStaffMember',
  byShift: 'byShift',
  byCareZone: 'byCareZone',
  byAlertKind: 'byAlertKind',
  byHourOfDay: 'byHourOfDay',
} as const;

export type ResponseBreakdown = (typeof ResponseBreakdown)[keyof typeof ResponseBreakdown];

export const RESPONSE_BREAKDOWN_LABELS = {
  byStaffMember: 'Staff member',
  byShift: 'Shift',
  byCareZone: 'Care zone',
  byAlertKind: 'Alert kind',
  byHourOfDay: 'Hour of day',
} as const satisfies Record<ResponseBreakdown, string>;

/** Columns of the CSV export, in order (one line per breakdown row). */
export const RESPONSE_TIMES_CSV_COLUMNS = [
  'breakdown',
  'key',
  'label',
  'claimP50Seconds',
  'claimP90Seconds',
  'claimCount',
  'confirmP50Seconds',
  'confirmP90Seconds',
  'confirmCount',
  'resolveP50Seconds',
  'resolveP90Seconds',
  'resolveCount',
] as const;

/** Texts of the managers' response-times page (/manage/response-times). */
export const RESPONSE_TIMES_ROUTE = '/manage/response-times';

export const ResponseTimesMessages = {
  title: 'Response Times',
  link: 'Response Times',
  from: 'From',
  to: 'To',
  shift: 'Shift',
  allShifts: 'All shifts',
  careZone: 'Care zone',
  allZones: 'All care zones',
  step: 'Step',
  exportCsv: 'Export CSV',
  median: 'Median',
  p90: '90th percentile',
  p90Short: '90th',
  alerts: 'Alerts',
  noAlerts: 'No alerts in this period',
  loadFailed: 'Response times could not be loaded',
  byHour: 'Median by hour of day (minutes)',
  byShift: 'Median by shift (minutes)',
  byKind: 'Median by alert kind (minutes)',
  byStaff: 'By staff member',
  byZone: 'By care zone',
  benchmark:
    'Benchmarks: about 8 minutes on average across 500+ communities; the best tenth about 2 minutes.',
  asOf: (time: string) => `Figures up to ${time}`,
} as const;
