/**
 * The dashboard's device notices (issue #33, decision 0700): the device test banner (decision 0505, also on the
 * station display) and the Device trouble section (decision 0105). The contract's texts, a text with values as
 * the contract's function called with ICU placeholders; the section's own words moved here as they were.
 */
import { DEVICE_TROUBLE_CAUSE_LABELS, DEVICE_TROUBLE_HINTS, DeviceQaMessages } from '@sage/contract';

export const devices = {
  banner: DeviceQaMessages.banner,
  bannerDetail: DeviceQaMessages.bannerDetail('{who}', '{until}'),
  bannerSomeone: DeviceQaMessages.bannerSomeone,
  endTest: DeviceQaMessages.endTest,
  trouble: 'Device trouble',
  openTrouble: 'Open device trouble',
  timeSinceCreation: 'Time since creation',
  DEVICE_SILENT: DEVICE_TROUBLE_CAUSE_LABELS.DEVICE_SILENT,
  LOW_BATTERY: DEVICE_TROUBLE_CAUSE_LABELS.LOW_BATTERY,
  GATEWAY_SILENT: DEVICE_TROUBLE_CAUSE_LABELS.GATEWAY_SILENT,
  DEVICE_SILENT_hint: DEVICE_TROUBLE_HINTS.DEVICE_SILENT,
  LOW_BATTERY_hint: DEVICE_TROUBLE_HINTS.LOW_BATTERY,
  GATEWAY_SILENT_hint: DEVICE_TROUBLE_HINTS.GATEWAY_SILENT,
} as const;
