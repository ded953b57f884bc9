import { JobName } from './jobs';

/**
 * How device events enter the product, the one statement for every way in: the ingest's group commit (a batch of
 * a gateway's events, applied in the same transaction), an event the ingest takes the job path's way (its batch
 * failed), and the API's simulated press (docs/decisions/0190). The events are stored in one statement, in the
 * order given; with `queueJobs`, each stored event's `process-device-event` job is queued in the same statement,
 * so an accepted event is never lost and never processed twice. An eventId the gateway already sent stores
 * nothing and queues nothing, even when sent twice in one call (unique per gateway, decision 0101). An event
 * stamped more than `futureToleranceMs` ahead is stored with its receipt time, the gateway's kept aside (decision
 * 0102). Raw SQL with positional parameters, run on a `pg` client or through queryPrepared.
 */
export const STORE_DEVICE_EVENTS_SQL = `WITH stored AS (
    INSERT INTO "DeviceEvent" ("eventId", "facilityId", "gatewayId", "hardwareId", "type",
                               "eventTimestamp", "batteryLevel", "reportedTimestamp")
    SELECT e."eventId", e."facilityId", e."gatewayId", e."hardwareId", e.type::"DeviceEventType",
           CASE WHEN e.ahead THEN now() ELSE e.ts END, e.battery, CASE WHEN e.ahead THEN e.ts END
      FROM (SELECT u.*, u.ts > now() + $8::int * interval '1 millisecond' AS ahead
              FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::int[])
                   WITH ORDINALITY AS u("eventId", "facilityId", "gatewayId", "hardwareId", type, ts, battery, n)) e
     ORDER BY e.n
    ON CONFLICT ("gatewayId", "eventId") DO NOTHING
    RETURNING id, "gatewayId", "eventId", "reportedTimestamp" IS NOT NULL AS clamped
  )
  SELECT id, "gatewayId", "eventId", clamped,
         CASE WHEN $9::text IS NOT NULL
              THEN (graphile_worker.add_job($9::text, json_build_object('deviceEventId', id),
                                            job_key := 'device-event:' || id)).id::text END AS job
    FROM stored`;

/** An event as a gateway (or the simulated press) sent it, with the gateway that did. */
export interface DeviceEventInput {
  eventId: string;
  facilityId: string;
  gatewayId: string;
  hardwareId: string;
  type: string;
  timestamp: Date;
  batteryLevel: number | null;
}

/** The parameters of STORE_DEVICE_EVENTS_SQL, in order. */
export const storeDeviceEventsParams = (
  events: readonly DeviceEventInput[],
  options: { futureToleranceMs: number; queueJobs: boolean },
): unknown[] => [
  events.map((e) => e.eventId),
  events.map((e) => e.facilityId),
  events.map((e) => e.gatewayId),
  events.map((e) => e.hardwareId),
  events.map((e) => e.type),
  events.map((e) => e.timestamp),
  events.map((e) => e.batteryLevel),
  options.futureToleranceMs,
  options.queueJobs ? JobName.processDeviceEvent : null,
];

/** A row of STORE_DEVICE_EVENTS_SQL: one per event stored (none for a duplicate). */
export interface StoredDeviceEventRow {
  id: string;
  gatewayId: string;
  eventId: string;
  /** Stored with its receipt time: the gateway's was too far ahead. */
  clamped: boolean;
  /** The event's job (with `queueJobs`), else null. */
  job: string | null;
}
