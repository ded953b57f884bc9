import type { TIngestEventRequest } from '@sage/contract';
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
 * and never processed twice: a repeated eventId inserts nothing and queues nothing.
 * Raw SQL: this is the hot path of every press.
 */
export async function acceptDeviceEvent(
  pool: pg.Pool,
  gateway: Gateway,
  event: TIngestEventRequest,
): Promise<{ duplicate: boolean }> {
  const { rows } = await pool.query<{ id: string }>(
    `WITH stored AS (
       INSERT INTO "DeviceEvent" ("eventId", "facilityId", "gatewayId", "hardwareId", "type", "eventTimestamp", "batteryLevel")
       VALUES ($1, $2, $3, $4, $5::"DeviceEventType", $6, $7)
       ON CONFLICT ("eventId") DO NOTHING
       RETURNING id
     )
     SELECT stored.id, graphile_worker.add_job($8, json_build_object('deviceEventId', stored.id), job_key := 'device-event:' || stored.id) AS job
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
    ],
  );
  return { duplicate: rows.length === 0 };
}
