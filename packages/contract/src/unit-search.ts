import { z } from 'zod';
import { ZCareTypeSchema } from './care-types';
import { ZIdSchema } from './common';
import { UNIT_SEARCH_PAGE_SIZE } from './constants';
import { ZDeviceTypeSchema } from './devices';
import { ZUnitSchema } from './units';

/**
 * Unit search and unit detail (alerts doc section 7 'Units': "POST /units/search (request facilityIds,
 * careZoneIds, pageSize 1000; response units with currentOccupants)"; GET /units/{unitId}). Paths below the
 * admin base /admin/api/v1. Decision: docs/decisions/0075.
 */
export const UNIT_PATHS = {
  search: '/units/search',
  unit: (unitId: string) => `/units/${encodeURIComponent(unitId)}`,
} as const;

/** A resident living in a unit (not archived): enough to name them and open their details. */
export const ZUnitOccupantSchema = z.object({
  id: ZIdSchema,
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  isOnHold: z.boolean(),
});
export type TUnitOccupant = z.infer<typeof ZUnitOccupantSchema>;

export const ZUnitWithOccupantsSchema = ZUnitSchema.extend({
  currentOccupants: z.array(ZUnitOccupantSchema),
});
export type TUnitWithOccupants = z.infer<typeof ZUnitWithOccupantsSchema>;

/** Body of POST /units/search. Without facilityIds: every facility of the caller. careTypes is our addition. */
export const ZSearchUnitsRequestSchema = z.object({
  facilityIds: z.array(ZIdSchema).max(100).optional(),
  careZoneIds: z.array(ZIdSchema).max(100).optional(),
  careTypes: z.array(ZCareTypeSchema).max(10).optional(),
  pageSize: z.number().int().min(1).max(UNIT_SEARCH_PAGE_SIZE).default(UNIT_SEARCH_PAGE_SIZE),
});
export type TSearchUnitsRequest = z.infer<typeof ZSearchUnitsRequestSchema>;
export type TSearchUnitsRequestInput = z.input<typeof ZSearchUnitsRequestSchema>;

export const ZSearchUnitsReplySchema = z.object({ units: z.array(ZUnitWithOccupantsSchema) });
export type TSearchUnitsReply = z.infer<typeof ZSearchUnitsReplySchema>;

/** A device allocated to the unit (wall button, check-in button, sensor) or to one of its occupants (pendant). */
export const ZUnitDeviceSchema = z.object({
  allocationId: ZIdSchema,
  deviceId: ZIdSchema,
  type: ZDeviceTypeSchema,
  hardwareId: z.string(),
  displayName: z.string().nullable(),
  room: z.string().nullable(),
  isCheckIn: z.boolean(),
  /** Set for a pendant: whose it is. */
  residentId: ZIdSchema.nullable(),
  /** -1 or null: unknown. */
  batteryLevel: z.number().int().nullable(),
  /** Milliseconds since the epoch. */
  lastPressTimestamp: z.number().int().nullable(),
});
export type TUnitDevice = z.infer<typeof ZUnitDeviceSchema>;

/** GET /units/{unitId} */
export const ZUnitParamsSchema = z.object({ unitId: ZIdSchema });
export const ZUnitDetailReplySchema = ZUnitWithOccupantsSchema.extend({
  devices: z.array(ZUnitDeviceSchema),
});
export type TUnitDetailReply = z.infer<typeof ZUnitDetailReplySchema>;
