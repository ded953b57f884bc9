import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  type AlertKind,
  type GroupId,
  RESPONSE_SHIFT_LABELS,
  RESPONSE_SHIFT_START_HOURS,
  RESPONSE_SHIFTS,
  RESPONSE_STEPS,
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
/** The shift of an hour of day (decision 0301). */
const shiftOf = (hour: number): ResponseShift =>
  hour >= DAY && hour < EVENING ? 'DAY' : hour >= EVENING && hour < NIGHT ? 'EVENING' : 'NIGHT';
/** A unit belongs to a zone when any of the zone's unit tags matches it (decision 0056). */
const ZONE_MATCH_SQL = `(u.id = ANY(z."unitRids") OR u.ward = ANY(z.wards) OR u."careType" = ANY(z."careTypes")
  OR u.building = ANY(z.buildings) OR u.wing = ANY(z.wings) OR u.floor = ANY(z.floors))`;

/** The units of each care zone of the facility ($1). */
const ZONE_UNITS_SQL = `
SELECT z.id AS zone, u.id AS unit FROM "CareZone" z
  JOIN "Unit" u ON u."facilityId" = z."facilityId" AND ${ZONE_MATCH_SQL}
 WHERE z."facilityId" = $1`;

/**
 * The packed steps of the period (decision 0340): one row per facility-local day and step, $1 facility,
 * $2 from, $3 to (dates, both included). A year is ~1,100 rows of ~1.2 kB.
 */
const DAYS_SQL = `
SELECT step::text AS step, array_to_string("staffIds", ',') AS staff, array_to_string("unitIds", ',') AS units,
       array_to_string(kinds, ',') AS kinds, count, entries
  FROM "ResponseTimeDay"
 WHERE "facilityId" = $1 AND day >= $2::date AND day <= $3::date`;

/** A packed day; the dictionaries come as comma-separated text (arrays are slow to parse). */
interface DayRow {
  step: ResponseStep;
  staff: string;
  units: string;
  kinds: string;
  count: number;
  entries: Uint8Array;
}

const split = (list: string): string[] => (list ? list.split(',') : []);

/** The statement of a request's figures (parameters: facility, from, to); the bench runs it. */
export const RESPONSE_TIMES_STATEMENTS = [DAYS_SQL];

/**
 * The values at the given ranks (0-based, any order) of a list of whole seconds: counted when their range is
 * small (the usual case: a walk over counts), sorted otherwise.
 */
function valuesAtRanks(list: number[], ranks: number[]): number[] {
  let min = list[0]!;
  let max = min;
  for (const v of list) {
    if (v < min) min = v;
    else if (v > max) max = v;
  }
  if (max - min > 4 * list.length + 4096) {
    const sorted = Int32Array.from(list).sort();
    return ranks.map((r) => sorted[r]!);
  }
  const counts = new Uint32Array(max - min + 1);
  for (const v of list) counts[v - min]!++;
  const valueAt = new Map<number, number>();
  let seen = 0;
  let at = 0;
  for (const rank of [...ranks].sort((a, b) => a - b)) {
    while (seen + counts[at]! <= rank) seen += counts[at++]!;
    valueAt.set(rank, min + at);
  }
  return ranks.map((r) => valueAt.get(r)!);
}

/**
 * p50 and p90 as percentile_cont computes them (PostgreSQL, a spreadsheet's PERCENTILE.INC): interpolated
 * between the two values around rank p * (n - 1).
 */
function figureOf(list: number[]): TResponseFigure {
  const n = list.length;
  const [r50, r90] = [0.5 * (n - 1), 0.9 * (n - 1)];
  const [a50, b50, a90, b90] = valuesAtRanks(list, [
    Math.floor(r50),
    Math.ceil(r50),
    Math.floor(r90),
    Math.ceil(r90),
  ]) as [number, number, number, number];
  return {
    p50Seconds: a50 + (r50 - Math.floor(r50)) * (b50 - a50),
    p90Seconds: a90 + (r90 - Math.floor(r90)) * (b90 - a90),
    count: n,
  };
}

/** The seconds of each group (a step of a breakdown row, `breakdown|key|step`), kept until the figures are made. */
class Groups {
  private readonly ids = new Map<string, number>();
  private readonly times: number[][] = [];
  private readonly cache = new Map<string, Map<string, number>>();
  /** The group's index through a cache per breakdown and step (no text made per day). */
  idOf(breakdown: string, key: string, step: string): number {
    const at = `${breakdown}|${step}`;
    let ids = this.cache.get(at);
    if (!ids) {
      ids = new Map();
      this.cache.set(at, ids);
    }
    let id = ids.get(key);
    if (id === undefined) {
      id = this.id(`${breakdown}|${key}|${step}`);
      ids.set(key, id);
    }
    return id;
  }
  /** The group's index, made on first use. */
  id(group: string): number {
    let id = this.ids.get(group);
    if (id === undefined) {
      id = this.times.length;
      this.ids.set(group, id);
      this.times.push([]);
    }
    return id;
  }
  add(id: number, seconds: number): void {
    this.times[id]!.push(seconds);
  }
  figure(group: string): TResponseFigure | null {
    const id = this.ids.get(group);
    const list = id === undefined ? undefined : this.times[id];
    return list?.length ? figureOf(list) : null;
  }
  /** The keys of a breakdown that has figures. */
  keys(breakdown: string): string[] {
    const keys = new Set<string>();
    const prefix = `${breakdown}|`;
    for (const [group, id] of this.ids) {
      if (group.startsWith(prefix) && this.times[id]!.length)
        keys.add(group.slice(prefix.length, group.lastIndexOf('|')));
    }
    return [...keys];
  }
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const byLabel = (a: TResponseTimesRow, b: TResponseTimesRow) =>
  a.label.localeCompare(b.label) || a.key.localeCompare(b.key);
const byIndexIn =
  (keys: readonly string[]) =>
  (a: TResponseTimesRow, b: TResponseTimesRow): number =>
    keys.indexOf(a.key) - keys.indexOf(b.key);

export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/**
 * GET /insights/api/v1/responseTimes: the figures of the facility's alerts created in the period, from the
 * rollup's packed days (decisions 0303, 0340): one read of the period's rows, whole seconds counted here.
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
  const [days, zoneUnits, asOf] = await Promise.all([
    prisma.$queryRawUnsafe<DayRow[]>(DAYS_SQL, query.facilityId, query.from, query.to),
    prisma.$queryRawUnsafe<{ zone: string; unit: string }[]>(ZONE_UNITS_SQL, query.facilityId),
    responseTimesWatermark(prismaRollupSql(prisma)),
  ]);
  const zonesOfUnit = new Map<string, string[]>();
  for (const { zone, unit } of zoneUnits) zonesOfUnit.set(unit, [...(zonesOfUnit.get(unit) ?? []), zone]);
  const shift = query.shift ?? null;
  const zone = query.careZoneId ?? null;

  const groups = new Groups();
  const perStep = new Map(
    RESPONSE_STEPS.map((s) => [
      s,
      {
        all: groups.id(`all|all|${s}`),
        unknown: groups.id(`staff|unknown|${s}`),
        hour: HOURS.map((hour) => groups.id(`hour|${hour}|${s}`)),
        shift: HOURS.map((hour) => groups.id(`shift|${shiftOf(hour)}|${s}`)),
      },
    ]),
  );
  for (const day of days) {
    const s = day.step;
    // The groups of this day's dictionaries, resolved once: the loop below only indexes arrays.
    const { all, unknown, hour: hourGroups, shift: shiftGroups } = perStep.get(s)!;
    const staffGroups = split(day.staff).map((id) => groups.idOf('staff', id, s));
    const kindGroups = split(day.kinds).map((kind) => groups.idOf('kind', kind, s));
    const zonesOf = split(day.units).map((unit) => zonesOfUnit.get(unit) ?? []);
    const zoneGroups = zonesOf.map((zs) => zs.map((z) => groups.idOf('zone', z, s)));
    const view = new DataView(day.entries.buffer, day.entries.byteOffset, day.entries.byteLength);
    for (let i = 0; i < day.count; i++) {
      const seconds = view.getInt32(i * 8);
      const key = view.getInt32(i * 8 + 4);
      const hour = key & 31;
      if (shift && shiftOf(hour) !== shift) continue;
      const unitIndex = key >>> 18;
      if (zone && !(unitIndex && zonesOf[unitIndex - 1]!.includes(zone))) continue;
      const staffIndex = (key >>> 8) & 1023;
      groups.add(all, seconds);
      groups.add(staffIndex ? staffGroups[staffIndex - 1]! : unknown, seconds);
      groups.add(shiftGroups[hour]!, seconds);
      groups.add(kindGroups[((key >>> 5) & 7) - 1]!, seconds);
      groups.add(hourGroups[hour]!, seconds);
      if (unitIndex) for (const z of zoneGroups[unitIndex - 1]!) groups.add(z, seconds);
    }
  }
  const row = (breakdown: string, key: string, label: string): TResponseTimesRow => {
    const [CLAIM, CONFIRM, RESOLVE] = RESPONSE_STEPS.map((s) => groups.figure(`${breakdown}|${key}|${s}`));
    return { key, label, CLAIM: CLAIM ?? null, CONFIRM: CONFIRM ?? null, RESOLVE: RESOLVE ?? null };
  };

  const staffIds = groups.keys('staff').filter((id) => id !== 'unknown');
  const staff = staffIds.length
    ? await prisma.staffMember.findMany({
        where: { id: { in: staffIds } },
        select: { id: true, firstName: true, lastName: true },
      })
    : [];
  const staffNames = new Map(staff.map((s) => [s.id, `${s.firstName} ${s.lastName}`.trim()]));
  const zoneNames = new Map(zones.map((z) => [z.id, z.name]));

  return {
    facilityId: query.facilityId,
    from: query.from,
    to: query.to,
    timezone: facility.timezone,
    shift,
    careZoneId: zone,
    asOf: asOf?.toISOString() ?? null,
    overall: row('all', 'all', 'All alerts'),
    byStaffMember: groups
      .keys('staff')
      .map((id) =>
        row('staff', id, id === 'unknown' ? 'Unknown' : (staffNames.get(id) ?? 'Former staff member')),
      )
      .sort(byLabel),
    byShift: groups
      .keys('shift')
      .map((k) => row('shift', k, RESPONSE_SHIFT_LABELS[k as ResponseShift]))
      .sort(byIndexIn(RESPONSE_SHIFTS)),
    byCareZone: groups
      .keys('zone')
      .map((id) => row('zone', id, zoneNames.get(id) ?? id))
      .sort(byLabel),
    byAlertKind: groups
      .keys('kind')
      .map((k) => row('kind', k, ALERT_KIND_LABELS[k as AlertKind]))
      .sort(byIndexIn(ALERT_KINDS)),
    byHourOfDay: groups
      .keys('hour')
      .map((k) => row('hour', k, hourLabel(Number(k))))
      .sort((a, b) => Number(a.key) - Number(b.key)),
  };
}
