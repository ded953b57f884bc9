import { INSIGHT_METRIC_LOWER_IS_BETTER, type InsightMetric, ZRuleDefinitionSchema } from '@sage/contract';
import { DEFAULT_INSIGHT_RULES } from '@sage/domain';
import type pg from 'pg';

/**
 * The insights engine (docs/decisions/0290): every enabled rule is evaluated over each facility's own
 * history in ONE set-based statement per rule (all facilities, all staff at once): the samples of the
 * metric in the last completed period and in the baseline days before it, per person (USER) or per facility
 * (GLOBAL), the verdict (the same comparison as `meetsRule` in @sage/domain), the insight and its open
 * workflow. Periods are whole facility-local days, aligned on Mondays (1970-01-05), so a 7-day rule measures
 * Monday-to-Sunday weeks; an insight's periodKey (rule, facility, person, period start) is unique, so running
 * again for the same period raises nothing twice.
 */

/**
 * The alerts of every facility's evaluation window (decision 0420), read ONCE per pass into a temporary table
 * instead of once per rule: each alert with its first claim (time, by whom), first confirmation at the bedside,
 * whether a confirmation failed, and its resolution. Test alerts are left out. $1 period days and $2 baseline
 * days of the enabled alert rules (arrays, one pair per distinct pair), $3 now: each facility's window runs from
 * the earliest baseline start to the latest period end of those pairs, computed as the rules' own `fac` does.
 * The updates are read per alert through TaskUpdate(taskId, createdAt), all three types at once.
 */
const ALERTS_TABLE = 'insight_alerts';
const ALERTS_SQL = `
CREATE TEMPORARY TABLE ${ALERTS_TABLE} AS
WITH win AS (
  SELECT f.id, min(((p.period_start_date - c.baseline_days)::timestamp AT TIME ZONE f.timezone)) AS lo,
         max((p.period_end_date::timestamp AT TIME ZONE f.timezone)) AS hi
    FROM "Facility" f
    CROSS JOIN unnest($1::int[], $2::int[]) AS c(period_days, baseline_days)
    CROSS JOIN LATERAL (
      SELECT d - ((d - date '1970-01-05') % c.period_days) AS period_end_date,
             d - ((d - date '1970-01-05') % c.period_days) - c.period_days AS period_start_date
        FROM (SELECT ($3::timestamptz AT TIME ZONE f.timezone)::date AS d) today
    ) p
   GROUP BY f.id
)
SELECT t."facilityId" AS facility_id, t."creationTimestamp" AS at, t."assigneeId" AS assignee_id,
       CASE WHEN t.status = 'CLOSED_RESOLVED' AND t."resolvedAt" IS NOT NULL AND t."resolvedById" IS NOT NULL
            THEN t."resolvedById" END AS resolver_id,
       extract(epoch FROM t."resolvedAt" - t."creationTimestamp") / 60.0 AS resolve_minutes,
       u.claim_by, extract(epoch FROM u.claim_at - t."creationTimestamp") / 60.0 AS claim_minutes,
       extract(epoch FROM u.confirm_at - t."creationTimestamp") / 60.0 AS confirm_minutes,
       coalesce(u.failed, false) AS failed
  FROM win
  -- Per facility, so its window is an index range of Task(facilityId, creationTimestamp) (OFFSET 0 keeps
  -- the planner from flattening it into a scan of every task).
  CROSS JOIN LATERAL (
    SELECT * FROM "Task" t
     WHERE t."facilityId" = win.id AND t."creationTimestamp" >= win.lo AND t."creationTimestamp" < win.hi
       AND t.kind = 'ALERT' AND NOT t."isTest"
    OFFSET 0
  ) t
  LEFT JOIN LATERAL (
    SELECT min(x."createdAt") FILTER (WHERE x.type = 'CLAIM') AS claim_at,
           (array_agg(x."creatorStaffMemberId" ORDER BY x."createdAt", x.id) FILTER (WHERE x.type = 'CLAIM'))[1] AS claim_by,
           min(x."createdAt") FILTER (WHERE x.type = 'CARE_CONFIRMED') AS confirm_at,
           bool_or(x.type = 'CARE_CONFIRMATION_FAILED') AS failed
      FROM "TaskUpdate" x
     WHERE x."taskId" = t.id AND x.type IN ('CLAIM', 'CARE_CONFIRMED', 'CARE_CONFIRMATION_FAILED')
  ) u ON true`;

/** The alert metrics: read from the pass's alerts table. */
const alertSamples = (staff: string, val: string, where: string) => `
    SELECT fac.id AS facility_id, a.${staff} AS staff_id, a.at, ${val} AS val
      FROM fac
      JOIN ${ALERTS_TABLE} a ON a.facility_id = fac.id AND a.at >= fac.baseline_start AND a.at < fac.period_end
     WHERE a.${staff} IS NOT NULL AND ${where}`;

/** The samples of each metric: facility_id, staff_id, at (when it counts), val (minutes, 0/1, or 1 per event). */
const SAMPLES: Record<InsightMetric, string> = {
  // The first CLAIM update, by the claimer (an alert whose first claim has no author counts for no one).
  TIME_TO_CLAIM: alertSamples('claim_by', 'a.claim_minutes', 'a.claim_minutes IS NOT NULL'),
  // The first CARE_CONFIRMED update, by the assignee.
  TIME_TO_CONFIRM: alertSamples('assignee_id', 'a.confirm_minutes', 'a.confirm_minutes IS NOT NULL'),
  // resolvedAt of a CLOSED_RESOLVED alert, by the resolver.
  TIME_TO_RESOLVE: alertSamples('resolver_id', 'a.resolve_minutes', 'true'),
  // Any CARE_CONFIRMATION_FAILED update: 1, else 0; by the assignee.
  CONFIRMATION_FAILURES: alertSamples('assignee_id', 'CASE WHEN a.failed THEN 1.0 ELSE 0.0 END', 'true'),
  CARE_LOGGED: `
    SELECT fac.id AS facility_id, creator.id AS staff_id, ce."eventTimestamp" AS at, 1.0 AS val
      FROM fac
      JOIN "CareEvent" ce ON ce."facilityId" = fac.id
                         AND ce."eventTimestamp" >= fac.baseline_start AND ce."eventTimestamp" < fac.period_end
      CROSS JOIN LATERAL unnest(ce."creatorEntityIds") AS creator(id)
     WHERE ce."taskId" IS NULL`,
  CHECK_INS_DONE: `
    SELECT fac.id AS facility_id, ci."checkedInById" AS staff_id, ci."checkInTimestamp" AS at, 1.0 AS val
      FROM fac
      JOIN "CheckIn" ci ON ci."facilityId" = fac.id
                       AND ci.date >= fac.baseline_start_date AND ci.date < fac.period_end_date
     WHERE ci.status = 'COMPLETE' AND ci."checkedInById" IS NOT NULL
       AND ci."checkInTimestamp" >= fac.baseline_start AND ci."checkInTimestamp" < fac.period_end`,
};

/** The metrics read from the pass's alerts table. */
const ALERT_METRICS: ReadonlySet<InsightMetric> = new Set([
  'TIME_TO_CLAIM',
  'TIME_TO_CONFIRM',
  'TIME_TO_RESOLVE',
  'CONFIRMATION_FAILURES',
]);

/** Work done is counted over the period; times and failure shares are averaged. */
const COUNTED: Record<InsightMetric, boolean> = {
  TIME_TO_CLAIM: false,
  TIME_TO_CONFIRM: false,
  TIME_TO_RESOLVE: false,
  CONFIRMATION_FAILURES: false,
  CARE_LOGGED: true,
  CHECK_INS_DONE: true,
};

/**
 * The statement of one rule. Parameters: $1 rule id, $2 category, $3 scope, $4 rule facility (or null), $5 rule
 * enterprise (or null), $6 period days, $7 baseline days, $8 min samples, $9 threshold, $10 baseline factor,
 * $11 now, $12 metric. Returns the ids of the insights raised.
 */
export function ruleStatement(metric: InsightMetric): string {
  const counted = COUNTED[metric];
  const lower = INSIGHT_METRIC_LOWER_IS_BETTER[metric];
  const worse = (a: string, b: string) => (lower ? `${a} > ${b}` : `${a} < ${b}`);
  const value = counted ? 'sum(s.val)' : 'avg(s.val)';
  // A facility's usual: its average (times, shares), or for counts its total per person per period.
  const baselineUser = counted
    ? 'sum(s.val) / nullif(count(DISTINCT s.staff_id), 0) / ($7::numeric / $6::numeric)'
    : 'avg(s.val)';
  const baselineGlobal = counted ? 'sum(s.val) / ($7::numeric / $6::numeric)' : 'avg(s.val)';
  return `
WITH fac AS (
  SELECT f.id, f."enterpriseId" AS enterprise_id, f.timezone,
         (p.period_end_date::timestamp AT TIME ZONE f.timezone) AS period_end,
         (p.period_start_date::timestamp AT TIME ZONE f.timezone) AS period_start,
         ((p.period_start_date - $7::int)::timestamp AT TIME ZONE f.timezone) AS baseline_start,
         p.period_end_date, p.period_start_date, (p.period_start_date - $7::int) AS baseline_start_date
    FROM "Facility" f
    CROSS JOIN LATERAL (
      SELECT d - ((d - date '1970-01-05') % $6::int) AS period_end_date,
             d - ((d - date '1970-01-05') % $6::int) - $6::int AS period_start_date
        FROM (SELECT ($11::timestamptz AT TIME ZONE f.timezone)::date AS d) today
    ) p
   WHERE ($4::text IS NULL OR f.id = $4::text) AND ($5::text IS NULL OR f."enterpriseId" = $5::text)
),
samples AS (${SAMPLES[metric]}),
measured AS (
  SELECT s.facility_id,
         CASE WHEN $3::text = 'USER' THEN s.staff_id END AS staff_id,
         ${value}::float8 AS value, count(*)::int AS samples
    FROM samples s JOIN fac ON fac.id = s.facility_id
   WHERE s.at >= fac.period_start
   GROUP BY s.facility_id, CASE WHEN $3::text = 'USER' THEN s.staff_id END
),
baseline AS (
  SELECT s.facility_id,
         (CASE WHEN $3::text = 'USER' THEN ${baselineUser} ELSE ${baselineGlobal} END)::float8 AS value
    FROM samples s JOIN fac ON fac.id = s.facility_id
   WHERE s.at < fac.period_start AND $7::int > 0
   GROUP BY s.facility_id
),
verdict AS (
  SELECT m.*, b.value AS baseline, fac.enterprise_id, fac.period_start, fac.period_end
    FROM measured m
    JOIN fac ON fac.id = m.facility_id
    LEFT JOIN baseline b ON b.facility_id = m.facility_id
   WHERE m.samples >= $8::int
     AND ($3::text = 'GLOBAL' OR EXISTS (
       SELECT 1 FROM "GroupMembership" gm JOIN "StaffMember" sm ON sm.id = gm."staffMemberId"
        WHERE gm."facilityId" = m.facility_id AND gm."staffMemberId" = m.staff_id AND NOT sm."isArchived"))
     AND CASE WHEN $2::text = 'NEEDS_IMPROVEMENT'
              THEN ${worse('m.value', '$9::float8')} AND (b.value IS NULL OR ${worse('m.value', 'b.value * $10::float8')})
              ELSE NOT (${worse('m.value', '$9::float8')}) AND (b.value IS NULL OR NOT (${worse('m.value', 'b.value * $10::float8')}))
         END
),
raised AS (
  INSERT INTO "Insight" (id, "facilityId", "enterpriseId", "ruleId", category, scope, "staffMemberId", data,
                         "periodStart", "periodEnd", "periodKey", "createdAt", "updatedAt")
  SELECT gen_random_uuid()::text, v.facility_id, v.enterprise_id, $1::text, $2::"InsightCategory",
         $3::"InsightScope", v.staff_id,
         json_build_object('metric', $12::text, 'value', round(v.value::numeric, 3), 'samples', v.samples,
                           'threshold', $9::float8, 'baseline', round(v.baseline::numeric, 3), 'periodDays', $6::int)::jsonb,
         v.period_start, v.period_end,
         concat_ws(':', $1::text, v.facility_id, coalesce(v.staff_id, 'GLOBAL'), to_char(v.period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI')),
         $11::timestamptz, $11::timestamptz
    FROM verdict v
  ON CONFLICT ("periodKey") DO NOTHING
  RETURNING id, "facilityId", category, scope
)
INSERT INTO "Workflow" (id, "facilityId", "insightId", type, status, "createdAt", "updatedAt")
SELECT gen_random_uuid()::text, r."facilityId", r.id,
       CASE WHEN r.category = 'NEEDS_IMPROVEMENT' THEN 'NEEDS_IMPROVEMENT'
            WHEN r.scope = 'USER' THEN 'RECOGNITION' ELSE 'ACKNOWLEDGE' END,
       'OPEN', $11::timestamptz, $11::timestamptz
  FROM raised r
RETURNING "insightId"`;
}

/** The built-in rules exist (fixed ids; a facility's manager may not edit them). */
export async function ensureDefaultRules(db: pg.ClientBase): Promise<void> {
  await db.query(
    `INSERT INTO "Rule" (id, name, category, scope, "isEnabled", definition, "createdAt", "updatedAt")
     SELECT r.id, r.name, r.category::"InsightCategory", r.scope::"InsightScope", true, r.definition, now(), now()
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, name text, category text, scope text, definition jsonb)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(DEFAULT_INSIGHT_RULES)],
  );
}

export interface RuleRun {
  ruleId: string;
  raised: number;
  ms: number;
}

/**
 * One pass of every enabled rule; `now` decides the period (the last one completed before it). The alerts of
 * the windows are read first, once (`onAlertsRead` is told how many and how long: the benchmark prints it).
 */
export async function evaluateRules(
  db: pg.ClientBase,
  now = new Date(),
  onAlertsRead?: (read: { alerts: number; ms: number }) => void,
): Promise<RuleRun[]> {
  await ensureDefaultRules(db);
  const { rows: rules } = await db.query<{
    id: string;
    category: string;
    scope: string;
    facilityId: string | null;
    enterpriseId: string | null;
    definition: unknown;
  }>(
    `SELECT id, category::text, scope::text, "facilityId", "enterpriseId", definition
       FROM "Rule" WHERE "isEnabled" ORDER BY id`,
  );
  const parsed = rules.flatMap((rule) => {
    const definition = ZRuleDefinitionSchema.safeParse(rule.definition);
    return definition.success ? [{ rule, d: definition.data }] : [];
  });
  const windows = [
    ...new Set(
      parsed
        .filter(({ d }) => ALERT_METRICS.has(d.metric))
        .map(({ d }) => `${d.periodDays}:${d.baselineDays}`),
    ),
  ].map((w) => w.split(':').map(Number) as [number, number]);
  const runs: RuleRun[] = [];
  if (windows.length) {
    const started = performance.now();
    await db.query(`DROP TABLE IF EXISTS pg_temp.${ALERTS_TABLE}`);
    const { rowCount } = await db.query(ALERTS_SQL, [
      windows.map(([period]) => period),
      windows.map(([, baseline]) => baseline),
      now,
    ]);
    await db.query(`ANALYZE pg_temp.${ALERTS_TABLE}`);
    onAlertsRead?.({ alerts: rowCount ?? 0, ms: performance.now() - started });
  }
  try {
    for (const { rule, d } of parsed) {
      const started = performance.now();
      const { rowCount } = await db.query(ruleStatement(d.metric), [
        rule.id,
        rule.category,
        rule.scope,
        rule.facilityId,
        rule.enterpriseId,
        d.periodDays,
        d.baselineDays,
        d.minSamples,
        d.threshold,
        d.baselineFactor,
        now,
        d.metric,
      ]);
      runs.push({ ruleId: rule.id, raised: rowCount ?? 0, ms: performance.now() - started });
    }
  } finally {
    if (windows.length) await db.query(`DROP TABLE IF EXISTS pg_temp.${ALERTS_TABLE}`);
  }
  return runs;
}
