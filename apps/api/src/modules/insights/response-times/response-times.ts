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
export interface DayRow {
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
 * Seconds below this are counted in a dense histogram per group (the usual case: claim, bedside and resolve
 * times are minutes); longer ones are kept in a list and sorted. Exact either way (decision 0420).
 */
const DENSE_SECONDS = 4096;

/**
 * The whole seconds of each group (a step of a breakdown row, `breakdown|key|step`): groups are made first
 * (from the days' dictionaries), then counted into one flat array, DENSE_SECONDS counts per group.
 */
export class Groups {
  private readonly ids = new Map<string, number>();
  private readonly cache = new Map<string, Map<string, number>>();
  /** counts[group * DENSE_SECONDS + second]; sizes[group]: all its times; over: its times >= DENSE_SECONDS. */
  counts = new Uint32Array(0);
  sizes = new Uint32Array(0);
  readonly over = new Map<number, number[]>();
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
  /** The group's index, made on first use (before `allocate`). */
  id(group: string): number {
    let id = this.ids.get(group);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(group, id);
    }
    return id;
  }
  /** The counts of every group made so far. */
  allocate(): void {
    this.counts = new Uint32Array(this.ids.size * DENSE_SECONDS);
    this.sizes = new Uint32Array(this.ids.size);
  }
  /** A time outside the dense range. */
  addOver(id: number, seconds: number): void {
    let list = this.over.get(id);
    if (list) list.push(seconds);
    else this.over.set(id, [seconds]);
  }
  /** The values at 0-based ranks (any order), in one walk over the group's counts. */
  private valuesAt(id: number, ranks: readonly number[]): number[] {
    const overList = this.over.get(id);
    const over = overList ? Int32Array.from(overList).sort() : null;
    const dense = this.sizes[id]! - (overList?.length ?? 0);
    const { counts } = this;
    const base = id * DENSE_SECONDS;
    const valueAt = new Map<number, number>();
    let seen = 0;
    let at = 0;
    for (const rank of [...ranks].sort((a, b) => a - b)) {
      if (rank >= dense) valueAt.set(rank, over![rank - dense]!);
      else {
        while (seen + counts[base + at]! <= rank) seen += counts[base + at++]!;
        valueAt.set(rank, at);
      }
    }
    return ranks.map((r) => valueAt.get(r)!);
  }
  /**
   * p50 and p90 as percentile_cont computes them (PostgreSQL, a spreadsheet's PERCENTILE.INC): interpolated
   * between the two values around rank p * (n - 1). Null for a group without times.
   */
  figure(group: string): TResponseFigure | null {
    const id = this.ids.get(group);
    const n = id === undefined ? 0 : this.sizes[id]!;
    if (id === undefined || !n) return null;
    const [r50, r90] = [0.5 * (n - 1), 0.9 * (n - 1)];
    const [a50, b50, a90, b90] = this.valuesAt(id, [
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
  /** The keys of a breakdown that has figures. */
  keys(breakdown: string): string[] {
    const keys = new Set<string>();
    const prefix = `${breakdown}|`;
    for (const [group, id] of this.ids) {
      if (group.startsWith(prefix) && this.sizes[id])
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
 * The packed days counted into their groups' histograms: each entry once, into overall, its staff member (or
 * unknown), shift, alert kind, hour and care zones; entries outside the shift or care zone filter are skipped.
 */
export function countDays(
  days: readonly DayRow[],
  zonesOfUnit: ReadonlyMap<string, string[]>,
  shift: ResponseShift | null,
  zone: string | null,
): Groups {
  const groups = new Groups();
  // Shift filter resolved per hour of day, once.
  const hourIn = HOURS.map((hour) => !shift || shiftOf(hour) === shift);
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
  // A day's staff and kind dictionaries resolved once per distinct text and step (days share them).
  const dictionaries = new Map<string, number[]>();
  const listOf = (breakdown: string, s: ResponseStep, text: string) => {
    const at = `${breakdown}|${s}|${text}`;
    let list = dictionaries.get(at);
    if (!list) {
      list = split(text).map((key) => groups.idOf(breakdown, key, s));
      dictionaries.set(at, list);
    }
    return list;
  };
  // Units: a day's unit dictionary is rarely another day's (its alerts reach some of the units), so each unit
  // is resolved once per step: its zones' groups and whether it is in the zone filter.
  const unitsByStep = new Map<ResponseStep, Map<string, { zones: number[]; in: boolean }>>();
  const unitOf = (s: ResponseStep, unit: string) => {
    let units = unitsByStep.get(s);
    if (!units) {
      units = new Map();
      unitsByStep.set(s, units);
    }
    let resolved = units.get(unit);
    if (!resolved) {
      const zs = zonesOfUnit.get(unit) ?? [];
      resolved = { zones: zs.map((z) => groups.idOf('zone', z, s)), in: !zone || zs.includes(zone) };
      units.set(unit, resolved);
    }
    return resolved;
  };
  // First every day's groups (so all are made), then one flat count array, then the entries.
  const resolved = days.map((day) => ({
    staff: listOf('staff', day.step, day.staff),
    kinds: listOf('kind', day.step, day.kinds),
    units: split(day.units).map((unit) => unitOf(day.step, unit)),
  }));
  groups.allocate();
  const { counts, sizes } = groups;
  const add = (group: number, seconds: number) => {
    sizes[group]!++;
    if (seconds >= 0 && seconds < DENSE_SECONDS) counts[group * DENSE_SECONDS + seconds]!++;
    else groups.addOver(group, seconds);
  };
  for (let d = 0; d < days.length; d++) {
    const day = days[d]!;
    const { all, unknown, hour: hourGroups, shift: shiftGroups } = perStep.get(day.step)!;
    const { staff, kinds, units } = resolved[d]!;
    const e = day.entries;
    for (let i = 0, o = 0; i < day.count; i++, o += 8) {
      // Big-endian int4 pairs (seconds, key), read without a DataView.
      const seconds = (e[o]! << 24) | (e[o + 1]! << 16) | (e[o + 2]! << 8) | e[o + 3]!;
      const key = (e[o + 4]! << 24) | (e[o + 5]! << 16) | (e[o + 6]! << 8) | e[o + 7]!;
      const hour = key & 31;
      if (!hourIn[hour]) continue;
      const unitIndex = key >>> 18;
      if (zone && !(unitIndex && units[unitIndex - 1]!.in)) continue;
      const staffIndex = (key >>> 8) & 1023;
      add(all, seconds);
      add(staffIndex ? staff[staffIndex - 1]! : unknown, seconds);
      add(shiftGroups[hour]!, seconds);
      add(kinds[((key >>> 5) & 7) - 1]!, seconds);
      add(hourGroups[hour]!, seconds);
      if (unitIndex) for (const z of units[unitIndex - 1]!.zones) add(z, seconds);
    }
  }
  return groups;
}

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

  const groups = countDays(days, zonesOfUnit, shift, zone);
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
