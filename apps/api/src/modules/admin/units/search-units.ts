import type {
  TSearchUnitsReply,
  TSearchUnitsRequest,
  TUnitDetailReply,
  TUnitWithOccupants,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { forbidden, notFound } from '@sage/service-kit/errors';
import { loadFacilityAccess } from '../staff/access';

/** An allow-list of the unit fields a reply carries, with the residents living there (not archived). */
const UNIT_WITH_OCCUPANTS = {
  id: true,
  displayName: true,
  careType: true,
  ward: true,
  building: true,
  wing: true,
  floor: true,
  phoneNumber: true,
  facilityId: true,
  residents: {
    where: { isArchived: false },
    select: {
      id: true,
      firstName: true,
      middleName: true,
      lastName: true,
      preferredName: true,
      isOnHold: true,
    },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.UnitSelect;

type UnitRow = Prisma.UnitGetPayload<{ select: typeof UNIT_WITH_OCCUPANTS }>;

const toUnit = ({ residents, ...unit }: UnitRow): TUnitWithOccupants => ({
  ...unit,
  currentOccupants: residents,
});

/** The caller's facilities, narrowed to those asked for; 403 for a facility they do not work in. */
async function facilityScope(
  prisma: PrismaClient,
  staffMemberId: string,
  facilityIds: string[] | undefined,
): Promise<string[]> {
  const mine = (await loadFacilityAccess(prisma, staffMemberId)).map((f) => f.facilityId);
  if (!facilityIds?.length) return mine;
  const foreign = facilityIds.find((id) => !mine.includes(id));
  if (foreign) throw forbidden(`You have no access to facility ${foreign}`);
  return facilityIds;
}

/**
 * POST /units/search: units of the caller's facilities (or those asked for) with their current occupants.
 * careZoneIds keeps the units of any of those zones (a unit belongs to a zone when any of the zone's unit
 * tags matches it, docs/decisions/0056); careTypes keeps those care types.
 */
export async function searchUnits(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSearchUnitsRequest,
): Promise<TSearchUnitsReply> {
  const facilityIds = await facilityScope(prisma, staffMemberId, body.facilityIds);
  // Archived units are out of every picker (decision 0612).
  const where: Prisma.UnitWhereInput = { facilityId: { in: facilityIds }, isArchived: false };
  const and: Prisma.UnitWhereInput[] = [];
  if (body.careTypes?.length) and.push({ careType: { in: body.careTypes } });
  if (body.careZoneIds?.length) {
    const zones = await prisma.careZone.findMany({
      where: { id: { in: body.careZoneIds }, facilityId: { in: facilityIds } },
    });
    and.push({
      OR: zones.flatMap((zone) => [
        { id: { in: zone.unitRids } },
        { ward: { in: zone.wards } },
        { careType: { in: zone.careTypes } },
        { building: { in: zone.buildings } },
        { wing: { in: zone.wings } },
        { floor: { in: zone.floors } },
      ]),
    });
  }
  if (and.length) where.AND = and;
  const rows = await prisma.unit.findMany({
    where,
    select: UNIT_WITH_OCCUPANTS,
    orderBy: [{ facilityId: 'asc' }, { displayName: 'asc' }, { id: 'asc' }],
    take: body.pageSize,
  });
  return { units: rows.map(toUnit) };
}

/** GET /units/{unitId}: the unit, its occupants and the devices of the unit and of its occupants; 404 elsewhere. */
export async function getUnit(
  prisma: PrismaClient,
  staffMemberId: string,
  unitId: string,
): Promise<TUnitDetailReply> {
  const facilityIds = await facilityScope(prisma, staffMemberId, undefined);
  const row = await prisma.unit.findFirst({
    where: { id: unitId, facilityId: { in: facilityIds } },
    select: UNIT_WITH_OCCUPANTS,
  });
  if (!row) throw notFound(`Unit ${unitId} not found`);
  const unit = toUnit(row);
  const allocations = await prisma.deviceAllocation.findMany({
    where: {
      facilityId: row.facilityId,
      isActive: true,
      OR: [{ unitId }, { residentId: { in: unit.currentOccupants.map((r) => r.id) } }],
    },
    select: {
      id: true,
      displayName: true,
      room: true,
      isCheckIn: true,
      residentId: true,
      device: {
        select: { id: true, type: true, hardwareId: true, batteryLevel: true, lastPressTimestamp: true },
      },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return {
    ...unit,
    devices: allocations.map((a) => ({
      allocationId: a.id,
      deviceId: a.device.id,
      type: a.device.type,
      hardwareId: a.device.hardwareId,
      displayName: a.displayName,
      room: a.room,
      isCheckIn: a.isCheckIn,
      residentId: a.residentId,
      batteryLevel: a.device.batteryLevel,
      lastPressTimestamp: a.device.lastPressTimestamp?.getTime() ?? null,
    })),
  };
}
