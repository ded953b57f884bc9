import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { ZIdSchema, ZQueryBooleanSchema, zText } from './common';
import { ZDeviceTypeSchema } from './devices';

/**
 * Devices of the admin API (sign-in doc section 7 'Devices'): GET /devices/allocated, GET and PUT
 * /devices/allocated/{id}, POST /devices/allocated/{id}/unallocate, POST /devices/activity/latest.
 * Reading is open to every staff member of the facility; changing an allocation is management only
 * ("Only management can open a device allocation page"; docs/decisions/0070).
 */
export const DEVICES_BASE_PATH = '/admin/api/v1/devices';
/** Paths relative to the admin base (for the web client). */
export const DEVICES_PATHS = {
  allocated: '/devices/allocated',
  allocation: (id: string): string => `/devices/allocated/${encodeURIComponent(id)}`,
  unallocate: (id: string): string => `/devices/allocated/${encodeURIComponent(id)}/unallocate`,
  activityLatest: '/devices/activity/latest',
} as const;

/** The web route of a device allocation page (management only). */
export const DEVICE_ALLOCATION_ROUTE = (id: string): string =>
  `/devices/allocation/${encodeURIComponent(id)}`;

/** Longest display name of an allocation (our choice). */
export const DEVICE_DISPLAY_NAME_MAX = 100;

/** A device: id, type, hardwareId, lastPressTimestamp (ms), batteryLevel (-1 or null: unknown). */
export const ZDeviceReplySchema = z.object({
  id: ZIdSchema,
  type: ZDeviceTypeSchema,
  hardwareId: z.string(),
  lastPressTimestamp: z.number().int().nullable(),
  batteryLevel: z.number().int().nullable(),
});
export type TDeviceReply = z.infer<typeof ZDeviceReplySchema>;

/** Device allocation: id, device, unit, resident, room, door, displayName, isCheckIn (an allow-list). */
export const ZDeviceAllocationReplySchema = z.object({
  id: ZIdSchema,
  facilityId: ZIdSchema,
  device: ZDeviceReplySchema,
  unit: z.object({ id: ZIdSchema, displayName: z.string(), careType: ZCareTypeSchema }).nullable(),
  resident: z
    .object({
      id: ZIdSchema,
      firstName: z.string(),
      middleName: z.string().nullable(),
      lastName: z.string(),
      preferredName: z.string().nullable(),
      unit: z.object({ id: ZIdSchema, displayName: z.string() }).nullable(),
    })
    .nullable(),
  door: z.object({ id: ZIdSchema, name: z.string() }).nullable(),
  /** Room option within the unit; 'CHECKIN' is the unit check-in button. */
  room: z.string().nullable(),
  displayName: z.string().nullable(),
  isCheckIn: z.boolean(),
  isSilent: z.boolean(),
  /** False once unallocated. */
  isActive: z.boolean(),
});
export type TDeviceAllocationReply = z.infer<typeof ZDeviceAllocationReplySchema>;
export const ZListDeviceAllocationsReplySchema = z.array(ZDeviceAllocationReplySchema);

/** GET /devices/allocated: active allocations of the caller's facilities, filtered. */
export const ZListDeviceAllocationsQuerySchema = z.object({
  facilityRid: ZIdSchema.optional(),
  enterpriseRid: ZIdSchema.optional(),
  unitRid: ZIdSchema.optional(),
  doorRid: ZIdSchema.optional(),
  residentRid: ZIdSchema.optional(),
  type: ZDeviceTypeSchema.optional(),
  deviceHardwareId: zText({ min: 1, max: 200, multiline: false }).optional(),
  isCheckIn: ZQueryBooleanSchema.optional(),
  isSilent: ZQueryBooleanSchema.optional(),
});
export type TListDeviceAllocationsQuery = z.infer<typeof ZListDeviceAllocationsQuerySchema>;

export const ZDeviceAllocationParamsSchema = z.object({ id: ZIdSchema });

/**
 * PUT /devices/allocated/{id}: give the device to a resident (a pendant) or to a unit, optionally a room of
 * it ('CHECKIN' makes it the unit's check-in button), and/or rename it. A resident and a unit are exclusive:
 * an allocation links exactly one of resident, unit or door (docs/decisions/0070).
 */
export const ZUpdateDeviceAllocationRequestSchema = z
  .object({
    residentRid: ZIdSchema.optional(),
    unitRid: ZIdSchema.optional(),
    room: zText({ min: 1, max: 50, trim: true, multiline: false }).nullable().optional(),
    displayName: zText({ max: DEVICE_DISPLAY_NAME_MAX, trim: true, multiline: false }).nullable().optional(),
  })
  .strict();
export type TUpdateDeviceAllocationRequest = z.infer<typeof ZUpdateDeviceAllocationRequestSchema>;

/** POST /devices/activity/latest: the latest battery level and press of each device. */
export const ZLatestDeviceActivityRequestSchema = z.object({
  facilityRid: ZIdSchema,
  deviceRids: z.array(ZIdSchema).min(1).max(500),
});
export type TLatestDeviceActivityRequest = z.infer<typeof ZLatestDeviceActivityRequestSchema>;

export const ZLatestDeviceActivitySchema = z.object({
  deviceRid: ZIdSchema,
  /** -1 or null: unknown. */
  batteryLevel: z.number().int().nullable(),
  /** ms, null when never pressed. */
  lastPressTimestamp: z.number().int().nullable(),
});
export type TLatestDeviceActivity = z.infer<typeof ZLatestDeviceActivitySchema>;
export const ZLatestDeviceActivityReplySchema = z.array(ZLatestDeviceActivitySchema);

/** Texts of the pendants drawer and the device allocation page (docs/decisions/0071). */
export const DeviceAllocationMessages = {
  pendantsTitle: 'Pendants',
  noPendants: 'No pendants assigned',
  batteryLow: 'Battery low',
  batteryUnknown: 'Battery unknown',
  battery: (level: number): string => `Battery ${level}%`,
  lastPress: (since: string): string => `Last press ${since} ago`,
  neverPressed: 'Never pressed',
  pageTitle: 'Device Allocation',
  notAllowed: 'Only management can open a device allocation page.',
  notFound: 'This device allocation was not found.',
  unallocated: 'This device is not assigned.',
  assignToResident: 'Assign to resident',
  unassign: 'Unassign',
  unassignTitle: 'Unassign device?',
  unassignText: (device: string): string =>
    `${device} will no longer raise alerts for its resident or unit until it is assigned again.`,
  selectResidentTitle: 'Select Resident',
  searchResidents: 'Search residents',
  noButtons: 'No buttons',
  assigned: (hardwareId: string, resident: string): string => `Pendant ${hardwareId} assigned to ${resident}`,
  assignFailed: 'Error assigning device, please try again',
  unassigned: (hardwareId: string): string => `Device ${hardwareId} unassigned`,
  unassignFailed: 'Error unassigning device, please try again',
} as const;
