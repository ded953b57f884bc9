import { z } from 'zod';
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

/** Event timestamps outside these years (UTC) are refused: a gateway's clock, not an event (decision 0102). */
export const INGEST_TIMESTAMP_YEARS = { min: 2000, max: 2099 } as const;
/**
 * An event stamped further ahead of the server's clock than this is accepted with its receipt time as its
 * time (the gateway's own kept aside): a wrong clock must never lose a press (decision 0102).
 */
export const INGEST_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
/**
 * An event older than this when received is stored as suspect (outcome STALE_EVENT): no alert, no change
 * to the device. Younger ones (a gateway's buffer after an outage) apply normally (decision 0102).
 */
export const INGEST_STALE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Events per second one gateway key may post (decision 0103). */
export const INGEST_RATE_LIMIT_PER_SECOND = 100;

/** Ids from gateways: printable text, no control characters (a NUL cannot even be stored). */
const ZGatewayIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');

const inSaneYears = (value: string): boolean => {
  const year = new Date(value).getUTCFullYear();
  return year >= INGEST_TIMESTAMP_YEARS.min && year <= INGEST_TIMESTAMP_YEARS.max;
};

/**
 * Body `{ eventId, hardwareId, type, timestamp, batteryLevel? }`.
 * timestamp: ISO 8601 date-time with offset (e.g. '2025-01-01T10:00:00Z'), our choice, in the years
 * INGEST_TIMESTAMP_YEARS; batteryLevel 0..100, or -1 for unknown. eventId is unique per gateway.
 */
export const ZIngestEventRequestSchema = z.object({
  eventId: ZGatewayIdSchema,
  hardwareId: ZGatewayIdSchema,
  type: ZIngestEventTypeSchema,
  timestamp: z.iso.datetime({ offset: true }).refine(inSaneYears, {
    message: `must be in the years ${INGEST_TIMESTAMP_YEARS.min} to ${INGEST_TIMESTAMP_YEARS.max}`,
  }),
  batteryLevel: ZBatteryLevelSchema.optional(),
});
export type TIngestEventRequest = z.infer<typeof ZIngestEventRequestSchema>;

/** The 202 reply. */
export const ZIngestEventReplySchema = z.object({ accepted: z.literal(true), eventId: z.string() });
export type TIngestEventReply = z.infer<typeof ZIngestEventReplySchema>;
