import { z } from 'zod';
import { ZIdSchema, zDate } from './common';

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
export const ZResponseStepSchema = z.enum(ResponseStep);
export const RESPONSE_STEP_LABELS = {
  CLAIM: 'Claim',
  CONFIRM: 'At bedside',
  RESOLVE: 'Resolve',
} as const satisfies Record<ResponseStep, string>;

/** Shifts by the alert's hour in the facility's time zone (decision 0301). */
export const ResponseShift = { DAY: 'DAY', EVENING: 'EVENING', NIGHT: 'NIGHT' } as const;
export type ResponseShift = (typeof ResponseShift)[keyof typeof ResponseShift];
export const RESPONSE_SHIFTS = [ResponseShift.DAY, ResponseShift.EVENING, ResponseShift.NIGHT] as const;
export const ZResponseShiftSchema = z.enum(ResponseShift);
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
export const ZAlertKindSchema = z.enum(AlertKind);
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

/** GET /responseTimes: facility-local dates `from`..`to` (both included), optional shift and care zone. */
export const ZResponseTimesQuerySchema = z
  .object({
    facilityId: ZIdSchema,
    from: zDate(),
    to: zDate(),
    shift: ZResponseShiftSchema.optional(),
    careZoneId: ZIdSchema.optional(),
  })
  .refine((q) => periodDays(q.from, q.to) >= 1, { path: ['to'], message: 'must not be before from' })
  .refine((q) => periodDays(q.from, q.to) <= RESPONSE_TIMES_MAX_DAYS, {
    path: ['to'],
    message: `the period must not exceed ${RESPONSE_TIMES_MAX_DAYS} days`,
  });
export type TResponseTimesQuery = z.infer<typeof ZResponseTimesQuerySchema>;

/** One step's figures: median, 90th percentile (seconds, percentile_cont) and the number of alerts. */
export const ZResponseFigureSchema = z.object({
  p50Seconds: z.number(),
  p90Seconds: z.number(),
  count: z.number().int(),
});
export type TResponseFigure = z.infer<typeof ZResponseFigureSchema>;

/** One row of a breakdown: its key and label, and each step's figures (null: no alert reached that step). */
export const ZResponseTimesRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  CLAIM: ZResponseFigureSchema.nullable(),
  CONFIRM: ZResponseFigureSchema.nullable(),
  RESOLVE: ZResponseFigureSchema.nullable(),
});
export type TResponseTimesRow = z.infer<typeof ZResponseTimesRowSchema>;

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

export const ZResponseTimesReplySchema = z.object({
  facilityId: z.string(),
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  shift: ZResponseShiftSchema.nullable(),
  careZoneId: z.string().nullable(),
  /** Steps up to this instant are counted (the rollup's watermark; null before its first run). */
  asOf: z.string().nullable(),
  overall: ZResponseTimesRowSchema,
  byStaffMember: z.array(ZResponseTimesRowSchema),
  byShift: z.array(ZResponseTimesRowSchema),
  byCareZone: z.array(ZResponseTimesRowSchema),
  byAlertKind: z.array(ZResponseTimesRowSchema),
  /** Hours 0-23 (facility time) that had alerts; key is the hour ('0'..'23'). */
  byHourOfDay: z.array(ZResponseTimesRowSchema),
});
export type TResponseTimesReply = z.infer<typeof ZResponseTimesReplySchema>;

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
