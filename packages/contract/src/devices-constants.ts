/**
 * The zod-free part of devices.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). devices.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * Device types. The alerts doc names them 'Sage Button', 'Door Alarm', 'Fall Detection Device',
 * 'Melten M3 Device'; the sign-in doc: provider button, Door Alarm, Fall Detection Device, a third-party M3 device.
 * The ids are our choice.
 */
export const DeviceType = {
  SAGE_BUTTON: 'SAGE_BUTTON',
  DOOR_ALARM: 'DOOR_ALARM',
  FALL_DETECTION_DEVICE: 'FALL_DETECTION_DEVICE',
  MELTEN_M3_DEVICE: 'MELTEN_M3_DEVICE',
} as const;

export type DeviceType = (typeof DeviceType)[keyof typeof DeviceType];

export const DEVICE_TYPE_LABELS = {
  SAGE_BUTTON: 'Sage Button',
  DOOR_ALARM: 'Door Alarm',
  FALL_DETECTION_DEVICE: 'Fall Detection Device',
  MELTEN_M3_DEVICE: 'Melten M3 Device',
} as const satisfies Record<DeviceType, string>;

/**
 * The pendant device type. Pendants and wall buttons are both Sage Buttons; the battery rule names the
 * pendant, and we apply the pendant threshold to every Sage Button (our choice).
 */
export const PENDANT_DEVICE_TYPE = DeviceType.SAGE_BUTTON;

/** "Battery low: pendant below 20; other devices below 80." */
export const BATTERY_LOW_THRESHOLD_PENDANT = 20;

export const BATTERY_LOW_THRESHOLD_OTHER = 80;

/** "Unknown when -1 or missing." */
export const BATTERY_LEVEL_UNKNOWN = -1;

export const BatteryStatus = { UNKNOWN: 'unknown', LOW: 'low', OK: 'ok' } as const;

export type BatteryStatus = (typeof BatteryStatus)[keyof typeof BatteryStatus];

/** "Other devices (Manager Phone, Computer)" in the What device is this? drawer. */
export const OTHER_DEVICE_OPTIONS = ['Manager Phone', 'Computer'] as const;

/** Door alarm schedule presets (sign-in doc section 3). */
export const DoorSchedulePreset = {
  ALWAYS_ALERT: 'ALWAYS_ALERT',
  NEVER_ALERT: 'NEVER_ALERT',
  SEVEN_PM_TO_SEVEN_AM: 'SEVEN_PM_TO_SEVEN_AM',
  CUSTOM: 'CUSTOM',
} as const;

export type DoorSchedulePreset = (typeof DoorSchedulePreset)[keyof typeof DoorSchedulePreset];

/** "Presets: Always Alert, Never Alert, 7 PM - 7 AM, Custom Time." */
export const DOOR_SCHEDULE_PRESET_LABELS = {
  ALWAYS_ALERT: 'Always Alert',
  NEVER_ALERT: 'Never Alert',
  SEVEN_PM_TO_SEVEN_AM: '7 PM - 7 AM',
  CUSTOM: 'Custom Time',
} as const satisfies Record<DoorSchedulePreset, string>;

/** "Door schedule defaults: start 19:00, end 07:00; full day is 00:00-23:59." */
export const DOOR_SCHEDULE_DEFAULT_START = '19:00';

export const DOOR_SCHEDULE_DEFAULT_END = '07:00';

export const DOOR_SCHEDULE_FULL_DAY_START = '00:00';

export const DOOR_SCHEDULE_FULL_DAY_END = '23:59';

/** "An empty time counts as 00:00." */
export const DOOR_SCHEDULE_EMPTY_TIME = '00:00';

/** The only key of dayOfWeekTimeRangeMap used by the product. */
export const DOOR_SCHEDULE_ALL_DAYS_KEY = 'All';
