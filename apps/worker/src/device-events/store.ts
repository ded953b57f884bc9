import { INGEST_FUTURE_TOLERANCE_MS } from '@sage/contract';
import {
  type DeviceEventInput,
  prepared,
  type Queryable,
  STORE_DEVICE_EVENTS_SQL,
  type StoredDeviceEventRow,
  storeDeviceEventsParams,
} from '@sage/db';
import type { LoadedEvent } from './model';

/*
 * The statements that open a batch, in their order: the devices' locks, the events stored (the ingest's), and the
 * batch's read of its devices' pending events.
 */

/** A device, as its lock is keyed: events of one device apply one at a time, in order (decision 0032). */
export interface DeviceKey {
  facilityId: string;
  hardwareId: string;
}

/**
 * The devices' transaction-scoped locks (the only key a device's lock has: facility and hardware id, known before
 * the event is stored), taken in one statement and in key order, so two batches (of this process or another, the
 * ingest's or a job's) sharing devices queue instead of deadlocking.
 */
const LOCK_DEVICES_SQL = `SELECT pg_advisory_xact_lock(k)::text AS locked
  FROM (SELECT DISTINCT hashtextextended('device:' || f || ':' || h, 0) AS k
          FROM unnest($1::text[], $2::text[]) AS d(f, h) ORDER BY 1) keys`;

export async function lockDevices(client: Queryable, devices: readonly DeviceKey[]): Promise<void> {
  await client.query(
    prepared(LOCK_DEVICES_SQL, [devices.map((d) => d.facilityId), devices.map((d) => d.hardwareId)]),
  );
}

/** The devices of stored events (a job's event: its device is locked before anything of it is read). */
const DEVICES_OF_EVENTS_SQL = `SELECT DISTINCT "facilityId", "hardwareId" FROM "DeviceEvent" WHERE id = ANY($1::text[])`;

export async function devicesOfEvents(client: Queryable, ids: readonly string[]): Promise<DeviceKey[]> {
  return (await client.query<DeviceKey>(prepared(DEVICES_OF_EVENTS_SQL, [ids]))).rows;
}

/**
 * Stores the events (STORE_DEVICE_EVENTS_SQL, in the order given): in the caller's transaction to be applied there
 * (`queueJobs` false, the group commit), or each with its job (the job path's way in).
 */
export async function storeEvents(
  client: Queryable,
  events: readonly DeviceEventInput[],
  queueJobs: boolean,
): Promise<StoredDeviceEventRow[]> {
  const { rows } = await client.query<StoredDeviceEventRow>(
    prepared(
      STORE_DEVICE_EVENTS_SQL,
      storeDeviceEventsParams(events, { futureToleranceMs: INGEST_FUTURE_TOLERANCE_MS, queueJobs }),
    ),
  );
  return rows;
}

/**
 * The given events still pending (unprocessed) and, before them, their devices' earlier events still pending (stored
 * by the job path, their jobs not run yet; a later one is left to its own job), oldest first, locked, each with its
 * device, allocation, subject, open task and armed QA test, and whether its facility has a task confirming care:
 * the batch's list and its reads in one round trip (decision 0456).
 */
const PENDING_EVENTS_SQL = `SELECT e.id, e."facilityId", e."gatewayId", e."hardwareId", e.type::text AS type,
            e."eventTimestamp", e."batteryLevel", e."receivedAt", e."processedAt",
            d.id AS "deviceId", d.type::text AS "deviceType", d."facilityId" AS "deviceFacilityId",
            COALESCE(d."facilityId" = e."facilityId"
                     OR (d."facilityId" IS NULL AND d."enterpriseId" = f."enterpriseId"), false) AS "isOwnDevice",
            f."enterpriseId", f.timezone,
            a.id AS "allocationId", a."residentId", COALESCE(a."unitId", r."unitId") AS "unitId", a."doorId",
            a.room, a."isCheckIn", a."doorAlarmScheduleId" AS "allocationScheduleId",
            door."doorAlarmScheduleId" AS "doorScheduleId",
            r."firstName", r."lastName", u."displayName" AS "unitName", door.name AS "doorName",
            (SELECT ot.id FROM "Task" ot WHERE ot."openDeviceKey" = d.id) AS "openTaskId",
            confirming.found IS NOT NULL AS "facilityConfirming",
            -- The device's test of the facility's QA walk, armed and not yet pressed (decision 0505): one probe
            -- of the unique armedDeviceKey index, empty for every device not on test.
            (SELECT t.id FROM "DeviceQaTest" t
               JOIN "DeviceQaSession" q ON q.id = t."deviceQaSessionId"
              WHERE t."armedDeviceKey" = d.id AND t."facilityId" = e."facilityId"
                AND t."armedAt" <= e."receivedAt" AND t."armedUntil" > e."receivedAt"
                AND q."activeFacilityKey" = e."facilityId" AND q."expiresAt" > e."receivedAt") AS "qaTestId"
       FROM "DeviceEvent" e
       JOIN "Facility" f ON f.id = e."facilityId"
       LEFT JOIN "Device" d ON d."hardwareId" = e."hardwareId"
       LEFT JOIN "DeviceAllocation" a
              ON a."activeDeviceKey" = d.id AND a."isActive" AND a."facilityId" = e."facilityId"
       LEFT JOIN "Resident" r ON r.id = a."residentId"
       LEFT JOIN "Unit" u ON u.id = COALESCE(a."unitId", r."unitId")
       LEFT JOIN "Door" door ON door.id = a."doorId"
       -- A probe of the (facilityId, status, severityRank, creationTimestamp) index per event (decision 0474).
       -- As an EXISTS, PostgreSQL could turn it into one hashed read of every task OPEN_CONFIRMING: a scan of a
       -- whole Task index per batch. The ORDER BY is that index's order, so no other index that holds both
       -- columns (where status is not second: a read of every task of the facility) ties with it on cost.
       LEFT JOIN LATERAL (SELECT true AS found FROM "Task" c
                           WHERE c."facilityId" = e."facilityId" AND c.status = 'OPEN_CONFIRMING'
                           ORDER BY c."severityRank", c."creationTimestamp" LIMIT 1) confirming
              ON true
      WHERE e.id = ANY (ARRAY(
        SELECT pending.id
          FROM (SELECT DISTINCT ON ("facilityId", "hardwareId") "facilityId", "hardwareId", "eventTimestamp",
                       "receivedAt", id
                  FROM "DeviceEvent" WHERE id = ANY($1::text[]) AND "processedAt" IS NULL
                 ORDER BY "facilityId", "hardwareId", "eventTimestamp" DESC, "receivedAt" DESC, id DESC) latest
          JOIN "DeviceEvent" pending
            ON pending."facilityId" = latest."facilityId" AND pending."hardwareId" = latest."hardwareId"
           AND pending."processedAt" IS NULL
           AND (pending."eventTimestamp", pending."receivedAt", pending.id)
               <= (latest."eventTimestamp", latest."receivedAt", latest.id)))
      ORDER BY e."eventTimestamp", e."receivedAt", e.id
      FOR UPDATE OF e`;

export async function readPendingEvents(client: Queryable, ids: readonly string[]): Promise<LoadedEvent[]> {
  return (await client.query<LoadedEvent>(prepared(PENDING_EVENTS_SQL, [ids]))).rows;
}
