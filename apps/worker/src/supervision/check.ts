import {
  DEVICE_SUPERVISION_INTERVAL_MIN,
  DeviceTroubleCause,
  GATEWAY_SUPERVISION_INTERVAL_MIN,
} from '@sage/contract';
import { inTransaction, recordTaskChangePg, type TaskChangeInput } from '@sage/db';
import { type AllocatedDevice, deviceSubjectOf, gatewayTroubleTitle, troubleTitle } from '@sage/domain';
import type pg from 'pg';
import {
  CLOSE_TROUBLE_SQL,
  raiseTroubles,
  TROUBLE_CLOSED_DESCRIPTIONS,
  TROUBLE_CLOSED_UNALLOCATED,
  type TroubleInput,
} from './trouble-tasks';

/*
 * The periodic supervision check (docs/decisions/0105), set-based over all facilities: a device not heard from
 * within its interval, or a gateway that posted nothing within its interval, raises its trouble task; trouble
 * that has ended closes (a device heard again, a gateway heard again, a device no longer allocated). The apply
 * of each event closes a device's trouble at once; this check is the backstop for the rest.
 */

/** A device's interval in minutes: its facility's own, else its type's default (passed as JSON by type). */
const INTERVAL_SQL = `make_interval(mins => COALESCE(f."deviceSupervisionIntervalMin", ($2::jsonb ->> d.type::text)::int))`;
/**
 * When a gateway was last heard: its newest event (index on gatewayId, receivedAt) or the last heartbeat the ingest's
 * heartbeat path took from it (no event stored, decision 0660), else its creation.
 */
const GATEWAY_LAST_SEEN_SQL = `GREATEST(g."createdAt", g."lastHeardAt", (SELECT max(e."receivedAt") FROM "DeviceEvent" e WHERE e."gatewayId" = g.id))`;

const CLOSE_ENDED_SQL = `
WITH ending AS (
  SELECT t.id, t."deviceId",
         CASE WHEN a.id IS NULL THEN $4::text ELSE $5::text END AS description
    FROM "Task" t
    JOIN "Device" d ON d.id = t."deviceId"
    JOIN "Facility" f ON f.id = t."facilityId"
    LEFT JOIN "DeviceAllocation" a
           ON a."activeDeviceKey" = d.id AND a."isActive" AND a."facilityId" = t."facilityId"
   WHERE t."openTroubleKey" IS NOT NULL AND t."troubleCause" IN ('DEVICE_SILENT', 'LOW_BATTERY')
     AND (a.id IS NULL
          OR (t."troubleCause" = 'DEVICE_SILENT' AND d."lastHeardAt" > $1::timestamptz - ${INTERVAL_SQL}))
  UNION ALL
  SELECT t.id, NULL, $6::text
    FROM "Task" t
    JOIN "FacilityGateway" g ON g.id = t."gatewayId"
   WHERE t."openTroubleKey" IS NOT NULL AND t."troubleCause" = 'GATEWAY_SILENT'
     AND ${GATEWAY_LAST_SEEN_SQL} > $1::timestamptz - make_interval(mins => $3::int)
), closed AS (
  ${CLOSE_TROUBLE_SQL}
    FROM ending WHERE "Task".id = ending.id AND "Task"."openTroubleKey" IS NOT NULL
  RETURNING "Task".id, "Task"."facilityId", "Task".severity, ending."deviceId", ending.description
), closed_update AS (
  INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
  SELECT id, "facilityId", "deviceId", 'CLOSED', description FROM closed
)
SELECT id AS "taskId", "facilityId", 'CLOSED_RESOLVED' AS status, severity::text AS severity FROM closed`;

const SILENT_DEVICES_SQL = `
SELECT d.id AS "deviceId", d.type::text AS "deviceType", a."facilityId", f."enterpriseId",
       a.id AS "allocationId", a."residentId", COALESCE(a."unitId", r."unitId") AS "unitId", a."doorId", a.room,
       a."isCheckIn", r."firstName", r."lastName", u."displayName" AS "unitName", door.name AS "doorName"
  FROM "DeviceAllocation" a
  JOIN "Device" d ON d.id = a."deviceId"
  JOIN "Facility" f ON f.id = a."facilityId"
  LEFT JOIN "Resident" r ON r.id = a."residentId"
  LEFT JOIN "Unit" u ON u.id = COALESCE(a."unitId", r."unitId")
  LEFT JOIN "Door" door ON door.id = a."doorId"
 WHERE a."isActive" AND a."activeDeviceKey" IS NOT NULL
   -- Heard, or allocated, too long ago: a device just allocated gets its full interval.
   AND GREATEST(d."lastHeardAt", a."createdAt") <= $1::timestamptz - ${INTERVAL_SQL}
   AND NOT EXISTS (SELECT 1 FROM "Task" t WHERE t."openTroubleKey" = d.id || ':${DeviceTroubleCause.DEVICE_SILENT}')`;

const SILENT_GATEWAYS_SQL = `
SELECT g.id AS "gatewayId", g."facilityId", f."enterpriseId", g.name
  FROM "FacilityGateway" g
  JOIN "Facility" f ON f.id = g."facilityId"
 WHERE ${GATEWAY_LAST_SEEN_SQL} <= $1::timestamptz - make_interval(mins => $2::int)
   AND NOT EXISTS (SELECT 1 FROM "Task" t WHERE t."openTroubleKey" = g.id || ':${DeviceTroubleCause.GATEWAY_SILENT}')`;

export interface SupervisionCheckResult {
  raised: TaskChangeInput[];
  closed: TaskChangeInput[];
}

/** One run of the check, in one transaction on the given client. `now` is a seam for tests. */
export async function runSupervisionCheck(
  client: pg.ClientBase,
  now: Date = new Date(),
): Promise<SupervisionCheckResult> {
  return inTransaction(client, async () => {
    const intervals = JSON.stringify(DEVICE_SUPERVISION_INTERVAL_MIN);
    const { rows: closed } = await client.query<TaskChangeInput>(CLOSE_ENDED_SQL, [
      now,
      intervals,
      GATEWAY_SUPERVISION_INTERVAL_MIN,
      TROUBLE_CLOSED_UNALLOCATED,
      TROUBLE_CLOSED_DESCRIPTIONS.DEVICE_SILENT,
      TROUBLE_CLOSED_DESCRIPTIONS.GATEWAY_SILENT,
    ]);
    for (const task of closed) await recordTaskChangePg(client, task);

    const { rows: devices } = await client.query<
      AllocatedDevice & { deviceId: string; facilityId: string; enterpriseId: string; unitId: string | null }
    >(SILENT_DEVICES_SQL, [now, intervals]);
    const { rows: gateways } = await client.query<{
      gatewayId: string;
      facilityId: string;
      enterpriseId: string;
      name: string;
    }>(SILENT_GATEWAYS_SQL, [now, GATEWAY_SUPERVISION_INTERVAL_MIN]);
    const troubles: TroubleInput[] = [
      ...devices.map((d) => ({
        facilityId: d.facilityId,
        enterpriseId: d.enterpriseId,
        cause: DeviceTroubleCause.DEVICE_SILENT,
        title: troubleTitle(DeviceTroubleCause.DEVICE_SILENT, deviceSubjectOf(d)),
        deviceId: d.deviceId,
        gatewayId: null,
        unitId: d.unitId,
        residentId: d.residentId,
      })),
      ...gateways.map((g) => ({
        facilityId: g.facilityId,
        enterpriseId: g.enterpriseId,
        cause: DeviceTroubleCause.GATEWAY_SILENT,
        title: gatewayTroubleTitle(g.name),
        deviceId: null,
        gatewayId: g.gatewayId,
        unitId: null,
        residentId: null,
      })),
    ];
    const raised = await raiseTroubles(client, troubles);
    return { raised, closed };
  });
}
