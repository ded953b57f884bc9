import type { DeviceType } from './devices';

/**
 * The zod-free part of device-supervision.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). device-supervision.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/**
 * Device supervision (UL 2560: every fault signalled; docs/decisions/0105). A supervision fault is a task of
 * its own kind, DEVICE_TROUBLE, raised and closed by the system, shown apart from residents' calls and never
 * escalated to phones.
 */
export const TaskKind = { ALERT: 'ALERT', DEVICE_TROUBLE: 'DEVICE_TROUBLE' } as const;

export type TaskKind = (typeof TaskKind)[keyof typeof TaskKind];

export const DeviceTroubleCause = {
  /** A device not heard from (any event, heartbeats included) within its supervision interval. */
  DEVICE_SILENT: 'DEVICE_SILENT',
  /** A device reporting a low battery (the battery rule of packages/domain/src/battery.ts). */
  LOW_BATTERY: 'LOW_BATTERY',
  /** A gateway that posted nothing within GATEWAY_SUPERVISION_INTERVAL_MIN. */
  GATEWAY_SILENT: 'GATEWAY_SILENT',
} as const;

export type DeviceTroubleCause = (typeof DeviceTroubleCause)[keyof typeof DeviceTroubleCause];

/**
 * Default supervision interval per device type, in minutes (a facility may set one interval for all its
 * devices: Facility.deviceSupervisionIntervalMin). Battery buttons and door alarms report at least hourly,
 * so 4 h is four missed heartbeats; fall sensors and M3 devices are mains-powered room sensors: 1 h.
 */
export const DEVICE_SUPERVISION_INTERVAL_MIN: Record<DeviceType, number> = {
  SAGE_BUTTON: 240,
  DOOR_ALARM: 240,
  FALL_DETECTION_DEVICE: 60,
  MELTEN_M3_DEVICE: 60,
};

/** A gateway is expected to post (events or a HEARTBEAT of its own) at least every 5 min; 15 min is three missed. */
export const GATEWAY_SUPERVISION_INTERVAL_MIN = 15;

/** The bounds of a facility's own supervision interval. */
export const DEVICE_SUPERVISION_INTERVAL_MIN_BOUNDS = { min: 15, max: 7 * 24 * 60 } as const;

/** The dashboard's words for each cause: a short label, and what staff should do (it clears itself after). */
export const DEVICE_TROUBLE_CAUSE_LABELS: Record<DeviceTroubleCause, string> = {
  DEVICE_SILENT: 'Not heard from',
  LOW_BATTERY: 'Low battery',
  GATEWAY_SILENT: 'Gateway offline',
};

export const DEVICE_TROUBLE_HINTS: Record<DeviceTroubleCause, string> = {
  DEVICE_SILENT: 'Check the device is in place and in range. Clears itself once it is heard again.',
  LOW_BATTERY: 'Replace or charge the battery. Clears itself once a charged battery is reported.',
  GATEWAY_SILENT: "Check the gateway's power and network. Clears itself once it posts again.",
};
