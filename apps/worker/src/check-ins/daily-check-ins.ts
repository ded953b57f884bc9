import { currentCheckInDay } from '@sage/domain';
import type pg from 'pg';

/*
 * The daily check-in job (docs/decisions/0230). "Daily check-in starts at 4:00 am in the facility's timezone":
 * each facility's current check-in day (its local date, the day beginning at 4:00 am, daylight-saving days
 * included) is computed here with date-fns-tz (packages/domain), then ONE set-based statement, for every
 * facility at once:
 * - creates the day's check-in of every independent-living unit that has none: PENDING, or SKIPPED_ON_HOLD
 *   ('On Hold') when the unit has residents and every one is on hold (isUnitOnHold);
 * - marks EXPIRED the pending check-ins of earlier days (their day passed unchecked).
 * It runs every minute, so a worker down at 4:00 catches up on its next run, and it is idempotent: the unique
 * (facilityId, unitId, date) key makes a second run, a restart or two workers side by side create nothing twice.
 */

const DAILY_CHECK_INS_SQL = `
WITH today AS (
  SELECT t."facilityId", t.day
    FROM unnest($1::text[], $2::date[]) AS t("facilityId", day)
), expired AS (
  UPDATE "CheckIn" c
     SET status = 'EXPIRED', "updatedAt" = now()
    FROM today t
   WHERE c."facilityId" = t."facilityId" AND c.date < t.day AND c.status = 'PENDING'
  RETURNING c.id
), created AS (
  INSERT INTO "CheckIn" ("facilityId", "enterpriseId", "unitId", date, status, "isOnHold")
  SELECT u."facilityId", u."enterpriseId", u.id, t.day,
         CASE WHEN hold.on_hold THEN 'SKIPPED_ON_HOLD'::"CheckInStatus" ELSE 'PENDING'::"CheckInStatus" END,
         hold.on_hold
    FROM today t
    JOIN "Unit" u ON u."facilityId" = t."facilityId" AND u."careType" = 'INDEPENDENT_LIVING'
    CROSS JOIN LATERAL (
      -- isUnitOnHold: current residents, every one on hold (bool_and of none is NULL: not on hold)
      SELECT COALESCE(bool_and(r."isOnHold"), false) AS on_hold
        FROM "Resident" r
       WHERE r."facilityId" = u."facilityId" AND r."unitId" = u.id AND NOT r."isArchived"
    ) hold
  ON CONFLICT ("facilityId", "unitId", date) DO NOTHING
  RETURNING status
)
SELECT (SELECT count(*)::int FROM created WHERE status = 'PENDING') AS created,
       (SELECT count(*)::int FROM created WHERE status = 'SKIPPED_ON_HOLD') AS "skippedOnHold",
       (SELECT count(*)::int FROM expired) AS expired`;

export interface DailyCheckInsResult {
  /** Check-ins created PENDING. */
  created: number;
  /** Check-ins created SKIPPED_ON_HOLD. */
  skippedOnHold: number;
  /** Pending check-ins of past days marked EXPIRED. */
  expired: number;
}

/** One run of the daily check-in job at `now` (tests pass their own). */
export async function runDailyCheckIns(
  db: Pick<pg.Pool | pg.PoolClient, 'query'>,
  now: Date = new Date(),
): Promise<DailyCheckInsResult> {
  const { rows: facilities } = await db.query<{ id: string; timezone: string }>(
    'SELECT id, timezone FROM "Facility"',
  );
  if (!facilities.length) return { created: 0, skippedOnHold: 0, expired: 0 };
  const ids = facilities.map((f) => f.id);
  const days = facilities.map((f) => currentCheckInDay(now, f.timezone));
  const { rows } = await db.query<DailyCheckInsResult>(DAILY_CHECK_INS_SQL, [ids, days]);
  return rows[0] ?? { created: 0, skippedOnHold: 0, expired: 0 };
}
