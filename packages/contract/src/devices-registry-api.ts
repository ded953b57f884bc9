import { z } from 'zod';
import { ZIdSchema, ZQueryBooleanSchema, zEpochMs } from './common';
import { ZDeviceTypeSchema } from './devices';
import { DEVICE_DISPLAY_NAME_MAX, ZDeviceAllocationReplySchema } from './devices-api';
import { ZIngestEventTypeSchema } from './ingest';

/**
 * The device registry, allocation create/delete/bulk, device activity and simulated presses of the admin API
 * (sign-in doc section 7 'Devices'); docs/decisions/0190. Every change is management only.
 */
export const DEVICES_REGISTRY_PATHS = {
  devices: '/devices',
  device: (id: string): string => `/devices/${encodeURIComponent(id)}`,
  simulate: (deviceType: string): string => `/devices/${encodeURIComponent(deviceType)}/simulate`,
  allocatedBulk: '/devices/allocated/bulk',
  activity: '/devices/activity',
  activityAllocatedLatest: '/devices/activity/allocated/latest',
} as const;

/** Hardware ids: printable, at most 200 characters (as the ingest, decision 0102). */
export const ZHardwareIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}]+$/u, 'A hardware id has no control characters');

/** A registered device (the registry's view: with its facility and allocation state). */
export const ZRegisteredDeviceReplySchema = z.object({
  id: ZIdSchema,
  type: ZDeviceTypeSchema,
  hardwareId: z.string(),
  facilityId: z.string().nullable(),
  /** -1 or null: unknown. */
  batteryLevel: z.number().int().nullable(),
  /** ms, null when never pressed. */
  lastPressTimestamp: z.number().int().nullable(),
  /** ms, null when never heard. */
  lastHeardAt: z.number().int().nullable(),
  /** The active allocation's id, null while unallocated. */
  allocationId: z.string().nullable(),
  isAllocated: z.boolean(),
  createdAt: z.number().int(),
});
export type TRegisteredDeviceReply = z.infer<typeof ZRegisteredDeviceReplySchema>;

/** A time in a query: ms since the epoch or an ISO 8601 date-time. */
const ZQueryTimeSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z.coerce.date(),
);

/** GET /devices ?createdBefore, createdAfter (ms or ISO), type, hardwareId, isAllocated; paged. */
export const ZListDevicesQuerySchema = z.object({
  facilityRid: ZIdSchema.optional(),
  createdBefore: ZQueryTimeSchema.optional(),
  createdAfter: ZQueryTimeSchema.optional(),
  type: ZDeviceTypeSchema.optional(),
  hardwareId: z.string().min(1).max(200).optional(),
  isAllocated: ZQueryBooleanSchema.optional(),
  pageNumber: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type TListDevicesQuery = z.infer<typeof ZListDevicesQuerySchema>;

export const ZDevicePageReplySchema = z.object({
  devices: z.array(ZRegisteredDeviceReplySchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type TDevicePageReply = z.infer<typeof ZDevicePageReplySchema>;

/** POST /devices: registers a device to a facility. A hardware id already registered is 409. */
export const ZCreateDeviceRequestSchema = z
  .object({ facilityRid: ZIdSchema, type: ZDeviceTypeSchema, hardwareId: ZHardwareIdSchema })
  .strict();
export type TCreateDeviceRequest = z.infer<typeof ZCreateDeviceRequestSchema>;

export const ZDeviceParamsSchema = z.object({ id: ZIdSchema });

/**
 * POST /devices/allocated: allocates a registered device of the facility to exactly one of a resident (a
 * pendant), a unit (optionally a room of it, 'CHECKIN' for the check-in button) or a door.
 */
export const ZCreateDeviceAllocationRequestSchema = z
  .object({
    facilityRid: ZIdSchema,
    deviceRid: ZIdSchema,
    residentRid: ZIdSchema.optional(),
    unitRid: ZIdSchema.optional(),
    doorRid: ZIdSchema.optional(),
    room: z.string().trim().min(1).max(50).optional(),
    displayName: z.string().trim().max(DEVICE_DISPLAY_NAME_MAX).optional(),
    isSilent: z.boolean().optional(),
    doorAlarmScheduleRid: ZIdSchema.optional(),
  })
  .strict();
export type TCreateDeviceAllocationRequest = z.infer<typeof ZCreateDeviceAllocationRequestSchema>;

/**
 * The reply of a new allocation: when the resident already had a pendant, `residentOtherPendantIds` lists
 * the other active pendant allocations, so the client warns 'Pendant already assigned' (allowed: decision 0070).
 */
export const ZCreatedDeviceAllocationReplySchema = ZDeviceAllocationReplySchema.extend({
  residentOtherPendantIds: z.array(ZIdSchema),
});
export type TCreatedDeviceAllocationReply = z.infer<typeof ZCreatedDeviceAllocationReplySchema>;

/** POST /devices/allocated/bulk: all or nothing, in one transaction. */
export const DEVICE_ALLOCATION_BULK_MAX = 200;
export const ZBulkCreateDeviceAllocationsRequestSchema = z
  .array(ZCreateDeviceAllocationRequestSchema)
  .min(1)
  .max(DEVICE_ALLOCATION_BULK_MAX);
export const ZBulkCreateDeviceAllocationsReplySchema = z.array(ZCreatedDeviceAllocationReplySchema);

/** POST /devices/activity: the activity history of a facility's devices, newest first, paged. */
export const ZDeviceActivitySearchRequestSchema = z
  .object({
    facilityRid: ZIdSchema,
    deviceRids: z.array(ZIdSchema).min(1).max(500).optional(),
    types: z.array(ZIngestEventTypeSchema).min(1).optional(),
    /** ms (in the years 1900-2200: a time beyond a Date's range was a 500) */
    after: zEpochMs().optional(),
    /** ms */
    before: zEpochMs().optional(),
    pageNumber: z.number().int().min(0).default(0),
    pageSize: z.number().int().min(1).max(500).default(100),
  })
  .strict();
export type TDeviceActivitySearchRequest = z.infer<typeof ZDeviceActivitySearchRequestSchema>;

export const ZDeviceActivityReplySchema = z.object({
  id: ZIdSchema,
  deviceRid: ZIdSchema,
  type: ZIngestEventTypeSchema,
  batteryLevel: z.number().int().nullable(),
  /** ms */
  timestamp: z.number().int(),
  taskId: z.string().nullable(),
});
export type TDeviceActivityReply = z.infer<typeof ZDeviceActivityReplySchema>;
export const ZDeviceActivityPageReplySchema = z.object({
  activities: z.array(ZDeviceActivityReplySchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});

/** POST /devices/activity/allocated/latest: the latest activity of each allocated device of a facility. */
export const ZLatestAllocatedActivityRequestSchema = z
  .object({ facilityRid: ZIdSchema, type: ZDeviceTypeSchema.optional() })
  .strict();
export type TLatestAllocatedActivityRequest = z.infer<typeof ZLatestAllocatedActivityRequestSchema>;

export const ZLatestAllocatedActivitySchema = z.object({
  allocationId: ZIdSchema,
  deviceRid: ZIdSchema,
  type: ZDeviceTypeSchema,
  hardwareId: z.string(),
  displayName: z.string().nullable(),
  /** -1 or null: unknown. */
  batteryLevel: z.number().int().nullable(),
  /** ms */
  lastPressTimestamp: z.number().int().nullable(),
  /** ms */
  lastHeardAt: z.number().int().nullable(),
  latestActivity: z
    .object({
      type: ZIngestEventTypeSchema,
      timestamp: z.number().int(),
      batteryLevel: z.number().int().nullable(),
    })
    .nullable(),
});
export type TLatestAllocatedActivity = z.infer<typeof ZLatestAllocatedActivitySchema>;
export const ZLatestAllocatedActivityReplySchema = z.array(ZLatestAllocatedActivitySchema);

/**
 * POST /devices/{deviceType}/simulate: a simulated event of a device of that type, stored and processed as a
 * gateway's (docs/decisions/0190). The event type defaults to the device type's press.
 */
export const ZSimulateDeviceParamsSchema = z.object({ deviceType: ZDeviceTypeSchema });
export const ZSimulateDeviceRequestSchema = z
  .object({
    facilityRid: ZIdSchema,
    hardwareId: ZHardwareIdSchema,
    eventType: ZIngestEventTypeSchema.optional(),
    batteryLevel: z.number().int().min(-1).max(100).optional(),
  })
  .strict();
export type TSimulateDeviceRequest = z.infer<typeof ZSimulateDeviceRequestSchema>;
export const ZSimulateDeviceReplySchema = z.object({
  deviceEventId: ZIdSchema,
  eventId: z.string(),
  eventType: ZIngestEventTypeSchema,
});
export type TSimulateDeviceReply = z.infer<typeof ZSimulateDeviceReplySchema>;

/** The press of each device type, the default event of a simulation. */
export const SIMULATED_PRESS_EVENT = {
  SAGE_BUTTON: 'BUTTON_PRESS',
  DOOR_ALARM: 'DOOR_OPEN',
  FALL_DETECTION_DEVICE: 'FALL_DETECTED',
  MELTEN_M3_DEVICE: 'M3_ALERT_TRIGGERED',
} as const satisfies Record<z.infer<typeof ZDeviceTypeSchema>, z.infer<typeof ZIngestEventTypeSchema>>;

/** Gateway id of simulated events: no real gateway, so no gateway's supervision is touched. */
export const SIMULATOR_GATEWAY_PREFIX = 'simulator:';
