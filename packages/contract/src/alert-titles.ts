/**
 * The titles of the alerts the product raises itself (decision 0030; observation escalations, decision 0241).
 * A task keeps its title as written in English; the staff app, pushes and texts show it in the reader's language
 * by matching it against these (@sage/i18n's localizeTaskTitle, decision 0552), so they are the one place the
 * English is written.
 */
export const AlertTitleMessages = {
  needsAssistance: (residentName: string): string => `${residentName} needs assistance`,
  wallButton: (place: string): string => `${place} wall button`,
  assistanceRequested: (place: string): string => `Assistance requested in ${place}`,
  doorOpened: (door: string): string => `${door} door opened`,
  mayHaveFallen: (residentName: string): string => `${residentName} may have fallen`,
  fallDetected: (place: string): string => `Fall detected in ${place}`,
  bathAlert: (subject: string): string => `Bath alert: ${subject}`,
  sensorAlert: (subject: string): string => `Sensor alert: ${subject}`,
  observation: (observations: string, about: string): string => `Observation: ${observations} - ${about}`,
  observationOnly: (observations: string): string => `Observation: ${observations}`,
} as const;

/**
 * The titles of device trouble tasks (decision 0105), written by the worker, and the device named in them
 * (`deviceLabel` in @sage/domain): the one place their English is written, so the staff app can show them in the
 * reader's language by matching (decision 0750). Resident, unit, room, door and gateway names are values.
 */
export const DeviceTroubleTitleMessages = {
  lowBattery: (device: string): string => `Low battery: ${device}`,
  notHeardFrom: (device: string): string => `Not heard from: ${device}`,
  gatewayOffline: (gateway: string): string => `Gateway offline: ${gateway}`,
} as const;

/** The device in a trouble title: "Margaret Hale's pendant", "AL 101 wall button", "Front door alarm". */
export const TroubleDeviceLabels = {
  residentPendant: (resident: string): string => `${resident}'s pendant`,
  residentDoorAlarm: (resident: string): string => `${resident}'s door alarm`,
  residentFallSensor: (resident: string): string => `${resident}'s fall sensor`,
  residentM3Sensor: (resident: string): string => `${resident}'s M3 sensor`,
  wallButton: (place: string): string => `${place} wall button`,
  doorAlarm: (place: string): string => `${place} door alarm`,
  fallSensor: (place: string): string => `${place} fall sensor`,
  m3Sensor: (place: string): string => `${place} M3 sensor`,
  checkInButton: (place: string): string => `${place} check-in button`,
  /** A door alarm whose door has no name. */
  unnamedDoorAlarm: 'Door door alarm',
  /** The place of a device in no unit. */
  unknownUnit: 'unknown unit',
  /** A unit with the device's room: a value as it is in every language. */
  unitWithRoom: (unit: string, room: string): string => `${unit} (${room})`,
} as const;
