import { z } from 'zod';
import { DEVICE_TYPE_LABELS, type DeviceType, DeviceType as DeviceTypes } from './devices';

/**
 * The managers' device and door screens (docs/decisions/0250): the device registry (/manage/devices), a
 * device's page (/manage/devices/{id}) and the doors with their alert hours (/manage/doors). The spec gives
 * the drawers' texts (Select door, door schedule, Pendant already assigned); the screens' own wording is ours.
 */
export const DEVICES_ADMIN_ROUTES = {
  devices: '/manage/devices',
  device: (id: string): string => `/manage/devices/${encodeURIComponent(id)}`,
  doors: '/manage/doors',
} as const;

/**
 * What a manager registers. Pendants and wall buttons are both Sage Buttons (a pendant is given to a
 * resident, a wall button to a unit); a door sensor is a Door Alarm; a fall sensor a Fall Detection Device.
 * Each is named by its device type's one name (DEVICE_TYPE_LABELS, decision 0602), a Sage Button with its use.
 */
export const RegistrationKind = {
  PENDANT: 'PENDANT',
  WALL_BUTTON: 'WALL_BUTTON',
  DOOR_SENSOR: 'DOOR_SENSOR',
  FALL_SENSOR: 'FALL_SENSOR',
} as const;
export const ZRegistrationKindSchema = z.enum(RegistrationKind);
export type RegistrationKind = z.infer<typeof ZRegistrationKindSchema>;

export const REGISTRATION_KIND_LABELS = {
  PENDANT: `${DEVICE_TYPE_LABELS.SAGE_BUTTON} (pendant)`,
  WALL_BUTTON: `${DEVICE_TYPE_LABELS.SAGE_BUTTON} (wall button)`,
  DOOR_SENSOR: DEVICE_TYPE_LABELS.DOOR_ALARM,
  FALL_SENSOR: DEVICE_TYPE_LABELS.FALL_DETECTION_DEVICE,
} as const satisfies Record<RegistrationKind, string>;

export const REGISTRATION_KIND_TYPES = {
  PENDANT: DeviceTypes.SAGE_BUTTON,
  WALL_BUTTON: DeviceTypes.SAGE_BUTTON,
  DOOR_SENSOR: DeviceTypes.DOOR_ALARM,
  FALL_SENSOR: DeviceTypes.FALL_DETECTION_DEVICE,
} as const satisfies Record<RegistrationKind, DeviceType>;

/** What a device of a kind is allocated to. */
export const AllocationTarget = { RESIDENT: 'RESIDENT', UNIT: 'UNIT', DOOR: 'DOOR' } as const;
export type AllocationTarget = (typeof AllocationTarget)[keyof typeof AllocationTarget];

export const REGISTRATION_KIND_TARGETS = {
  PENDANT: AllocationTarget.RESIDENT,
  WALL_BUTTON: AllocationTarget.UNIT,
  DOOR_SENSOR: AllocationTarget.DOOR,
  FALL_SENSOR: AllocationTarget.UNIT,
} as const satisfies Record<RegistrationKind, AllocationTarget>;

export const DevicesAdminMessages = {
  devices: 'Devices',
  doors: 'Doors',
  managementOnly: 'Only management can manage devices and doors.',
  registerDevice: 'Register device',
  register: 'Register',
  kind: 'Kind of device',
  hardwareId: 'Hardware id',
  hardwareIdPlaceholder: 'As printed on the device',
  noDevices: 'No devices yet',
  searchDevices: 'Search devices',
  searchDevicesPlaceholder: 'Hardware id, resident, unit or door',
  loadFailed: 'There was an error loading devices',
  /** `type`: the device type's name (DEVICE_TYPE_LABELS). */
  registered: (type: string, hardwareId: string): string => `${type} ${hardwareId} registered`,
  registerFailed: 'Error registering device, please try again',
  notAssigned: 'Not assigned',
  assignedTo: 'Assigned to',
  type: 'Type',
  batteryAndLastPress: 'Battery and last press',
  assignToResident: 'Assign to resident',
  assignToUnit: 'Assign to unit',
  assignToDoor: 'Assign to door',
  room: 'Room (optional)',
  roomPlaceholder: 'Bathroom, bedroom…',
  openAllocation: 'Device Allocation',
  allocated: (hardwareId: string, target: string): string => `${hardwareId} assigned to ${target}`,
  allocateFailed: 'Error assigning device, please try again',
  undone: (hardwareId: string): string => `${hardwareId} was not assigned`,
  deleteDevice: 'Delete device',
  deleteDeviceTitle: (hardwareId: string): string => `Delete ${hardwareId}?`,
  deleteDeviceText: 'The device and its history are removed from this community.',
  deviceDeleted: (hardwareId: string): string => `Device ${hardwareId} deleted`,
  deleteFailed: 'Error deleting, please try again',
  unassignBeforeDelete: 'Unassign the device before deleting it.',
  deviceNotFound: 'This device was not found.',
  addDoor: 'Add door',
  doorName: 'Door name',
  doorAdded: (name: string): string => `Door ${name} added`,
  doorSaveFailed: 'Error saving door, please try again',
  doorSensor: (hardwareId: string): string => `${DEVICE_TYPE_LABELS.DOOR_ALARM} ${hardwareId}`,
  noDoorSensor: `No ${DEVICE_TYPE_LABELS.DOOR_ALARM}`,
  alertHours: 'Alert hours',
  editAlertHours: 'Edit alert hours',
  deleteDoor: 'Delete door',
  deleteDoorTitle: (name: string): string => `Delete ${name}?`,
  deleteDoorText: 'The door and its alert hours are removed.',
  doorDeleted: (name: string): string => `Door ${name} deleted`,
  unassignSensorBeforeDelete: 'Unassign the door sensor before deleting the door.',
  facilityDefault: 'Community default',
} as const;

/** The Select door drawer (sign-in doc section 2); empty states are EmptyStateMessages.noDoors/noDoorsFound. */
export const SelectDoorMessages = {
  title: 'Select Door',
  search: 'Search doors',
  placeholder: 'Door name',
  hasDevice: 'A device is already allocated to this door',
} as const;

/** The door schedule drawer ('door alert hours', sign-in doc section 5); error texts: DoorScheduleMessages. */
export const DoorScheduleDrawerMessages = {
  title: 'Door Alert Hours',
  startTime: 'Start time',
  endTime: 'End time',
  presets: 'When should this door alert?',
  /** "An info note about an overnight period shows when start is later than end." (wording ours) */
  overnight: (start: string, end: string): string =>
    `This alert period runs overnight: from ${start} until ${end} the next day.`,
  saved: (door: string): string => `Alert hours saved for ${door}`,
} as const;

/**
 * Select room check-in (drawer type 'select-room-check-in'): where in the unit a wall button goes, its check-in
 * button (room CHECKIN, shown as 'Check-In button') or a wall button, optionally in a named room. The title and
 * the wall-button wording are ours (docs/decisions/0331).
 */
export const SelectRoomCheckInMessages = {
  title: (unit: string): string => `Where in ${unit}?`,
  wallButton: 'Wall button',
  options: 'Room',
} as const;
