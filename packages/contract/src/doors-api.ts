import { z } from 'zod';
import { ZIdSchema, zText } from './common';
import { ZDeviceTypeSchema, ZTimeRangeSchema } from './devices';

/**
 * Doors and door alarm schedules of the admin API (sign-in doc section 7 'Doors'); docs/decisions/0191.
 * Note the spec's spelling of the schedule search: /doors/doorAlarmsSchedules/search.
 */
export const DOORS_BASE_PATH = '/admin/api/v1/doors';
export const DOORS_PATHS = {
  doors: '/doors',
  bulk: '/doors/bulk',
  door: (doorRid: string): string => `/doors/${encodeURIComponent(doorRid)}`,
  search: '/doors/search',
  schedules: '/doors/doorAlarmSchedules',
  schedule: (rid: string): string => `/doors/doorAlarmSchedules/${encodeURIComponent(rid)}`,
  defaults: '/doors/doorAlarmSchedules/defaults',
  scheduleSearch: '/doors/doorAlarmsSchedules/search',
} as const;

/** Longest door name (our choice). */
export const DOOR_NAME_MAX = 100;
export const DOOR_BULK_MAX = 200;
/** Most ranges a day of a schedule may hold (our choice; the product stores one). */
export const DOOR_SCHEDULE_RANGES_MAX = 24;

const ZDoorNameSchema = zText({ min: 1, max: DOOR_NAME_MAX, trim: true, multiline: false });

/** The schedule's fields as sent: the stored ranges are the times the door alerts (decision 0008). */
const scheduleFields = {
  alwaysAlert: z.boolean().default(false),
  neverAlert: z.boolean().default(false),
  dailySchedules: z
    .object({
      dayOfWeekTimeRangeMap: z
        .object({ All: z.array(ZTimeRangeSchema).max(DOOR_SCHEDULE_RANGES_MAX) })
        .strict(),
    })
    .strict()
    .default({ dayOfWeekTimeRangeMap: { All: [] } }),
};

/**
 * POST /doors/doorAlarmSchedules: creates a schedule (returns its rid), or updates the one named by
 * `doorAlarmScheduleRid` ("the door drawer creates or updates the schedule").
 */
export const ZSaveDoorAlarmScheduleRequestSchema = z
  .object({
    facilityRid: ZIdSchema,
    doorAlarmScheduleRid: ZIdSchema.optional(),
    doorRid: ZIdSchema.optional(),
    ...scheduleFields,
  })
  .strict();
export type TSaveDoorAlarmScheduleRequest = z.infer<typeof ZSaveDoorAlarmScheduleRequestSchema>;

/** POST /doors/doorAlarmSchedules/defaults: sets the facility's default schedule. */
export const ZSaveDefaultDoorAlarmScheduleRequestSchema = z
  .object({ facilityRid: ZIdSchema, ...scheduleFields })
  .strict();
export type TSaveDefaultDoorAlarmScheduleRequest = z.infer<typeof ZSaveDefaultDoorAlarmScheduleRequestSchema>;

export const ZDoorAlarmScheduleReplySchema = z.object({
  rid: ZIdSchema,
  facilityId: ZIdSchema,
  doorRid: z.string().nullable(),
  isFacilityDefault: z.boolean(),
  alwaysAlert: z.boolean(),
  neverAlert: z.boolean(),
  dailySchedules: z.object({ dayOfWeekTimeRangeMap: z.object({ All: z.array(ZTimeRangeSchema) }) }),
});
export type TDoorAlarmScheduleReply = z.infer<typeof ZDoorAlarmScheduleReplySchema>;
export const ZDoorAlarmScheduleListReplySchema = z.array(ZDoorAlarmScheduleReplySchema);

export const ZDoorAlarmScheduleParamsSchema = z.object({ doorAlarmScheduleRid: ZIdSchema });
export const ZDoorDefaultsQuerySchema = z.object({ facilityRid: ZIdSchema });

/** POST /doors/doorAlarmsSchedules/search */
export const ZSearchDoorAlarmSchedulesRequestSchema = z
  .object({
    facilityRid: ZIdSchema.optional(),
    doorRids: z.array(ZIdSchema).min(1).max(500).optional(),
    isFacilityDefault: z.boolean().optional(),
  })
  .strict();
export type TSearchDoorAlarmSchedulesRequest = z.infer<typeof ZSearchDoorAlarmSchedulesRequestSchema>;

/** POST /doors: a door of a facility; names are unique within it (409). */
export const ZCreateDoorRequestSchema = z
  .object({ facilityRid: ZIdSchema, doorName: ZDoorNameSchema, doorAlarmScheduleRid: ZIdSchema.optional() })
  .strict();
export type TCreateDoorRequest = z.infer<typeof ZCreateDoorRequestSchema>;
export const ZBulkCreateDoorsRequestSchema = z.array(ZCreateDoorRequestSchema).min(1).max(DOOR_BULK_MAX);

/**
 * POST /doors/{doorRid} (update): "for a new schedule it then links it to the door with facilityRid,
 * doorAlarmScheduleRid and doorName". A null schedule unlinks it (the facility default applies).
 */
export const ZUpdateDoorRequestSchema = z
  .object({
    facilityRid: ZIdSchema.optional(),
    doorName: ZDoorNameSchema.optional(),
    doorAlarmScheduleRid: ZIdSchema.nullable().optional(),
  })
  .strict();
export type TUpdateDoorRequest = z.infer<typeof ZUpdateDoorRequestSchema>;

export const ZDoorParamsSchema = z.object({ doorRid: ZIdSchema });

/** Door: rid, name, deviceAllocation (the active one), and its schedule. */
export const ZDoorReplySchema = z.object({
  rid: ZIdSchema,
  facilityId: ZIdSchema,
  name: z.string(),
  doorAlarmScheduleRid: z.string().nullable(),
  doorAlarmSchedule: ZDoorAlarmScheduleReplySchema.nullable(),
  deviceAllocation: z
    .object({
      id: ZIdSchema,
      displayName: z.string().nullable(),
      device: z.object({ id: ZIdSchema, type: ZDeviceTypeSchema, hardwareId: z.string() }),
    })
    .nullable(),
});
export type TDoorReply = z.infer<typeof ZDoorReplySchema>;
export const ZDoorListReplySchema = z.array(ZDoorReplySchema);

/** POST /doors/search */
export const ZSearchDoorsRequestSchema = z
  .object({
    facilityRid: ZIdSchema.optional(),
    enterpriseRid: ZIdSchema.optional(),
    doorRids: z.array(ZIdSchema).min(1).max(500).optional(),
    name: ZDoorNameSchema.optional(),
    /** "Doors with an allocated device cannot be selected": the drawer asks for those without. */
    isAllocated: z.boolean().optional(),
  })
  .strict();
export type TSearchDoorsRequest = z.infer<typeof ZSearchDoorsRequestSchema>;
