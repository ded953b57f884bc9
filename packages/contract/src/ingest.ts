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
const GATEWAY_ID_MAX = 200;
const GATEWAY_ID_PATTERN = /^[^\p{Cc}]+$/u;
const ZGatewayIdSchema = z
  .string()
  .min(1)
  .max(GATEWAY_ID_MAX)
  .regex(GATEWAY_ID_PATTERN, 'must not contain control characters');

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

const INGEST_EVENT_TYPES: ReadonlySet<unknown> = new Set(Object.values(IngestEventType));
/** The schema's own ISO 8601 pattern (z.iso.datetime({ offset: true })). */
const INGEST_TIMESTAMP_PATTERN: RegExp = (
  ZIngestEventRequestSchema.shape.timestamp._zod.def as unknown as { pattern: RegExp }
).pattern;
const isGatewayId = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length >= 1 &&
  value.length <= GATEWAY_ID_MAX &&
  GATEWAY_ID_PATTERN.test(value);

/**
 * ZIngestEventRequestSchema's parse for a valid body, without zod's machinery (the ingest's hot path, decision 0860):
 * the same output (the known fields, unknown ones dropped), or undefined for anything it does not accept, which the
 * caller then parses with the schema for its errors. It accepts nothing the schema refuses (schemas.test.ts).
 */
export function parseIngestEventFast(value: unknown): TIngestEventRequest | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { eventId, hardwareId, type, timestamp, batteryLevel } = value as Record<string, unknown>;
  if (!isGatewayId(eventId) || !isGatewayId(hardwareId) || !INGEST_EVENT_TYPES.has(type)) return undefined;
  if (typeof timestamp !== 'string' || !INGEST_TIMESTAMP_PATTERN.test(timestamp)) return undefined;
  // The pattern starts with the four digits of the year: strictly inside the range, no offset (under a day) can
  // take it out; at the range's ends the UTC year decides, as in the schema.
  const year = Number(timestamp.slice(0, 4));
  if ((year <= INGEST_TIMESTAMP_YEARS.min || year >= INGEST_TIMESTAMP_YEARS.max) && !inSaneYears(timestamp))
    return undefined;
  if (batteryLevel === undefined) return { eventId, hardwareId, type: type as IngestEventType, timestamp };
  if (
    typeof batteryLevel !== 'number' ||
    !Number.isInteger(batteryLevel) ||
    batteryLevel < -1 ||
    batteryLevel > 100
  )
    return undefined;
  return { eventId, hardwareId, type: type as IngestEventType, timestamp, batteryLevel };
}

/** The 202 reply. */
export const ZIngestEventReplySchema = z.object({ accepted: z.literal(true), eventId: z.string() });
export type TIngestEventReply = z.infer<typeof ZIngestEventReplySchema>;

/**
 * A gateway's batch of events (decision 0920): what it holds back that is not urgent (its devices' heartbeats),
 * posted together. One batch is at most one second of a gateway's budget (INGEST_RATE_LIMIT_PER_SECOND); its
 * events count one by one against a budget of the batch route's own, so held heartbeats never take the budget of
 * the alerts a gateway posts one by one.
 */
export const INGEST_EVENTS_BATCH_PATH = '/ingest/api/v1/events/batch';
export const INGEST_BATCH_MAX_EVENTS = INGEST_RATE_LIMIT_PER_SECOND;

/** Body `{ events: [event, …] }`: 1 to INGEST_BATCH_MAX_EVENTS events, each as the one-event route's body. */
export const ZIngestEventBatchRequestSchema = z.object({
  events: z.array(ZIngestEventRequestSchema).min(1).max(INGEST_BATCH_MAX_EVENTS),
});
export type TIngestEventBatchRequest = z.infer<typeof ZIngestEventBatchRequestSchema>;

/** ZIngestEventBatchRequestSchema's parse for a valid body, as parseIngestEventFast for one event. */
export function parseIngestEventBatchFast(value: unknown): TIngestEventBatchRequest | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { events } = value as Record<string, unknown>;
  if (!Array.isArray(events) || events.length < 1 || events.length > INGEST_BATCH_MAX_EVENTS)
    return undefined;
  const parsed: TIngestEventRequest[] = [];
  for (const event of events) {
    const one = parseIngestEventFast(event);
    if (!one) return undefined;
    parsed.push(one);
  }
  return { events: parsed };
}

/** The batch's 202: every event stored, their ids in the order sent. */
export const ZIngestEventBatchReplySchema = z.object({
  accepted: z.literal(true),
  eventIds: z.array(z.string()),
});
export type TIngestEventBatchReply = z.infer<typeof ZIngestEventBatchReplySchema>;
