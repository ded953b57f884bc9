import { z } from 'zod';
import { zDateTime, zText } from './common';
import { ZBatteryLevelSchema } from './devices';

/** Device ingest (worker): ARCHITECTURE.md "Device ingest contract". */
export const INGEST_EVENTS_PATH = '/ingest/api/v1/events';
export const GATEWAY_KEY_HEADER = 'x-gateway-key';
/** The worker's default port. */
export const WORKER_DEFAULT_PORT = 3001;

export const IngestEventType = {
  BUTTON_PRESS: 'BUTTON_PRESS',
  DOOR_OPEN: 'DOOR_OPEN',
  DOOR_CLOSED: 'DOOR_CLOSED',
  FALL_DETECTED: 'FALL_DETECTED',
  M3_BATH_TRIGGERED: 'M3_BATH_TRIGGERED',
  M3_BATH_CANCELED: 'M3_BATH_CANCELED',
  M3_ALERT_TRIGGERED: 'M3_ALERT_TRIGGERED',
  M3_ALERT_CANCELED: 'M3_ALERT_CANCELED',
  HEARTBEAT: 'HEARTBEAT',
} as const;
export const ZIngestEventTypeSchema = z.enum(IngestEventType);
export type IngestEventType = z.infer<typeof ZIngestEventTypeSchema>;

/**
 * Body `{ eventId, hardwareId, type, timestamp, batteryLevel? }`.
 * timestamp: ISO 8601 date-time with offset (e.g. '2025-01-01T10:00:00Z'), our choice; batteryLevel 0..100,
 * or -1 for unknown.
 */
export const ZIngestEventRequestSchema = z.object({
  eventId: zText({ min: 1, max: 200, multiline: false }),
  hardwareId: zText({ min: 1, max: 200, multiline: false }),
  type: ZIngestEventTypeSchema,
  timestamp: zDateTime(),
  batteryLevel: ZBatteryLevelSchema.optional(),
});
export type TIngestEventRequest = z.infer<typeof ZIngestEventRequestSchema>;

/** The 202 reply. */
export const ZIngestEventReplySchema = z.object({ accepted: z.literal(true), eventId: z.string() });
export type TIngestEventReply = z.infer<typeof ZIngestEventReplySchema>;
