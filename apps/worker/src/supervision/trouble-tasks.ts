import { type DeviceTroubleCause, SEVERITY_VALUES, TaskKind } from '@sage/contract';
import { prepared, type Queryable, recordTaskChangePg, type TaskChangeInput } from '@sage/db';
import { TROUBLE_SEVERITY } from '@sage/domain';

/*
 * Device-trouble tasks (docs/decisions/0105): Task rows of kind DEVICE_TROUBLE, at most one open per device (or
 * gateway) and cause thanks to the unique Task.openTroubleKey, raised and closed by the system only. Their
 * changes reach live clients like any task's (recordTaskChangePg); no notification escalation starts.
 */

/** The open-trouble key of a device or gateway and cause. */
export const troubleKey = (subjectId: string, cause: DeviceTroubleCause): string => `${subjectId}:${cause}`;

/** Why the system closed a trouble task (its CLOSED update). */
export const TROUBLE_CLOSED_DESCRIPTIONS: Record<DeviceTroubleCause, string> = {
  DEVICE_SILENT: 'Closed by the system: the device was heard again',
  LOW_BATTERY: 'Closed by the system: the device reported a charged battery',
  GATEWAY_SILENT: 'Closed by the system: the gateway was heard again',
};
/** Closing a device's trouble task when its device is no longer allocated (nothing left to supervise). */
export const TROUBLE_CLOSED_UNALLOCATED = 'Closed by the system: the device is no longer allocated';

/** The head of every system close; callers add the WHERE (by openTroubleKey) and RETURNING. */
export const CLOSE_TROUBLE_SQL = `UPDATE "Task"
          SET status = 'CLOSED_RESOLVED', "openTroubleKey" = NULL, "resolvedAt" = now(), "lastUpdateTimestamp" = now()`;

export interface TroubleInput {
  facilityId: string;
  enterpriseId: string;
  cause: DeviceTroubleCause;
  title: string;
  /** The device, or null for a gateway's trouble. */
  deviceId: string | null;
  gatewayId: string | null;
  unitId: string | null;
  residentId: string | null;
}

/**
 * Raises the trouble tasks not open yet (one statement for any number; an open one is left as it is), with
 * their CREATED update, then one live change per task raised. Returns the tasks raised.
 */
export async function raiseTroubles(client: Queryable, troubles: TroubleInput[]): Promise<TaskChangeInput[]> {
  if (!troubles.length) return [];
  const column = <K extends keyof TroubleInput>(key: K) => troubles.map((t) => t[key]);
  const { rows } = await client.query<TaskChangeInput>(
    prepared(
      `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::text[], $9::text[], $10::int[])
                  AS i("facilityId", "enterpriseId", cause, title, "deviceId", "gatewayId", "unitId", "residentId",
                       severity, "severityRank")
     ), task AS (
       INSERT INTO "Task" ("facilityId", "enterpriseId", title, severity, "severityRank", "unitId", "residentId",
                           "deviceId", "gatewayId", kind, "troubleCause", "openTroubleKey")
       SELECT "facilityId", "enterpriseId", title, severity::"Severity", "severityRank", "unitId", "residentId",
              "deviceId", "gatewayId", '${TaskKind.DEVICE_TROUBLE}', cause::"DeviceTroubleCause",
              COALESCE("deviceId", "gatewayId") || ':' || cause
         FROM input
       ON CONFLICT ("openTroubleKey") DO NOTHING
       RETURNING id, "facilityId", status, severity, title, "deviceId"
     ), created AS (
       INSERT INTO "TaskUpdate" ("taskId", "facilityId", "deviceId", type, description)
       SELECT id, "facilityId", "deviceId", 'CREATED', title FROM task
     )
     SELECT id AS "taskId", "facilityId", status::text AS status, severity::text AS severity FROM task`,
      [
        column('facilityId'),
        column('enterpriseId'),
        column('cause'),
        column('title'),
        column('deviceId'),
        column('gatewayId'),
        column('unitId'),
        column('residentId'),
        troubles.map((t) => TROUBLE_SEVERITY[t.cause]),
        troubles.map((t) => SEVERITY_VALUES[TROUBLE_SEVERITY[t.cause]]),
      ],
    ),
  );
  for (const task of rows) await recordTaskChangePg(client, task);
  return rows;
}
