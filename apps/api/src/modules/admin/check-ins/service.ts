import {
  CheckInErrorCode,
  CheckInMessages,
  type TCheckIn,
  type TCheckInReply,
  type TCreateCheckInRequest,
  type TListCheckInsQuery,
  type TSearchCheckInsReply,
  type TSearchCheckInsRequest,
  type TUpdateCheckInRequest,
  ZStaffCheckInReasonSchema,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { checkInDayOfPress, derivePermissions, isBeforeDailyCheckIn, isUnitOnHold } from '@sage/domain';
import { conflict, forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { type FacilityAccess, loadFacilityAccess, resolveFacilityScope } from '../staff/access';

const CHECK_IN_SELECT = {
  id: true,
  status: true,
  checkInReason: true,
  checkInTimestamp: true,
  date: true,
  facilityId: true,
  isOnHold: true,
  unit: { select: { id: true, displayName: true } },
} as const;

type CheckInRow = Prisma.CheckInGetPayload<{ select: typeof CHECK_IN_SELECT }>;

const toDay = (date: Date): string => date.toISOString().slice(0, 10);
const dbDate = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

function toReply(row: CheckInRow): TCheckInReply {
  return {
    id: row.id,
    status: row.status,
    checkInReason: row.checkInReason,
    checkInTimestamp: row.checkInTimestamp ? row.checkInTimestamp.getTime() : null,
    unit: row.unit,
    date: toDay(row.date),
    facilityId: row.facilityId,
    isOnHold: row.isOnHold,
  };
}

/** "Only staff who can view alerts change check-ins": care staff and management (docs/decisions/0056). */
function canChangeCheckIns(access: FacilityAccess): boolean {
  const permissions = derivePermissions({
    // Groups outside the spec (Activities) carry no permission.
    memberships: access.memberships.map((m) => ({ group: m.group as never, isAdmin: m.isAdmin })),
  });
  return permissions.canViewAlerts || permissions.alertsPolled;
}

/** The caller's access to a facility, or a 404 (another facility's check-in or unit is not found). */
async function accessTo(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityId: string,
  what: string,
): Promise<FacilityAccess> {
  const access = (await loadFacilityAccess(prisma, staffMemberId)).find((f) => f.facilityId === facilityId);
  if (!access) throw notFound(`${what} not found`);
  return access;
}

function assertMayChange(access: FacilityAccess): void {
  if (!canChangeCheckIns(access)) throw forbidden('You may not change check-ins');
}

/** Today's check-in day of a facility: the same rule as a check-in button press (day begins at 4:00 am). */
const todayIn = (timeZone: string, now: Date): string => checkInDayOfPress(now, timeZone);

/** Whether a unit belongs to a care zone: any of the zone's non-empty unit tags matches (docs/decisions/0056). */
function inCareZone(
  unit: {
    id: string;
    careType: string;
    ward: string | null;
    building: string | null;
    wing: string | null;
    floor: string | null;
  },
  zone: {
    unitRids: string[];
    wards: string[];
    careTypes: string[];
    buildings: string[];
    wings: string[];
    floors: string[];
  },
): boolean {
  const has = (list: string[], value: string | null) => value != null && list.includes(value);
  return (
    zone.unitRids.includes(unit.id) ||
    has(zone.wards, unit.ward) ||
    zone.careTypes.includes(unit.careType) ||
    has(zone.buildings, unit.building) ||
    has(zone.wings, unit.wing) ||
    has(zone.floors, unit.floor)
  );
}

/**
 * GET /checkIns: the check-ins of a day (default: each facility's check-in day now) for the independent-living
 * units of the caller's facilities. A unit without a check-in row for the day is listed as PENDING with id null.
 */
export async function listCheckIns(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListCheckInsQuery,
  now: Date = new Date(),
): Promise<TCheckIn[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, query);
  if (!facilityIds.length) return [];
  const facilities = await prisma.facility.findMany({
    where: { id: { in: facilityIds } },
    select: { id: true, timezone: true },
  });
  const zone = query.careZoneId
    ? await prisma.careZone.findFirst({ where: { id: query.careZoneId, facilityId: { in: facilityIds } } })
    : null;
  if (query.careZoneId && !zone) throw notFound('Care zone not found');

  const result: TCheckIn[] = [];
  for (const facility of facilities) {
    if (zone && zone.facilityId !== facility.id) continue;
    const day = query.date ?? todayIn(facility.timezone, now);
    const units = (
      await prisma.unit.findMany({
        where: {
          facilityId: facility.id,
          ...(query.unitId ? { id: query.unitId } : { careType: 'INDEPENDENT_LIVING', isArchived: false }),
        },
        select: {
          id: true,
          displayName: true,
          careType: true,
          ward: true,
          building: true,
          wing: true,
          floor: true,
          residents: { select: { isOnHold: true, isArchived: true } },
        },
        orderBy: { displayName: 'asc' },
      })
    ).filter((u) => !zone || inCareZone(u, zone));
    const rows = await prisma.checkIn.findMany({
      where: { facilityId: facility.id, date: dbDate(day), unitId: { in: units.map((u) => u.id) } },
      select: CHECK_IN_SELECT,
    });
    const byUnit = new Map(rows.map((r) => [r.unit.id, toReply(r)]));
    for (const unit of units) {
      // Not stored yet: listed as the daily check-in job will create it (SKIPPED_ON_HOLD for a unit on hold).
      const onHold = isUnitOnHold(unit.residents);
      const checkIn: TCheckIn = byUnit.get(unit.id) ?? {
        id: null,
        status: onHold ? 'SKIPPED_ON_HOLD' : 'PENDING',
        checkInReason: null,
        checkInTimestamp: null,
        unit: { id: unit.id, displayName: unit.displayName },
        date: day,
        facilityId: facility.id,
        isOnHold: onHold,
      };
      if (query.status && checkIn.status !== query.status) continue;
      if (query.isOnHold !== undefined && checkIn.isOnHold !== query.isOnHold) continue;
      result.push(checkIn);
    }
  }
  return result;
}

/** GET /checkIns/{checkInId}: a check-in of the caller's facilities (404 otherwise). */
export async function getCheckIn(
  prisma: PrismaClient,
  staffMemberId: string,
  checkInId: string,
): Promise<TCheckInReply> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, {});
  const row = await prisma.checkIn.findFirst({
    where: { id: checkInId, facilityId: { in: facilityIds } },
    select: CHECK_IN_SELECT,
  });
  if (!row) throw notFound('Check-in not found');
  return toReply(row);
}

/** POST /checkIns: today's check-in of a unit (the check-in day as the worker computes it), created PENDING when missing. */
export async function getOrCreateCheckIn(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateCheckInRequest,
  now: Date = new Date(),
): Promise<TCheckInReply> {
  const unit = await prisma.unit.findUnique({
    where: { id: body.unitId },
    select: {
      id: true,
      facilityId: true,
      enterpriseId: true,
      facility: { select: { timezone: true } },
      residents: { select: { isOnHold: true, isArchived: true } },
    },
  });
  if (!unit) throw notFound('Unit not found');
  assertMayChange(await accessTo(prisma, staffMemberId, unit.facilityId, 'Unit'));
  const date = dbDate(todayIn(unit.facility.timezone, now));
  const row = await prisma.checkIn.upsert({
    where: { facilityId_unitId_date: { facilityId: unit.facilityId, unitId: unit.id, date } },
    // Created as the daily check-in job would (docs/decisions/0230): SKIPPED_ON_HOLD for a unit on hold.
    create: {
      facilityId: unit.facilityId,
      enterpriseId: unit.enterpriseId,
      unitId: unit.id,
      date,
      ...(isUnitOnHold(unit.residents) ? { status: 'SKIPPED_ON_HOLD' as const, isOnHold: true } : {}),
    },
    update: {},
    select: CHECK_IN_SELECT,
  });
  return toReply(row);
}

/**
 * PUT /checkIns/{checkInId}: COMPLETE with a staff reason (sets the time and who checked in), or PENDING
 * ("Removing a check-in sets status back to PENDING": reason and time cleared).
 * "Check-in: blocked during downtime": from midnight to 4:00 am facility time, while the check-in day rolls
 * over, a change is a 409 CHECK_IN_DOWNTIME 'Daily check-in begins at 4:00 am' (docs/decisions/0059).
 */
export async function updateCheckIn(
  prisma: PrismaClient,
  staffMemberId: string,
  checkInId: string,
  body: TUpdateCheckInRequest,
  now: Date = new Date(),
): Promise<TCheckInReply> {
  const existing = await prisma.checkIn.findUnique({
    where: { id: checkInId },
    select: {
      facilityId: true,
      status: true,
      isOnHold: true,
      date: true,
      facility: { select: { timezone: true } },
    },
  });
  if (!existing) throw notFound('Check-in not found');
  assertMayChange(await accessTo(prisma, staffMemberId, existing.facilityId, 'Check-in'));

  let data: Prisma.CheckInUpdateManyMutationInput;
  if (body.status === 'COMPLETE') {
    const reason = ZStaffCheckInReasonSchema.safeParse(body.checkInReason);
    if (!reason.success) {
      throw invalidInput([
        {
          field: 'body.checkInReason',
          rule: 'enum',
          message:
            'A completed check-in needs a reason: CALLED_RESIDENT, SEEN_IN_PERSON or TEAM_MEMBER_VERIFIED',
        },
      ]);
    }
    data = {
      status: 'COMPLETE',
      checkInReason: reason.data,
      checkInTimestamp: now,
      checkedInById: staffMemberId,
    };
  } else if (body.status === 'PENDING') {
    data = { status: 'PENDING', checkInReason: null, checkInTimestamp: null, checkedInById: null };
  } else {
    throw invalidInput([
      { field: 'body.status', rule: 'enum', message: 'Staff may set a check-in to COMPLETE or PENDING only' },
    ]);
  }
  if (isBeforeDailyCheckIn(now, existing.facility.timezone)) {
    throw conflict(CheckInMessages.dailyCheckInBegins, CheckInErrorCode.CHECK_IN_DOWNTIME);
  }
  if (existing.isOnHold || existing.status === 'SKIPPED_ON_HOLD') {
    throw conflict('This check-in is on hold', CheckInErrorCode.CHECK_IN_ON_HOLD);
  }
  // Only the current day's check-in changes, and only PENDING -> COMPLETE or COMPLETE -> PENDING: the update is
  // conditional, so of two staff checking in (or removing) at once one wins and the other gets a 409
  // (docs/decisions/0235).
  const from = body.status === 'COMPLETE' ? 'PENDING' : 'COMPLETE';
  const today = dbDate(todayIn(existing.facility.timezone, now));
  const { count } = await prisma.checkIn.updateMany({
    where: { id: checkInId, status: from, isOnHold: false, date: today },
    data,
  });
  if (count === 0) {
    throw conflict(
      existing.date.getTime() !== today.getTime()
        ? "This check-in's day has passed"
        : body.status === 'COMPLETE'
          ? 'This unit is already checked in'
          : 'This check-in was already removed',
      CheckInErrorCode.CHECK_IN_CHANGED,
    );
  }
  const row = await prisma.checkIn.findUniqueOrThrow({ where: { id: checkInId }, select: CHECK_IN_SELECT });
  return toReply(row);
}

/**
 * POST /checkIns/search: stored check-ins of the caller's facilities where they see check-ins (care staff,
 * nurses and management: those who see or answer alerts; others 403), filtered and paged; newest day first,
 * then by unit name (docs/decisions/0231).
 */
export async function searchCheckIns(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSearchCheckInsRequest,
): Promise<TSearchCheckInsReply> {
  if (body.fromDate && body.toDate && body.fromDate > body.toDate) {
    throw invalidInput([
      { field: 'body.toDate', rule: 'range', message: 'toDate must not be before fromDate' },
    ]);
  }
  let access = await loadFacilityAccess(prisma, staffMemberId);
  if (body.enterpriseId) {
    access = access.filter((f) => f.enterpriseId === body.enterpriseId);
    if (!access.length) throw forbidden(`You have no access to enterprise ${body.enterpriseId}`);
  }
  if (body.facilityIds) {
    const mine = new Set(access.map((f) => f.facilityId));
    const foreign = body.facilityIds.find((id) => !mine.has(id));
    if (foreign) throw forbidden(`You have no access to facility ${foreign}`);
    const wanted = new Set(body.facilityIds);
    access = access.filter((f) => wanted.has(f.facilityId));
  }
  const allowed = access.filter(canChangeCheckIns);
  if (access.length && !allowed.length) throw forbidden('You may not see check-ins');
  const facilityIds = allowed.map((f) => f.facilityId);

  let unitIds: string[] | undefined = body.unitIds;
  if (body.careZoneIds?.length) {
    const zones = await prisma.careZone.findMany({
      where: { id: { in: body.careZoneIds }, facilityId: { in: facilityIds } },
    });
    const missing = body.careZoneIds.find((id) => !zones.some((z) => z.id === id));
    if (missing) throw notFound(`Care zone ${missing} not found`);
    const units = await prisma.unit.findMany({
      where: { facilityId: { in: zones.map((z) => z.facilityId) }, isArchived: false },
      select: {
        id: true,
        facilityId: true,
        careType: true,
        ward: true,
        building: true,
        wing: true,
        floor: true,
      },
    });
    const inZones = units
      .filter((u) => zones.some((z) => z.facilityId === u.facilityId && inCareZone(u, z)))
      .map((u) => u.id);
    unitIds = unitIds ? unitIds.filter((id) => inZones.includes(id)) : inZones;
  }

  const where: Prisma.CheckInWhereInput = {
    facilityId: { in: facilityIds },
    ...(unitIds ? { unitId: { in: unitIds } } : {}),
    ...(body.fromDate || body.toDate
      ? {
          date: {
            ...(body.fromDate ? { gte: dbDate(body.fromDate) } : {}),
            ...(body.toDate ? { lte: dbDate(body.toDate) } : {}),
          },
        }
      : {}),
    ...(body.statuses ? { status: { in: body.statuses } } : {}),
    ...(body.isOnHold !== undefined ? { isOnHold: body.isOnHold } : {}),
  };
  const [totalCount, rows] = await prisma.$transaction([
    prisma.checkIn.count({ where }),
    prisma.checkIn.findMany({
      where,
      select: CHECK_IN_SELECT,
      orderBy: [{ date: 'desc' }, { unit: { displayName: 'asc' } }, { id: 'asc' }],
      skip: body.pageNumber * body.pageSize,
      take: body.pageSize,
    }),
  ]);
  return { checkIns: rows.map(toReply), pageNumber: body.pageNumber, pageSize: body.pageSize, totalCount };
}
