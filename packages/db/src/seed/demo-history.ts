import type { Prisma } from '../generated/prisma/client';
import { prismaRollupSql, rebuildFacilityResponseTimes } from '../response-times';

/**
 * Weeks of demo history (issue 14; docs/decisions/0304), so a new user sees charts at once and the insights
 * engine has data: resolved device alerts claimed, confirmed at the bedside and resolved by different care
 * staff at different speeds (each responder has a pace; nights are slower), their care outcomes and care-log
 * entries, care logged without an alert, and the independent-living units' daily check-ins. Every day before
 * today (facility time), nothing today: today's screens start clean. Set-based SQL only (a few hundred ms).
 */
export interface DemoHistoryOptions {
  /** Days of history before today. */
  days?: number;
  /** Alerts a day. */
  alertsPerDay?: number;
}

export interface DemoHistorySummary {
  alerts: number;
  careLogs: number;
  checkIns: number;
  responseSteps: number;
}

/** A deterministic fraction in [0, 1) of a seed text: the history is the same on every run. */
const frac = (seed: string) => `((hashtext(${seed}) & 2147483647)::float8 / 2147483648.0)`;

/** Hours of the day weighted the way call volume runs (mornings and evenings busiest). */
const HOURS = [
  0, 1, 2, 3, 4, 5, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17, 18, 18, 19, 19, 20, 20,
  21, 21, 22, 23,
];
const CARE = [
  'ADL_TOILETING',
  'ADL_TRANSFER',
  'ADL_DRESSING',
  'ADL_ESCORT',
  'ADL_BATHING',
  'REQUEST_OTHER',
  'NON_EMERGENCY_ILLNESS',
  'NON_EMERGENCY_QUESTION',
];
const sqlArray = (values: readonly (string | number)[]) =>
  `ARRAY[${values.map((v) => (typeof v === 'number' ? v : `'${v}'`)).join(',')}]`;

/** The generated alerts ($1 facility, $2 days, $3 alerts a day), kept for the statements that follow. */
const ALERTS_SQL = `
CREATE TEMP TABLE demo_history_alert ON COMMIT DROP AS
WITH f AS (SELECT id, "enterpriseId", timezone, (now() AT TIME ZONE timezone)::date AS today
             FROM "Facility" WHERE id = $1),
resp AS (
  SELECT s.id, s."firstName" || ' ' || s."lastName" AS name,
         (row_number() OVER (ORDER BY s."lastName", s."firstName", s.id))::int - 1 AS rn
    FROM "StaffMember" s
   WHERE NOT s."isArchived" AND EXISTS (
     SELECT 1 FROM "GroupMembership" m JOIN "Group" g ON g.id = m."groupId"
      WHERE m."staffMemberId" = s.id AND g."facilityId" = $1 AND g.type IN ('CareStaff', 'NurseMedTech'))
),
src AS (
  SELECT a."deviceId", a."residentId", COALESCE(a."unitId", r."unitId") AS "unitId",
         CASE d.type WHEN 'DOOR_ALARM' THEN 'DOOR' WHEN 'FALL_DETECTION_DEVICE' THEN 'FALL'
                     WHEN 'MELTEN_M3_DEVICE' THEN 'SENSOR'
                     ELSE CASE WHEN a."residentId" IS NULL THEN 'WALL_BUTTON' ELSE 'PENDANT' END END AS kind,
         CASE WHEN d.type = 'DOOR_ALARM' THEN dr.name || ' door opened'
              WHEN d.type = 'FALL_DETECTION_DEVICE' THEN 'Fall detected in ' || u."displayName"
              WHEN a."residentId" IS NOT NULL THEN r."firstName" || ' ' || r."lastName" || ' needs assistance'
              ELSE u."displayName" || ' wall button' END AS title,
         (row_number() OVER (ORDER BY a."deviceId"))::int - 1 AS rn
    FROM "DeviceAllocation" a
    JOIN "Device" d ON d.id = a."deviceId"
    LEFT JOIN "Resident" r ON r.id = a."residentId"
    LEFT JOIN "Unit" u ON u.id = COALESCE(a."unitId", r."unitId")
    LEFT JOIN "Door" dr ON dr.id = a."doorId"
   WHERE a."facilityId" = $1 AND a."isActive" AND NOT a."isCheckIn" AND COALESCE(a.room, '') <> 'CHECKIN'
     AND d.type <> 'MELTEN_M3_DEVICE'
),
n AS (SELECT (SELECT count(*) FROM resp)::int AS resp, (SELECT count(*) FROM src)::int AS src),
gen AS (
  SELECT g, 1 + (g % $2::int) AS day,
         (${sqlArray(HOURS)})[1 + floor(${frac(`'h' || g`)} * ${HOURS.length})::int] AS hour,
         ${frac(`'m' || g`)} AS rm, ${frac(`'c' || g`)} AS r1, ${frac(`'b' || g`)} AS r2,
         ${frac(`'r' || g`)} AS r3,
         floor(${frac(`'s' || g`)} * (SELECT src FROM n))::int AS src,
         floor(${frac(`'p' || g`)} * (SELECT resp FROM n))::int AS resp,
         floor(${frac(`'k' || g`)} * ${CARE.length})::int AS care
    FROM generate_series(0, $2::int * $3::int - 1) g
),
timed AS (
  SELECT gen.*, f.id AS "facilityId", f."enterpriseId",
         ((f.today - gen.day) + make_interval(hours => gen.hour, secs => floor(gen.rm * 3600)))
           AT TIME ZONE f.timezone AS created,
         -- Each responder has a pace (0.6 to 2.0); nights are a third slower.
         (0.6 + 0.35 * (resp.rn % 5)) * CASE WHEN gen.hour >= 23 OR gen.hour < 7 THEN 1.35 ELSE 1 END AS pace,
         resp.id AS "staffId", resp.name AS "staffName",
         src."deviceId", src."residentId", src."unitId", src.kind, src.title
    FROM gen CROSS JOIN f
    JOIN resp ON resp.rn = gen.resp
    JOIN src ON src.rn = gen.src
),
paced AS (
  SELECT timed.*, pace * (12 + 170 * r1 * r1) AS claim_s,
         CASE WHEN kind = 'DOOR' THEN NULL ELSE pace * (12 + 170 * r1 * r1 + 45 + 330 * r2 * r2) END AS bed_s
    FROM timed
)
SELECT gen_random_uuid()::text AS id, gen_random_uuid()::text AS activity_id, paced.*,
       COALESCE(bed_s, claim_s) + CASE WHEN kind = 'DOOR' THEN 60 + 200 * r3 ELSE 90 + 700 * r3 END AS resolve_s,
       CASE WHEN kind = 'FALL' THEN 'EMERGENCY_FALL' WHEN kind = 'DOOR' THEN 'REQUEST_OTHER'
            ELSE (${sqlArray(CARE)})[1 + care] END AS care_provided
  FROM paced`;

const at = (column: string) => `created + make_interval(secs => ${column})`;

const TASKS_SQL = `
INSERT INTO "Task" (id, "facilityId", "enterpriseId", title, status, severity, "severityRank", "unitId",
  "residentId", "deviceId", "assigneeId", "creationTimestamp", "lastUpdateTimestamp", "resolvedAt",
  "resolvedById", "alertOutcomeType", "staffAssistCount")
SELECT id, "facilityId", "enterpriseId", title, 'CLOSED_RESOLVED',
       (CASE WHEN kind = 'FALL' THEN 'EMERGENCY' ELSE 'HIGH_PRIORITY' END)::"Severity",
       CASE WHEN kind = 'FALL' THEN 1 ELSE 3 END, "unitId", "residentId", "deviceId", "staffId", created,
       ${at('resolve_s')}, ${at('resolve_s')}, "staffId", 'RESIDENT_INTERACTION',
       CASE WHEN kind = 'FALL' THEN 1 ELSE NULL END
  FROM demo_history_alert`;

const UPDATES_SQL = `
INSERT INTO "TaskUpdate" ("taskId", "facilityId", type, description, "creatorStaffMemberId", "deviceId",
  "careProvided", "createdAt")
SELECT id, "facilityId", 'CREATED'::"TaskUpdateType", title, NULL, "deviceId", NULL, created FROM demo_history_alert
UNION ALL
SELECT id, "facilityId", 'CLAIM'::"TaskUpdateType", 'Claimed by ' || "staffName", "staffId", NULL, NULL, ${at('claim_s')}
  FROM demo_history_alert
UNION ALL
SELECT id, "facilityId", 'STATUS_CHANGE'::"TaskUpdateType", 'Status changed from Open - unclaimed to Open - claimed by ' || "staffName",
       "staffId", NULL, NULL, ${at('claim_s + 0.001')} FROM demo_history_alert
UNION ALL
SELECT id, "facilityId", 'STATUS_CHANGE'::"TaskUpdateType", 'Status changed from Open - claimed to Open - confirming by ' || "staffName",
       "staffId", NULL, NULL, ${at('GREATEST(claim_s + 0.002, bed_s - 15)')} FROM demo_history_alert
 WHERE bed_s IS NOT NULL
UNION ALL
SELECT id, "facilityId", 'CARE_CONFIRMED'::"TaskUpdateType",
       CASE WHEN "residentId" IS NULL THEN 'Care confirmed by wall button press' ELSE 'Care confirmed by pendant press' END,
       NULL, "deviceId", NULL, ${at('bed_s')} FROM demo_history_alert WHERE bed_s IS NOT NULL
UNION ALL
SELECT id, "facilityId", 'MANUAL_ENTRY'::"TaskUpdateType", care_provided, "staffId", NULL, care_provided, ${at('resolve_s')}
  FROM demo_history_alert
UNION ALL
SELECT id, "facilityId", 'CLOSED'::"TaskUpdateType", 'Resolved by ' || "staffName", "staffId", NULL, NULL, ${at('resolve_s + 0.001')}
  FROM demo_history_alert`;

const ALERT_CARE_LOG_SQL = `
INSERT INTO "ResidentActivity" (id, "facilityId", "enterpriseId", "creatorId", "residentId", "unitId", "taskId",
  "staffAssistCount", "createdAt")
SELECT activity_id, "facilityId", "enterpriseId", "staffId", "residentId", "unitId", id,
       CASE WHEN kind = 'FALL' THEN 1 ELSE NULL END, ${at('resolve_s')}
  FROM demo_history_alert WHERE "residentId" IS NOT NULL`;

const ALERT_OUTCOMES_SQL = `
INSERT INTO "CareOutcome" ("facilityId", "residentId", "taskId", "residentActivityId", "creatorId", outcome,
  "careProvided", "createdAt")
SELECT "facilityId", "residentId", id, CASE WHEN "residentId" IS NULL THEN NULL ELSE activity_id END, "staffId",
       'COMPLETED', care_provided, ${at('resolve_s')}
  FROM demo_history_alert`;

/** Care logged without an alert: about one resident in three a day, by a care staff member. */
const CARE_LOGS_SQL = `
CREATE TEMP TABLE demo_history_log ON COMMIT DROP AS
WITH f AS (SELECT id, "enterpriseId", timezone, (now() AT TIME ZONE timezone)::date AS today
             FROM "Facility" WHERE id = $1),
resp AS (
  SELECT s.id, (row_number() OVER (ORDER BY s.id))::int - 1 AS rn, count(*) OVER ()::int AS n
    FROM "StaffMember" s
   WHERE NOT s."isArchived" AND EXISTS (
     SELECT 1 FROM "GroupMembership" m JOIN "Group" g ON g.id = m."groupId"
      WHERE m."staffMemberId" = s.id AND g."facilityId" = $1 AND g.type = 'CareStaff')
)
SELECT gen_random_uuid()::text AS id, gen_random_uuid()::text AS event_id, f.id AS "facilityId",
       f."enterpriseId", r.id AS "residentId", r."unitId", resp.id AS "staffId",
       ((f.today - d) + make_interval(hours => 7 + floor(${frac(`'lh' || r.id || d`)} * 14)::int,
                                      secs => floor(${frac(`'lm' || r.id || d`)} * 3600)))
         AT TIME ZONE f.timezone AS at,
       (${sqlArray(['ADL_BATHING', 'ADL_DRESSING', 'ADL_GROOMING', 'ADL_EATING', 'ADL_TOILETING'])})
         [1 + floor(${frac(`'lc' || r.id || d`)} * 5)::int] AS care
  FROM f
  CROSS JOIN generate_series(1, $2::int) d
  JOIN "Resident" r ON r."facilityId" = f.id AND NOT r."isArchived" AND r."unitId" IS NOT NULL
  JOIN resp ON resp.rn = floor(${frac(`'ls' || r.id || d`)} * resp.n)::int
 WHERE ${frac(`'l' || r.id || d`)} < 0.33`;

const LOG_ACTIVITIES_SQL = `
INSERT INTO "ResidentActivity" (id, "facilityId", "enterpriseId", "creatorId", "residentId", "unitId", "createdAt")
SELECT id, "facilityId", "enterpriseId", "staffId", "residentId", "unitId", at FROM demo_history_log`;
const LOG_EVENTS_SQL = `
INSERT INTO "CareEvent" (id, "facilityId", "enterpriseId", "residentIds", "creatorEntityIds", "unitId",
  "eventTimestamp", "createdAt")
SELECT event_id, "facilityId", "enterpriseId", ARRAY["residentId"], ARRAY["staffId"], "unitId", at, at
  FROM demo_history_log`;
const LOG_OUTCOMES_SQL = `
INSERT INTO "CareOutcome" ("facilityId", "residentId", "careEventId", "residentActivityId", "creatorId", outcome,
  "careProvided", "createdAt")
SELECT "facilityId", "residentId", event_id, id, "staffId", 'COMPLETED', care, at FROM demo_history_log`;

/** Independent-living check-ins of every past day: most checked in during the morning, a few expired. */
const CHECK_INS_SQL = `
WITH f AS (SELECT id, "enterpriseId", timezone, (now() AT TIME ZONE timezone)::date AS today
             FROM "Facility" WHERE id = $1),
staff AS (
  SELECT s.id, (row_number() OVER (ORDER BY s.id))::int - 1 AS rn, count(*) OVER ()::int AS n
    FROM "StaffMember" s
   WHERE NOT s."isArchived" AND EXISTS (
     SELECT 1 FROM "GroupMembership" m JOIN "Group" g ON g.id = m."groupId"
      WHERE m."staffMemberId" = s.id AND g."facilityId" = $1 AND g.type = 'CareStaff')
),
c AS (
  SELECT f.id AS "facilityId", f."enterpriseId", u.id AS "unitId", f.today - d AS date,
         ${frac(`'ci' || u.id || d`)} AS r,
         ((f.today - d) + make_interval(hours => 8, secs => floor(${frac(`'ct' || u.id || d`)} * 10800)))
           AT TIME ZONE f.timezone AS at,
         floor(${frac(`'cs' || u.id || d`)} * 1000)::int AS pick
    FROM f CROSS JOIN generate_series(1, $2::int) d
    JOIN "Unit" u ON u."facilityId" = f.id AND u."careType" = 'INDEPENDENT_LIVING'
)
INSERT INTO "CheckIn" ("facilityId", "enterpriseId", "unitId", date, status, "checkInReason", "checkInTimestamp",
  "checkedInById", "createdAt")
SELECT c."facilityId", c."enterpriseId", c."unitId", c.date,
       (CASE WHEN c.r < 0.92 THEN 'COMPLETE' ELSE 'EXPIRED' END)::"CheckInStatus",
       (CASE WHEN c.r >= 0.92 THEN NULL WHEN c.r < 0.45 THEN 'BUTTON_PRESSED' WHEN c.r < 0.7 THEN 'SEEN_IN_PERSON'
             WHEN c.r < 0.85 THEN 'CALLED_RESIDENT' ELSE 'TEAM_MEMBER_VERIFIED' END)::"CheckInReason",
       CASE WHEN c.r < 0.92 THEN c.at END,
       CASE WHEN c.r < 0.45 OR c.r >= 0.92 THEN NULL ELSE staff.id END,
       c.at
  FROM c LEFT JOIN staff ON staff.rn = c.pick % GREATEST(staff.n, 1)
ON CONFLICT ("facilityId", "unitId", date) DO NOTHING`;

/** Writes the history of one facility inside the caller's transaction. */
export async function seedDemoHistory(
  tx: Prisma.TransactionClient,
  facilityId: string,
  { days = 35, alertsPerDay = 30 }: DemoHistoryOptions = {},
): Promise<DemoHistorySummary> {
  const run = (sql: string, ...params: unknown[]) => tx.$executeRawUnsafe(sql, ...params);
  const alerts = await run(ALERTS_SQL, facilityId, days, alertsPerDay);
  await run(TASKS_SQL);
  await run(UPDATES_SQL);
  await run(ALERT_CARE_LOG_SQL);
  await run(ALERT_OUTCOMES_SQL);
  const careLogs = await run(CARE_LOGS_SQL, facilityId, days);
  await run(LOG_ACTIVITIES_SQL);
  await run(LOG_EVENTS_SQL);
  await run(LOG_OUTCOMES_SQL);
  const checkIns = await run(CHECK_INS_SQL, facilityId, days);
  await run('DROP TABLE demo_history_alert, demo_history_log');
  const responseSteps = await rebuildFacilityResponseTimes(prismaRollupSql(tx), facilityId);
  return { alerts, careLogs, checkIns, responseSteps };
}
