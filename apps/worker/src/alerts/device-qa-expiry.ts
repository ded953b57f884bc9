import type { DeviceQaExpiredPayload } from '@sage/db';
import { DEVICE_QA_CHANNEL } from '@sage/live-bus';
import type pg from 'pg';

/**
 * A device QA walk's end time (docs/decisions/0505): the walk, still in progress, is marked EXPIRED, its device on
 * test taken off, and every screen of the facility told (the caregivers' banner goes away), in one statement. The
 * ingest already stopped honouring the walk at that time; a walk ended before then is left as it is.
 */
export async function expireDeviceQaWalk(pool: pg.Pool, payload: DeviceQaExpiredPayload): Promise<boolean> {
  const { rowCount } = await pool.query(
    `WITH expired AS (
       UPDATE "DeviceQaSession"
          SET status = 'EXPIRED', "activeFacilityKey" = NULL, "endedAt" = "expiresAt", "updatedAt" = now()
        WHERE id = $1 AND "activeFacilityKey" IS NOT NULL AND "expiresAt" <= now()
       RETURNING id, "facilityId"
     ), disarmed AS (
       UPDATE "DeviceQaTest" t SET "armedDeviceKey" = NULL
         FROM expired WHERE t."deviceQaSessionId" = expired.id AND t."armedDeviceKey" IS NOT NULL
     )
     SELECT pg_notify($2, json_build_object('facilityRid', "facilityId")::text) FROM expired`,
    [payload.deviceQaSessionId, DEVICE_QA_CHANNEL],
  );
  return rowCount === 1;
}
