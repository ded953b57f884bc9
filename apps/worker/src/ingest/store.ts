import { INGEST_FUTURE_TOLERANCE_MS, type TIngestEventRequest } from '@sage/contract';
import type pg from 'pg';
import { PROCESS_DEVICE_EVENT } from '../jobs/names';
import { hashGatewayKey } from './gateway-key';

export interface Gateway {
  id: string;
  facilityId: string;
}

export async function findGateway(pool: pg.Pool, key: string): Promise<Gateway | null> {
  const { rows } = await pool.query<Gateway>(
    'SELECT id, "facilityId" FROM "FacilityGateway" WHERE "keyHash" = $1',
    [hashGatewayKey(key)],
  );
  return rows[0] ?? null;
}

/**
 * Stores the event and queues its processing in ONE transaction, so an accepted event is never lost
 * and never processed twice: an eventId this gateway already sent inserts nothing and queues nothing
 * (event ids are unique per gateway, decision 0101). An event stamped too far in the future is stored with
 * its receipt time and the gateway's time kept aside (decision 0102).
 * Raw SQL: this is the hot path of every press.
 */
export async function acceptDeviceEvent(
  pool: pg.Pool,
  gateway: Gateway,
  event: TIngestEventRequest,
): Promise<{ duplicate: boolean; clamped: boolean }> {
  const { rows } = await pool.query<{ id: string; clamped: boolean }>(
    `WITH stored AS (
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
       FROM stored`,
    [
      event.eventId,
      gateway.facilityId,
      gateway.id,
      event.hardwareId,
      event.type,
      new Date(event.timestamp),
      event.batteryLevel ?? null,
      PROCESS_DEVICE_EVENT,
      INGEST_FUTURE_TOLERANCE_MS,
    ],
  );
  return { duplicate: rows.length === 0, clamped: rows[0]?.clamped ?? false };
}
