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
 * Seconds below this are counted in a dense histogram per group (the usual case: claim, bedside and resolve
 * times are minutes); longer ones are kept in a list and sorted. Exact either way (decision 0420).
 */
const DENSE_SECONDS = 4096;

/** The whole seconds of one group: counted by second below DENSE_SECONDS, listed above. */
class Histogram {
  /** Counts by second; grown (doubled, up to DENSE_SECONDS) when a longer time comes. */
  counts = new Uint32Array(256);
  /** The highest counted second + 1: the walk stops there. */
  top = 0;
  dense = 0;
  readonly over: number[] = [];
  add(seconds: number): void {
    if (seconds >= 0 && seconds < DENSE_SECONDS) {
      if (seconds >= this.top) {
        this.top = seconds + 1;
        if (seconds >= this.counts.length) this.grow(seconds);
      }
      this.counts[seconds]!++;
      this.dense++;
    } else this.over.push(seconds);
  }
  private grow(seconds: number): void {
    let length = this.counts.length;
    while (length <= seconds) length *= 2;
    const counts = new Uint32Array(Math.min(length, DENSE_SECONDS));
    counts.set(this.counts);
    this.counts = counts;
  }
  get size(): number {
    return this.dense + this.over.length;
  }
  /** The values at 0-based ranks (any order), in one walk over the counts. */
  valuesAt(ranks: readonly number[]): number[] {
    const over = this.over.length ? Int32Array.from(this.over).sort() : null;
    const { counts, top, dense } = this;
    const valueAt = new Map<number, number>();
    let seen = 0;
    let at = 0;
    for (const rank of [...ranks].sort((a, b) => a - b)) {
      if (rank >= dense) valueAt.set(rank, over![rank - dense]!);
      else {
        while (at < top && seen + counts[at]! <= rank) seen += counts[at++]!;
        valueAt.set(rank, at);
      }
    }
    return ranks.map((r) => valueAt.get(r)!);
  }
  /**
   * p50 and p90 as percentile_cont computes them (PostgreSQL, a spreadsheet's PERCENTILE.INC): interpolated
   * between the two values around rank p * (n - 1).
   */
  figure(): TResponseFigure {
    const n = this.size;
    const [r50, r90] = [0.5 * (n - 1), 0.9 * (n - 1)];
    const [a50, b50, a90, b90] = this.valuesAt([
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
}

/** The seconds of each group (a step of a breakdown row, `breakdown|key|step`), kept until the figures are made. */
class Groups {
  private readonly ids = new Map<string, number>();
  readonly histograms: Histogram[] = [];
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
      id = this.histograms.length;
      this.ids.set(group, id);
      this.histograms.push(new Histogram());
    }
    return id;
  }
  figure(group: string): TResponseFigure | null {
    const id = this.ids.get(group);
    const histogram = id === undefined ? undefined : this.histograms[id];
    return histogram?.size ? histogram.figure() : null;
  }
  /** The keys of a breakdown that has figures. */
  keys(breakdown: string): string[] {
    const keys = new Set<string>();
    const prefix = `${breakdown}|`;
    for (const [group, id] of this.ids) {
      if (group.startsWith(prefix) && this.histograms[id]!.size)
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
  const h = groups.histograms;
  // Shift filter resolved per hour of day, once.
  const hourIn = HOURS.map((hour) => !shift || shiftOf(hour) === shift);
  const perStep = new Map(
    RESPONSE_STEPS.map((s) => {
      const group = (name: string) => h[groups.id(name)]!;
      return [
        s,
        {
          all: group(`all|all|${s}`),
          unknown: group(`staff|unknown|${s}`),
          hour: HOURS.map((hour) => group(`hour|${hour}|${s}`)),
          shift: HOURS.map((hour) => group(`shift|${shiftOf(hour)}|${s}`)),
        },
      ];
    }),
  );
  // A day's dictionaries resolved to histograms once per distinct dictionary text and step (most days of a
  // facility share them), so the days' loop only indexes arrays.
  const dictionaries = new Map<string, Histogram[]>();
  const staffOf = (s: ResponseStep, text: string) => {
    const at = `staff|${s}|${text}`;
    let list = dictionaries.get(at);
    if (!list) dictionaries.set(at, (list = split(text).map((id) => h[groups.idOf('staff', id, s)]!)));
    return list;
  };
  const kindsOf = (s: ResponseStep, text: string) => {
    const at = `kind|${s}|${text}`;
    let list = dictionaries.get(at);
    if (!list) dictionaries.set(at, (list = split(text).map((kind) => h[groups.idOf('kind', kind, s)]!)));
    return list;
  };
  const unitDictionaries = new Map<string, { zones: Histogram[][]; unitIn: boolean[] }>();
  const unitsOf = (s: ResponseStep, text: string) => {
    const at = `${s}|${text}`;
    let units = unitDictionaries.get(at);
    if (!units) {
      const zonesOf = split(text).map((unit) => zonesOfUnit.get(unit) ?? []);
      units = {
        zones: zonesOf.map((zs) => zs.map((z) => h[groups.idOf('zone', z, s)]!)),
        unitIn: zonesOf.map((zs) => !zone || zs.includes(zone)),
      };
      unitDictionaries.set(at, units);
    }
    return units;
  };
  for (const day of days) {
    const s = day.step;
    const { all: allH, unknown: unknownH, hour: hourH, shift: shiftH } = perStep.get(s)!;
    const staffH = staffOf(s, day.staff);
    const kindH = kindsOf(s, day.kinds);
    const { zones: zoneH, unitIn } = unitsOf(s, day.units);
    const e = day.entries;
    for (let i = 0, o = 0; i < day.count; i++, o += 8) {
      // Big-endian int4 pairs (seconds, key), read without a DataView.
      const seconds = (e[o]! << 24) | (e[o + 1]! << 16) | (e[o + 2]! << 8) | e[o + 3]!;
      const key = (e[o + 4]! << 24) | (e[o + 5]! << 16) | (e[o + 6]! << 8) | e[o + 7]!;
      const hour = key & 31;
      if (!hourIn[hour]) continue;
      const unitIndex = key >>> 18;
      if (zone && !(unitIndex && unitIn[unitIndex - 1])) continue;
      const staffIndex = (key >>> 8) & 1023;
      allH.add(seconds);
      (staffIndex ? staffH[staffIndex - 1]! : unknownH).add(seconds);
      shiftH[hour]!.add(seconds);
      kindH[((key >>> 5) & 7) - 1]!.add(seconds);
      hourH[hour]!.add(seconds);
      if (unitIndex) for (const z of zoneH[unitIndex - 1]!) z.add(seconds);
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
