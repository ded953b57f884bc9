import { JobName } from './jobs';

/**
 * How a device event enters the product, shared by the worker's ingest (a gateway's event) and the API's
 * simulated press (docs/decisions/0190): the event is stored and its processing job queued in ONE statement,
 * so an accepted event is never lost and never processed twice. An eventId the gateway already sent inserts
 * nothing and queues nothing (unique per gateway, decision 0101). An event stamped more than
 * `futureToleranceMs` ahead is stored with its receipt time, the gateway's time kept aside (decision 0102).
 * Raw SQL with positional parameters, so a `pg` pool and Prisma's `$queryRawUnsafe` both run it.
 */
export const ACCEPT_DEVICE_EVENT_SQL = `WITH stored AS (
       INSERT INTO "DeviceEvent" ("eventId", "facilityId", "gatewayId", "hardwareId", "type", "eventTimestamp",
                                  "batteryLevel", "reportedTimestamp")
       SELECT $1, $2, $3, $4, $5::"DeviceEventType", CASE WHEN ahead THEN now() ELSE $6 END, $7,
              CASE WHEN ahead THEN $6 END
         FROM (SELECT $6::timestamptz > now() + $9::int * interval '1 millisecond' AS ahead) clock
       ON CONFLICT ("gatewayId", "eventId") DO NOTHING
       RETURNING id, "reportedTimestamp" IS NOT NULL AS clamped
     )
     SELECT stored.id, stored.clamped,
            graphile_worker.add_job($8, json_build_object('deviceEventId', stored.id), job_key := 'device-event:' || stored.id) AS job
       FROM stored`;

export interface AcceptDeviceEventInput {
  eventId: string;
  facilityId: string;
  gatewayId: string;
  hardwareId: string;
  type: string;
  timestamp: Date;
  batteryLevel: number | null;
  futureToleranceMs: number;
}

/** The parameters of ACCEPT_DEVICE_EVENT_SQL, in order. */
export const acceptDeviceEventParams = (input: AcceptDeviceEventInput): unknown[] => [
  input.eventId,
  input.facilityId,
  input.gatewayId,
  input.hardwareId,
  input.type,
  input.timestamp,
  input.batteryLevel,
  JobName.processDeviceEvent,
  input.futureToleranceMs,
];

/** A row of ACCEPT_DEVICE_EVENT_SQL: none when the event was a duplicate. */
export interface AcceptedDeviceEventRow {
  id: string;
  clamped: boolean;
}
