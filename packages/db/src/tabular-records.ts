import {
  BATTERY_LOW_THRESHOLD_OTHER,
  BATTERY_LOW_THRESHOLD_PENDANT,
  PENDANT_DEVICE_TYPE,
  TABULAR_LIMITS,
  type TQueryChart,
  type TQueryParameter,
} from '@sage/contract';
import type { Db } from './client';
import type { Prisma } from './generated/prisma/client';

/**
 * The tabular record service's jobs and built-in reports (decisions 0280-0283), shared by the API (which
 * queues executions and provisions a new community's reports), the worker (which runs them) and the seed.
 */
export const TabularJobName = {
  /** Run one query execution (payload { queryExecutionId }). */
  runQueryExecution: 'run-query-execution',
  /** Every 10 minutes (cron): results past their time expire; runs stuck past staleRunMs fail. */
  expireQueryExecutions: 'expire-query-executions',
} as const;

export interface RunQueryExecutionPayload {
  queryExecutionId: string;
}

/** The job key of an execution's run (one per execution). */
export const queryExecutionJobKey = (id: string): string => `query-execution:${id}`;

/**
 * Reports run one at a time per database (a graphile-worker named queue): a long report then holds at most
 * one of the worker's job slots, never the ones alerts' timed jobs need (decision 0281).
 */
export const TABULAR_JOB_QUEUE = 'tabular-records';

/** Queues the run of an execution; call inside the transaction that created it. */
export async function queueQueryExecution(tx: Db, queryExecutionId: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `SELECT graphile_worker.add_job($1, $2::json, queue_name := $4, job_key := $3, max_attempts := 1)`,
    TabularJobName.runQueryExecution,
    JSON.stringify({ queryExecutionId } satisfies RunQueryExecutionPayload),
    queryExecutionJobKey(queryExecutionId),
    TABULAR_JOB_QUEUE,
  );
}

/**
 * The role reports log in as (migration `report_reader_login`, decision 0500): LOGIN, a member of nothing,
 * read-only by default, SELECT on the reporting views only. A report never runs on any other connection.
 */
export const REPORT_READER_ROLE = 'sage_report_reader';

export interface ReportsDatabaseEnv {
  DATABASE_URL: string;
  /** The reports' own connection string; unset, DATABASE_URL with the user replaced by the reader. */
  REPORTS_DATABASE_URL?: string | undefined;
  /** The reader's password (the migration runner sets it when given); unset, none (trust or peer auth). */
  REPORTS_DATABASE_PASSWORD?: string | undefined;
}

/**
 * The connection string reports log in with (decision 0500): REPORTS_DATABASE_URL, else the database of
 * `base` (DATABASE_URL; later a read replica's URL) as REPORT_READER_ROLE, with REPORTS_DATABASE_PASSWORD.
 * Whatever it names is checked before a report runs: a login that is not the reader refuses the run.
 */
export function reportsDatabaseUrl(env: ReportsDatabaseEnv, base: string = env.DATABASE_URL): string {
  if (env.REPORTS_DATABASE_URL) return env.REPORTS_DATABASE_URL;
  // Not `new URL()`: a URL may name several hosts (decision 0520), which WHATWG URLs cannot hold.
  const match = /^(postgres(?:ql)?:\/\/)(?:[^@/?#]*@)?([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/.exec(base);
  if (!match) throw new Error('DATABASE_URL must be a postgresql:// URL');
  const [, scheme, hosts = '', path = '', query = ''] = match;
  const params = new URLSearchParams(query.slice(1));
  params.delete('user');
  params.delete('password');
  // Any of the hosts may serve a report: the reader's sessions are read-only, so never a read-write server's.
  params.delete('target_session_attrs');
  const password = env.REPORTS_DATABASE_PASSWORD
    ? `:${encodeURIComponent(env.REPORTS_DATABASE_PASSWORD)}`
    : '';
  const rest = params.toString() ? `?${params.toString()}` : '';
  return `${scheme}${REPORT_READER_ROLE}${password}@${hosts}${path}${rest}`;
}

export const BUILT_IN_DATA_SOURCE_NAME = 'Sage Care (read-only)';

export interface BuiltInReport {
  name: string;
  description: string;
  query: string;
  parameters: TQueryParameter[];
  chart: TQueryChart | null;
}

const SINCE: TQueryParameter = {
  name: 'since',
  label: 'From',
  type: 'DATE',
  required: true,
  defaultValue: 'today-7',
};
const UNTIL: TQueryParameter = {
  name: 'until',
  label: 'To',
  type: 'DATE',
  required: true,
  defaultValue: 'today',
};

/**
 * Each alert's response: its first claim (or, never claimed, its resolution), by whom; test alerts left out.
 * The dates are the community's local days.
 */
const RESPONSES = `WITH f AS (SELECT timezone FROM facility),
first_claim AS (
  SELECT DISTINCT ON (alert_id) alert_id, created_at, staff_member_id
    FROM alert_updates WHERE type = 'CLAIM' ORDER BY alert_id, created_at
),
responses AS (
  SELECT a.id, a.created_at, a.unit_id, f.timezone,
         COALESCE(c.created_at, a.resolved_at) AS responded_at,
         COALESCE(c.staff_member_id, a.resolved_by_id) AS staff_member_id
    FROM alerts a CROSS JOIN f
    LEFT JOIN first_claim c ON c.alert_id = a.id
   WHERE a.kind = 'ALERT' AND NOT a.is_test
     AND a.created_at >= :since::timestamp AT TIME ZONE f.timezone
     AND a.created_at < (:until + 1)::timestamp AT TIME ZONE f.timezone
)`;
const RESPONSE_COLUMNS = `count(*) AS alerts,
       count(r.responded_at) AS answered,
       round(avg(extract(epoch FROM r.responded_at - r.created_at)) / 60, 1) AS avg_response_min,
       round((percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM r.responded_at - r.created_at)))::numeric / 60, 1) AS p90_response_min`;

export const BUILT_IN_REPORTS: BuiltInReport[] = [
  {
    name: 'Response times by staff member',
    description:
      'Alerts answered by each staff member (first claim, else resolution) and how fast, in minutes.',
    query: `${RESPONSES}
SELECT COALESCE(s.first_name || ' ' || s.last_name, 'Not answered') AS staff_member,
       ${RESPONSE_COLUMNS}
  FROM responses r LEFT JOIN staff s ON s.id = r.staff_member_id
 GROUP BY 1 ORDER BY alerts DESC, staff_member`,
    parameters: [SINCE, UNTIL],
    chart: null,
  },
  {
    name: 'Response times by shift',
    description: 'Alert response times by shift: day 07-15, evening 15-23, night 23-07 (local time).',
    query: `${RESPONSES}
SELECT CASE WHEN extract(hour FROM r.created_at AT TIME ZONE r.timezone) >= 7
             AND extract(hour FROM r.created_at AT TIME ZONE r.timezone) < 15 THEN 'Day (07-15)'
            WHEN extract(hour FROM r.created_at AT TIME ZONE r.timezone) >= 15
             AND extract(hour FROM r.created_at AT TIME ZONE r.timezone) < 23 THEN 'Evening (15-23)'
            ELSE 'Night (23-07)' END AS shift,
       ${RESPONSE_COLUMNS}
  FROM responses r
 GROUP BY 1 ORDER BY 1`,
    parameters: [SINCE, UNTIL],
    chart: null,
  },
  {
    name: 'Response times by care zone',
    description:
      "Alert response times by the care zone of the alert's unit (a unit in two zones counts in both).",
    query: `${RESPONSES}
SELECT COALESCE(z.care_zone_name, 'No zone') AS care_zone,
       ${RESPONSE_COLUMNS}
  FROM responses r LEFT JOIN unit_care_zones z ON z.unit_id = r.unit_id
 GROUP BY 1 ORDER BY 1`,
    parameters: [SINCE, UNTIL],
    chart: null,
  },
  {
    name: 'Alerts per resident per day',
    description: "Each resident's alerts on each local day (test alerts left out).",
    query: `SELECT (a.created_at AT TIME ZONE f.timezone)::date AS day,
       r.first_name || ' ' || r.last_name AS resident,
       count(*) AS alerts
  FROM alerts a CROSS JOIN facility f
  JOIN residents r ON r.id = a.resident_id
 WHERE a.kind = 'ALERT' AND NOT a.is_test
   AND a.created_at >= :since::timestamp AT TIME ZONE f.timezone
   AND a.created_at < (:until + 1)::timestamp AT TIME ZONE f.timezone
 GROUP BY 1, 2 ORDER BY 1, 2`,
    parameters: [SINCE, UNTIL],
    chart: { type: 'bar', x: 'day', y: 'alerts' },
  },
  {
    name: 'Missed check-ins',
    description: 'Daily check-ins that expired, or are still pending on a past day.',
    query: `SELECT c.date AS day, u.display_name AS unit, c.status
  FROM check_ins c JOIN units u ON u.id = c.unit_id CROSS JOIN facility f
 WHERE c.date >= :since AND c.date <= :until
   AND (c.status = 'EXPIRED' OR (c.status = 'PENDING' AND c.date < (now() AT TIME ZONE f.timezone)::date))
 ORDER BY day DESC, unit`,
    parameters: [SINCE, UNTIL],
    chart: null,
  },
  {
    name: 'Low batteries',
    description: `Devices whose battery is low: pendants under ${BATTERY_LOW_THRESHOLD_PENDANT}, other devices under ${BATTERY_LOW_THRESHOLD_OTHER}.`,
    query: `SELECT d.hardware_id, d.type, COALESCE(d.allocation_name, u.display_name) AS location,
       d.battery_level, d.last_heard_at
  FROM devices d LEFT JOIN units u ON u.id = d.unit_id
 WHERE d.battery_level >= 0
   AND d.battery_level < CASE WHEN d.type = '${PENDANT_DEVICE_TYPE}' THEN ${BATTERY_LOW_THRESHOLD_PENDANT} ELSE ${BATTERY_LOW_THRESHOLD_OTHER} END
 ORDER BY d.battery_level, d.hardware_id`,
    parameters: [],
    chart: null,
  },
  {
    name: 'Devices not heard from',
    description: 'Devices with no event or heartbeat in the last hours (24 unless changed).',
    query: `SELECT d.hardware_id, d.type, COALESCE(d.allocation_name, u.display_name) AS location,
       d.last_heard_at, d.battery_level
  FROM devices d LEFT JOIN units u ON u.id = d.unit_id
 WHERE d.last_heard_at IS NULL OR d.last_heard_at < now() - make_interval(hours => :hours)
 ORDER BY d.last_heard_at NULLS FIRST, d.hardware_id`,
    parameters: [{ name: 'hours', label: 'Hours', type: 'INTEGER', required: true, defaultValue: '24' }],
    chart: null,
  },
];

/**
 * Gives a community the built-in data source and reports (decision 0283): the demo seed, every community
 * the factories build and every community created through the API. Idempotent (by name).
 */
export async function provisionBuiltInReports(
  db: Db,
  facility: { facilityId: string; enterpriseId: string },
): Promise<{ dataSourceId: string; queryDefinitionIds: string[] }> {
  const source = await db.dataSource.upsert({
    where: { facilityId_name: { facilityId: facility.facilityId, name: BUILT_IN_DATA_SOURCE_NAME } },
    create: {
      facilityId: facility.facilityId,
      enterpriseId: facility.enterpriseId,
      name: BUILT_IN_DATA_SOURCE_NAME,
      dialect: 'POSTGRESQL',
      description: "This community's alerts, staff, units, residents, devices and check-ins, read-only.",
      config: {
        statementTimeoutMs: TABULAR_LIMITS.statementTimeoutMsDefault,
        rowLimit: TABULAR_LIMITS.rowLimitDefault,
      },
      isBuiltIn: true,
    },
    update: {},
    select: { id: true },
  });
  const queryDefinitionIds: string[] = [];
  for (const report of BUILT_IN_REPORTS) {
    const row = await db.queryDefinition.upsert({
      where: { facilityId_name: { facilityId: facility.facilityId, name: report.name } },
      create: {
        dataSourceId: source.id,
        facilityId: facility.facilityId,
        enterpriseId: facility.enterpriseId,
        name: report.name,
        description: report.description,
        query: report.query,
        parameters: report.parameters as unknown as Prisma.InputJsonArray,
        ...(report.chart ? { chart: report.chart } : {}),
        isBuiltIn: true,
      },
      update: {},
      select: { id: true },
    });
    queryDefinitionIds.push(row.id);
  }
  return { dataSourceId: source.id, queryDefinitionIds };
}
