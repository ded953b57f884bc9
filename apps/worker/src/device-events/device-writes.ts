import { DeviceTroubleCause } from '@sage/contract';
import { prepared, type Queryable, recordTaskChangePg, type TaskChangeInput } from '@sage/db';
import { checkInDayOfPress, type DoorScheduleCandidate } from '@sage/domain';
import { CLOSE_TROUBLE_SQL, TROUBLE_CLOSED_DESCRIPTIONS, troubleKey } from '../supervision/trouble-tasks';
import type { ApplyResult, DeviceContext, DeviceEventOutcome, StoredEvent } from './model';

/*
 * The pipeline's statements on devices and events: the events' device activity (which also marks them processed
 * and closes the troubles they end), an event with no effect on any device, a QA walk's test press, a check-in, and
 * the read of a door's schedules.
 */

/** An event's device activity, recorded with the batch's others in one statement (recordActivities). */
export interface Activity {
  event: StoredEvent;
  device: DeviceContext;
  result: ApplyResult;
  /** The event's battery reads charged: a low-battery trouble of the device ends. */
  batteryCharged: boolean;
}

/**
 * Device activity for many events in ONE statement: each device's last press, last heard and battery (the latest of
 * its events), the history rows, the events marked processed (with their outcome and task), and the device and
 * gateway troubles they end (silence always; a low battery when the battery reads charged): a plain press costs no
 * extra round trip for supervision (decision 0105). Returns the troubles closed.
 */
const ACTIVITY_SQL = `WITH ev AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::bool[], $4::timestamptz[], $5::bool[], $6::int[], $7::text[],
                            $8::text[], $9::text[], $10::text[], $11::timestamptz[])
         WITH ORDINALITY AS ev(id, "deviceId", "isPress", ts, "knownBattery", battery, "facilityId", type, "taskId",
                               outcome, "receivedAt", n)
     ), dev AS (
       SELECT "deviceId", max(ts) FILTER (WHERE "isPress") AS "lastPress", max(LEAST(ts, "receivedAt")) AS heard,
              bool_or("knownBattery") AS "knownBattery",
              (array_agg(battery ORDER BY n DESC) FILTER (WHERE "knownBattery"))[1] AS battery
         FROM ev GROUP BY "deviceId"
     ), device AS (
       UPDATE "Device" d
          SET "lastPressTimestamp" = CASE WHEN dev."lastPress" IS NOT NULL
                                          THEN GREATEST(COALESCE(d."lastPressTimestamp", dev."lastPress"), dev."lastPress")
                                          ELSE d."lastPressTimestamp" END,
              "lastHeardAt" = GREATEST(COALESCE(d."lastHeardAt", dev.heard), dev.heard),
              "batteryLevel" = CASE WHEN dev."knownBattery" THEN dev.battery ELSE d."batteryLevel" END,
              "updatedAt" = now()
         FROM dev WHERE d.id = dev."deviceId"
     ), activity AS (
       INSERT INTO "DeviceActivity" ("facilityId", "deviceId", type, "batteryLevel", timestamp, "deviceEventId", "taskId")
       SELECT "facilityId", "deviceId", type::"DeviceEventType", battery, ts, id, "taskId" FROM ev ORDER BY n
     ), processed AS (
       UPDATE "DeviceEvent" e SET "processedAt" = now(), "deviceId" = ev."deviceId", outcome = ev.outcome
         FROM ev WHERE e.id = ev.id
     ), closed AS (
       ${CLOSE_TROUBLE_SQL}
        WHERE "openTroubleKey" = ANY($12::text[])
       RETURNING id, "facilityId", severity, "troubleCause", "deviceId"
     ), closed_update AS (
       INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
       SELECT id, "facilityId", CASE WHEN "troubleCause" = 'GATEWAY_SILENT' THEN NULL ELSE "deviceId" END, 'CLOSED',
              CASE "troubleCause" WHEN 'LOW_BATTERY' THEN '${TROUBLE_CLOSED_DESCRIPTIONS.LOW_BATTERY}'
                                  WHEN 'GATEWAY_SILENT' THEN '${TROUBLE_CLOSED_DESCRIPTIONS.GATEWAY_SILENT}'
                                  ELSE '${TROUBLE_CLOSED_DESCRIPTIONS.DEVICE_SILENT}' END
         FROM closed
     )
     SELECT id AS "taskId", "facilityId", 'CLOSED_RESOLVED' AS status, severity::text AS severity FROM closed`;

/** Records the activities (ACTIVITY_SQL) and the task change of each trouble they closed. */
export async function recordActivities(client: Queryable, list: readonly Activity[]): Promise<void> {
  if (!list.length) return;
  // The troubles these events end, by key: a list of keys, not a subquery, so PostgreSQL probes the unique
  // index (almost every task has no trouble key) instead of reading every task (decision 0456).
  const troubleKeys = new Set<string>();
  for (const a of list) {
    troubleKeys.add(troubleKey(a.device.deviceId, DeviceTroubleCause.DEVICE_SILENT));
    if (a.batteryCharged) troubleKeys.add(troubleKey(a.device.deviceId, DeviceTroubleCause.LOW_BATTERY));
    troubleKeys.add(troubleKey(a.event.gatewayId, DeviceTroubleCause.GATEWAY_SILENT));
  }
  const { rows: closed } = await client.query<TaskChangeInput>(
    prepared(ACTIVITY_SQL, [
      list.map((a) => a.event.id),
      list.map((a) => a.device.deviceId),
      list.map((a) => a.event.type !== 'HEARTBEAT'),
      list.map((a) => a.event.eventTimestamp),
      list.map((a) => a.event.batteryLevel !== null && a.event.batteryLevel >= 0),
      list.map((a) => a.event.batteryLevel),
      list.map((a) => a.device.deviceFacilityId ?? a.event.facilityId),
      list.map((a) => a.event.type),
      list.map((a) => a.result.taskIds[0] ?? null),
      list.map((a) => a.result.outcome),
      list.map((a) => a.event.receivedAt),
      [...troubleKeys],
    ]),
  );
  for (const task of closed) await recordTaskChangePg(client, task);
}

/**
 * The event marked processed with an outcome and no effect on any device. The gateway was heard all the same:
 * its silence trouble closes, in the same statement (decision 0105).
 */
export async function markProcessed(
  client: Queryable,
  event: StoredEvent,
  outcome: DeviceEventOutcome,
  deviceId: string | null = null,
): Promise<ApplyResult> {
  const { rows: closed } = await client.query<TaskChangeInput>(
    prepared(
      `WITH processed AS (
       UPDATE "DeviceEvent" SET "processedAt" = now(), outcome = $2, "deviceId" = $3 WHERE id = $1
     ), closed AS (
       ${CLOSE_TROUBLE_SQL}
        WHERE "openTroubleKey" = $4 || ':${DeviceTroubleCause.GATEWAY_SILENT}'
       RETURNING id, "facilityId", severity
     ), closed_update AS (
       INSERT INTO "TaskUpdate" ("taskId", "facilityId", type, description)
       SELECT id, "facilityId", 'CLOSED', $5 FROM closed
     )
     SELECT id AS "taskId", "facilityId", 'CLOSED_RESOLVED' AS status, severity::text AS severity FROM closed`,
      [event.id, outcome, deviceId, event.gatewayId, TROUBLE_CLOSED_DESCRIPTIONS.GATEWAY_SILENT],
    ),
  );
  for (const task of closed) await recordTaskChangePg(client, task);
  return { outcome, taskIds: [] };
}

/**
 * Takes a device off test with its test press: true for the one press that does so. The conditional UPDATE is the
 * decision: two presses of the device read together (one ingest batch) both carry the test's id, and only the
 * first takes it; the second alerts (decision 0505).
 */
export async function takeQaTest(client: Queryable, testId: string, event: StoredEvent): Promise<boolean> {
  const { rowCount } = await client.query(
    prepared(
      `UPDATE "DeviceQaTest" SET "armedDeviceKey" = NULL, "testedAt" = $2, "testedEventId" = $3
        WHERE id = $1 AND "armedDeviceKey" IS NOT NULL`,
      [testId, event.receivedAt, event.id],
    ),
  );
  return rowCount === 1;
}

/**
 * A check-in button press completes the unit's daily check-in with reason BUTTON_PRESSED (creating the day's
 * check-in when missing). A check-in already complete keeps its first reason and time.
 */
export async function completeCheckIn(
  client: Queryable,
  event: StoredEvent,
  device: DeviceContext,
): Promise<void> {
  if (!device.unitId) return;
  await client.query(
    prepared(
      `INSERT INTO "CheckIn" ("facilityId", "enterpriseId", "unitId", date, status, "checkInReason", "checkInTimestamp")
     VALUES ($1, $2, $3, $4::date, 'COMPLETE', 'BUTTON_PRESSED', $5)
     ON CONFLICT ("facilityId", "unitId", date) DO UPDATE
        SET status = 'COMPLETE', "checkInReason" = 'BUTTON_PRESSED', "checkInTimestamp" = EXCLUDED."checkInTimestamp",
            "checkedInById" = NULL, "updatedAt" = now()
      WHERE "CheckIn".status <> 'COMPLETE'`,
      [
        event.facilityId,
        device.enterpriseId,
        device.unitId,
        checkInDayOfPress(event.eventTimestamp, device.timezone),
        event.eventTimestamp,
      ],
    ),
  );
}

/** A door alarm schedule of the facility as stored (its `dailySchedules` not yet read). */
export interface DoorScheduleRow extends DoorScheduleCandidate {
  alwaysAlert: boolean;
  neverAlert: boolean;
  dailySchedules: unknown;
}

/**
 * The schedules a door alarm's opening may be judged by, in the event's facility: the door's, the allocation's and
 * the facility's current default (packages/domain's doorScheduleInForce picks one).
 */
export async function doorSchedules(
  client: Queryable,
  event: StoredEvent,
  device: DeviceContext,
): Promise<DoorScheduleRow[]> {
  const { rows } = await client.query<DoorScheduleRow>(
    prepared(
      `SELECT id, "isFacilityDefault", COALESCE("defaultFacilityKey" = $1, false) AS "isCurrentDefault",
              "alwaysAlert", "neverAlert", "dailySchedules"
         FROM "DoorAlarmSchedule"
        WHERE "facilityId" = $1 AND (id = $2 OR id = $3 OR "defaultFacilityKey" = $1)`,
      [event.facilityId, device.doorScheduleId, device.allocationScheduleId],
    ),
  );
  return rows;
}
