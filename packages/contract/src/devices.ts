import { z } from 'zod';
import { BatteryStatus, DeviceType, DoorSchedulePreset } from './devices-constants';

export * from './devices-constants';
export const ZDeviceTypeSchema = z.enum(DeviceType);
export const ZBatteryStatusSchema = z.enum(BatteryStatus);

/** Battery level as reported by a device: -1 means unknown. */
export const ZBatteryLevelSchema = z.number().int().min(-1).max(100);
export const ZDoorSchedulePresetSchema = z.enum(DoorSchedulePreset);

/** HH:MM, 00:00 to 23:59. */
export const ZTimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time as HH:MM');

export const ZTimeRangeSchema = z.object({ startTime: ZTimeOfDaySchema, endTime: ZTimeOfDaySchema });
export type TTimeRange = z.infer<typeof ZTimeRangeSchema>;

export const ZDoorAlarmScheduleSchema = z.object({
  alwaysAlert: z.boolean(),
  neverAlert: z.boolean(),
  dailySchedules: z.object({
    dayOfWeekTimeRangeMap: z.object({ All: z.array(ZTimeRangeSchema) }),
  }),
});
export type TDoorAlarmSchedule = z.infer<typeof ZDoorAlarmScheduleSchema>;
