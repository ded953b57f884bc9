import {
  BATTERY_LEVEL_UNKNOWN,
  BATTERY_LOW_THRESHOLD_OTHER,
  BATTERY_LOW_THRESHOLD_PENDANT,
  BatteryStatus,
  type DeviceType,
  PENDANT_DEVICE_TYPE,
} from '@sage/contract';

/**
 * "Battery: unknown when -1 or missing; pendant low under 20; other device types low under 80."
 * Pendants are Sage Buttons (PENDANT_DEVICE_TYPE); every other type uses the 80 threshold.
 */
export const batteryStatus = (deviceType: DeviceType, level: number | null | undefined): BatteryStatus => {
  if (level == null || level === BATTERY_LEVEL_UNKNOWN || Number.isNaN(level)) return BatteryStatus.UNKNOWN;
  const threshold =
    deviceType === PENDANT_DEVICE_TYPE ? BATTERY_LOW_THRESHOLD_PENDANT : BATTERY_LOW_THRESHOLD_OTHER;
  return level < threshold ? BatteryStatus.LOW : BatteryStatus.OK;
};
