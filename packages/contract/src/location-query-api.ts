import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { ZIdSchema } from './common';
import { ZDeviceTypeSchema } from './devices';

/**
 * The location query service (sign-in doc section 7: GET /locationQuery/{taskRid} ?deviceRid): where an alert
 * came from, from the data we hold (docs/decisions/0272).
 */
export const LOCATION_QUERY_PATHS = {
  locationQuery: (taskRid: string): string => `/locationQuery/${encodeURIComponent(taskRid)}`,
} as const;

export const ZLocationQueryParamsSchema = z.object({ taskRid: ZIdSchema });
export const ZLocationQueryQuerySchema = z.object({ deviceRid: ZIdSchema.optional() }).strict();

/** Where the place came from: the device's allocation when the alert was raised, the task's own unit, or none. */
export const LocationSource = { ALLOCATION: 'ALLOCATION', TASK: 'TASK', NONE: 'NONE' } as const;
export const ZLocationSourceSchema = z.enum(LocationSource);
export type LocationSource = z.infer<typeof ZLocationSourceSchema>;

export const ZLocationQueryReplySchema = z.object({
  taskRid: ZIdSchema,
  deviceRid: z.string().nullable(),
  device: z
    .object({ deviceRid: ZIdSchema, deviceType: ZDeviceTypeSchema, hardwareId: z.string() })
    .nullable(),
  allocation: z
    .object({
      allocationRid: ZIdSchema,
      displayName: z.string().nullable(),
      room: z.string().nullable(),
      isCheckIn: z.boolean(),
    })
    .nullable(),
  /** Only for those who may see PHI. */
  resident: z.object({ residentRid: ZIdSchema, firstName: z.string(), lastName: z.string() }).nullable(),
  door: z.object({ doorRid: ZIdSchema, name: z.string() }).nullable(),
  unit: z
    .object({
      unitRid: ZIdSchema,
      displayName: z.string(),
      careType: ZCareTypeSchema,
      ward: z.string().nullable(),
      building: z.string().nullable(),
      wing: z.string().nullable(),
      floor: z.string().nullable(),
    })
    .nullable(),
  building: z.string().nullable(),
  wing: z.string().nullable(),
  floor: z.string().nullable(),
  /** The place in words: 'AL 101 · Bedroom · Building North · Wing East · Floor 1', or the door's name. */
  locationName: z.string().nullable(),
  source: ZLocationSourceSchema,
});
export type TLocationQueryReply = z.infer<typeof ZLocationQueryReplySchema>;
