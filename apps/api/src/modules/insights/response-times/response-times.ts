import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type AlertKind,
  type GroupId,
  RESPONSE_SHIFT_LABELS,
  RESPONSE_SHIFT_START_HOURS,
  RESPONSE_SHIFTS,
  type ResponseShift,
  type ResponseStep,
  type TResponseFigure,
  type TResponseTimesQuery,
  type TResponseTimesReply,
  type TResponseTimesRow,
} from '@sage/contract';
import { type PrismaClient, prismaRollupSql, responseTimesWatermark } from '@sage/db';
import { derivePermissions } from '@sage/domain';
import { forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess } from '../../admin/staff/access';

/**
 * The caller is a manager (the Management group, roles table) of this facility: 404 for a facility they do
 * not work in (another community's id tells nothing), 403 for its other staff (decision 0303).
 */
async function requireManager(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
): Promise<void> {
  const access = (await loadFacilityAccess(prisma, staffMemberId)).find((f) => f.facilityId === facilityId);
  if (!access) throw notFound(`Facility ${facilityId} not found`);
  const permissions = derivePermissions({
    memberships: access.memberships.map((m) => ({ group: m.group as GroupId, isAdmin: m.isAdmin })),
  });
  if (!permissions.isManagement)
    throw forbidden('Only managers of this facility may read its response times');
}

const { DAY, EVENING, NIGHT } = RESPONSE_SHIFT_START_HOURS;
/** The shift of a step, from its hour of day (decision 0301). */
const SHIFT_SQL = `CASE WHEN r."hourOfDay" >= ${DAY} AND r."hourOfDay" < ${EVENING} THEN 'DAY'
  WHEN r."hourOfDay" >= ${EVENING} AND r."hourOfDay" < ${NIGHT} THEN 'EVENING' ELSE 'NIGHT' END`;
/** A unit belongs to a zone when any of the zone's unit tags matches it (decision 0056). */
const ZONE_MATCH_SQL = `(u.id = ANY(z."unitRids") OR u.ward = ANY(z.wards) OR u."careType" = ANY(z."careTypes")
  OR u.building = ANY(z.buildings) OR u.wing = ANY(z.wings) OR u.floor = ANY(z.floors))`;

/**
 * The steps of the period (facility-local dates, `to` included) and filters. Parameters: $1 facility, $2 from,
 * $3 to, $4 time zone, $5 shift or NULL, $6 care zone or NULL.
 */
const STEPS_SQL = `
  SELECT r.step::text AS step, r.seconds, r."staffMemberId", r."alertKind"::text AS "alertKind",
         r."hourOfDay", r."unitId", ${SHIFT_SQL} AS shift
    FROM "ResponseTimeStep" r
   WHERE r."facilityId" = $1
     AND r."createdAt" >= ($2::date)::timestamp AT TIME ZONE $4
     AND r."createdAt" < ($3::date + 1)::timestamp AT TIME ZONE $4
     AND ($5::text IS NULL OR ${SHIFT_SQL} = $5::text)
     AND ($6::text IS NULL OR r."unitId" IN (
           SELECT u.id FROM "Unit" u JOIN "CareZone" z ON z.id = $6::text AND z."facilityId" = $1
            WHERE u."facilityId" = $1 AND ${ZONE_MATCH_SQL}))`;

/** Both percentiles from one sort of each group's times. */
const FIGURES_SQL = `
  percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY s.seconds) AS pct,
  count(*)::int AS n`;

/**
 * Breakdowns by grouping sets, one sort of the period's rows per set. Two statements (overall, staff and
 * shift; alert kind and hour) run side by side on two connections.
 */
const BREAKDOWNS_SQL = [
  `WITH s AS (${STEPS_SQL})
   SELECT s.step, GROUPING(s."staffMemberId") AS "gStaff", GROUPING(s.shift) AS "gShift", 1 AS "gKind",
          1 AS "gHour", s."staffMemberId", s.shift, NULL AS "alertKind", NULL::int AS "hourOfDay", ${FIGURES_SQL}
     FROM s
    GROUP BY GROUPING SETS ((s.step), (s.step, s."staffMemberId"), (s.step, s.shift))`,
  `WITH s AS (${STEPS_SQL})
   SELECT s.step, 1 AS "gStaff", 1 AS "gShift", GROUPING(s."alertKind") AS "gKind",
          GROUPING(s."hourOfDay") AS "gHour", NULL AS "staffMemberId", NULL AS shift, s."alertKind",
          s."hourOfDay", ${FIGURES_SQL}
     FROM s
    GROUP BY GROUPING SETS ((s.step, s."alertKind"), (s.step, s."hourOfDay"))`,
];

/** By care zone: a unit may be in several zones, and its alerts count in each. */
const ZONES_SQL = `
WITH s AS (${STEPS_SQL}),
zu AS (SELECT z.id AS zone, u.id AS unit FROM "CareZone" z
         JOIN "Unit" u ON u."facilityId" = z."facilityId" AND ${ZONE_MATCH_SQL}
        WHERE z."facilityId" = $1)
SELECT s.step, zu.zone, ${FIGURES_SQL}
  FROM s JOIN zu ON zu.unit = s."unitId"
 GROUP BY s.step, zu.zone`;

interface FigureRow {
  step: ResponseStep;
  /** [p50, p90] */
  pct: number[];
  n: number;
}
interface BreakdownRow extends FigureRow {
  gStaff: number;
  gShift: number;
  gKind: number;
  gHour: number;
  staffMemberId: string | null;
  shift: ResponseShift | null;
  alertKind: AlertKind | null;
  hourOfDay: number | null;
}
interface ZoneRow extends FigureRow {
  zone: string;
}

const figureOf = (r: FigureRow): TResponseFigure => ({
  p50Seconds: Number(r.pct[0]),
  p90Seconds: Number(r.pct[1]),
  count: r.n,
});

/**
 * Sorting a year of a busy facility's times (~55,000 per step) needs more than the default 4 MB of work
 * memory; without it the sorts spill to disk. Raised for this statement's transaction only.
 */
const WORK_MEM = '32MB';
function readFigures<T>(prisma: PrismaClient, sql: string, params: unknown[]): Promise<T[]> {
  return prisma
    .$transaction([
      prisma.$executeRawUnsafe(`SELECT set_config('work_mem', '${WORK_MEM}', true)`),
      prisma.$queryRawUnsafe<T[]>(sql, ...params),
    ])
    .then(([, rows]) => rows);
}

/** Rows by key, each step's figures filled in where present. */
class RowSet {
  private readonly rows = new Map<string, TResponseTimesRow>();
  add(key: string, label: string, r: FigureRow): void {
    const row = this.rows.get(key) ?? { key, label, CLAIM: null, CONFIRM: null, RESOLVE: null };
    row[r.step] = figureOf(r);
    this.rows.set(key, row);
  }
  get(key: string): TResponseTimesRow | undefined {
    return this.rows.get(key);
  }
  list(order: (a: TResponseTimesRow, b: TResponseTimesRow) => number): TResponseTimesRow[] {
    return [...this.rows.values()].sort(order);
  }
}

const byLabel = (a: TResponseTimesRow, b: TResponseTimesRow) =>
  a.label.localeCompare(b.label) || a.key.localeCompare(b.key);
const byIndexIn =
  (keys: readonly string[]) =>
  (a: TResponseTimesRow, b: TResponseTimesRow): number =>
    keys.indexOf(a.key) - keys.indexOf(b.key);

/** The three statements of a request (parameters: facility, from, to, time zone, shift, zone); the bench runs them. */
export const RESPONSE_TIMES_STATEMENTS = [...BREAKDOWNS_SQL, ZONES_SQL];

export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/**
 * GET /insights/api/v1/responseTimes: the figures of the facility's alerts created in the period, from the
 * rollup's rows (decision 0303): two statements, each one scan of the period's rows.
 */
export async function responseTimes(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TResponseTimesQuery,
): Promise<TResponseTimesReply> {
  await requireManager(prisma, staffMemberId, query.facilityId);
  const facility = await prisma.facility.findUniqueOrThrow({
    where: { id: query.facilityId },
    select: { timezone: true },
  });
  const zones = await prisma.careZone.findMany({
    where: { facilityId: query.facilityId },
    select: { id: true, name: true },
  });
  if (query.careZoneId && !zones.some((z) => z.id === query.careZoneId)) {
    throw invalidInput([
      { field: 'querystring.careZoneId', rule: 'exists', message: 'must be a care zone of the facility' },
    ]);
  }
  const params = [
    query.facilityId,
    query.from,
    query.to,
    facility.timezone,
    query.shift ?? null,
    query.careZoneId ?? null,
  ];
  const [staffShift, kindHour, zoneRows, asOf] = await Promise.all([
    readFigures<BreakdownRow>(prisma, BREAKDOWNS_SQL[0]!, params),
    readFigures<BreakdownRow>(prisma, BREAKDOWNS_SQL[1]!, params),
    readFigures<ZoneRow>(prisma, ZONES_SQL, params),
    responseTimesWatermark(prismaRollupSql(prisma)),
  ]);
  const breakdowns = [...staffShift, ...kindHour];

  const staffIds = [
    ...new Set(breakdowns.flatMap((r) => (r.gStaff === 0 && r.staffMemberId ? [r.staffMemberId] : []))),
  ];
  const staff = staffIds.length
    ? await prisma.staffMember.findMany({
        where: { id: { in: staffIds } },
        select: { id: true, firstName: true, lastName: true },
      })
    : [];
  const staffNames = new Map(staff.map((s) => [s.id, `${s.firstName} ${s.lastName}`.trim()]));

  const overall = new RowSet();
  const byStaff = new RowSet();
  const byShift = new RowSet();
  const byKind = new RowSet();
  const byHour = new RowSet();
  for (const r of breakdowns) {
    if (r.gStaff === 0) {
      const key = r.staffMemberId ?? 'unknown';
      byStaff.add(
        key,
        r.staffMemberId ? (staffNames.get(r.staffMemberId) ?? 'Former staff member') : 'Unknown',
        r,
      );
    } else if (r.gShift === 0 && r.shift) byShift.add(r.shift, RESPONSE_SHIFT_LABELS[r.shift], r);
    else if (r.gKind === 0 && r.alertKind) byKind.add(r.alertKind, ALERT_KIND_LABELS[r.alertKind], r);
    else if (r.gHour === 0 && r.hourOfDay !== null)
      byHour.add(String(r.hourOfDay), hourLabel(r.hourOfDay), r);
    else overall.add('all', 'All alerts', r);
  }
  const byZone = new RowSet();
  const zoneNames = new Map(zones.map((z) => [z.id, z.name]));
  for (const r of zoneRows) byZone.add(r.zone, zoneNames.get(r.zone) ?? r.zone, r);

  return {
    facilityId: query.facilityId,
    from: query.from,
    to: query.to,
    timezone: facility.timezone,
    shift: query.shift ?? null,
    careZoneId: query.careZoneId ?? null,
    asOf: asOf?.toISOString() ?? null,
    overall: overall.get('all') ?? {
      key: 'all',
      label: 'All alerts',
      CLAIM: null,
      CONFIRM: null,
      RESOLVE: null,
    },
    byStaffMember: byStaff.list(byLabel),
    byShift: byShift.list(byIndexIn(RESPONSE_SHIFTS)),
    byCareZone: byZone.list(byLabel),
    byAlertKind: byKind.list(byIndexIn(ALERT_KINDS)),
    byHourOfDay: byHour.list((a, b) => Number(a.key) - Number(b.key)),
  };
}
