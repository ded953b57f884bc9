import { z } from 'zod';
import { ZIdSchema, zDate } from './common';
import {
  AlertKind,
  periodDays,
  RESPONSE_TIMES_MAX_DAYS,
  ResponseShift,
  ResponseStep,
} from './response-times-constants';

export * from './response-times-constants';
export const ZResponseStepSchema = z.enum(ResponseStep);
export const ZResponseShiftSchema = z.enum(ResponseShift);
export const ZAlertKindSchema = z.enum(AlertKind);

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
