import type {
  TCareZoneDetail,
  TCreateCareZoneRequest,
  TUnitTagsRequest,
  TUpdateCareZoneRequest,
} from '@sage/contract';
import { type Db, isUniqueViolation, type Prisma, type PrismaClient } from '@sage/db';
import { conflict, HttpError, invalidInput, notFound } from '@sage/service-kit/errors';
import { callerAtRecord, managerAtFacility, nextStamp, requireManager } from '../residents/community-access';
import { CARE_ZONE_SELECT, toCareZone } from '../staff/staff-shape';

const DETAIL_SELECT = { ...CARE_ZONE_SELECT, updatedAt: true } as const satisfies Prisma.CareZoneSelect;
type ZoneRow = Prisma.CareZoneGetPayload<{ select: typeof DETAIL_SELECT }>;

/** The units a zone takes in: any of its unit tags matches (docs/decisions/0056), as POST /units/search does. */
async function toDetail(db: Db, zone: ZoneRow): Promise<TCareZoneDetail> {
  const or: Prisma.UnitWhereInput[] = [
    { id: { in: zone.unitRids } },
    { ward: { in: zone.wards } },
    { careType: { in: zone.careTypes } },
    { building: { in: zone.buildings } },
    { wing: { in: zone.wings } },
    { floor: { in: zone.floors } },
  ];
  const units = await db.unit.findMany({
    where: { facilityId: zone.facilityId, isArchived: false, OR: or },
    select: { id: true, displayName: true, careType: true },
    orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
  });
  return { ...toCareZone(zone), units, updateTimestampMs: zone.updatedAt.getTime() };
}

const nameTaken = (name: string) =>
  new HttpError(
    409,
    `body.name: a care zone named '${name}' already exists in this facility`,
    'CARE_ZONE_NAME_TAKEN',
    [
      {
        field: 'body.name',
        rule: 'unique',
        message: 'A care zone of this name already exists in this facility',
      },
    ],
  );

/** Tag lists as stored (deduplicated); unit ids must be units of the zone's facility (400 naming the index). */
async function tagColumns(db: Db, facilityId: string, tags: TUnitTagsRequest | undefined) {
  if (!tags) return {};
  const uniq = <T>(list: T[] | undefined) => (list ? [...new Set(list)] : undefined);
  if (tags.unitRids?.length) {
    const found = await db.unit.findMany({
      where: { facilityId, id: { in: tags.unitRids } },
      select: { id: true },
    });
    const known = new Set(found.map((u) => u.id));
    const bad = tags.unitRids.findIndex((id) => !known.has(id));
    if (bad >= 0) {
      throw invalidInput([
        {
          field: `body.unitTags.unitRids.${bad}`,
          rule: 'facility',
          message: 'No such unit in this facility',
        },
      ]);
    }
  }
  const columns = {
    unitRids: uniq(tags.unitRids),
    wards: uniq(tags.wards),
    careTypes: uniq(tags.careTypes),
    buildings: uniq(tags.buildings),
    wings: uniq(tags.wings),
    floors: uniq(tags.floors),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** POST /careZones: management of the facility; 409 when the name is taken. */
export async function createCareZone(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateCareZoneRequest,
): Promise<TCareZoneDetail> {
  const at = await managerAtFacility(prisma, staffMemberId, body.facilityId);
  try {
    return await prisma.$transaction(async (tx) => {
      const zone = await tx.careZone.create({
        data: {
          facilityId: body.facilityId,
          enterpriseId: at.enterpriseId,
          name: body.name,
          ...(await tagColumns(tx, body.facilityId, body.unitTags)),
        },
        select: DETAIL_SELECT,
      });
      return toDetail(tx, zone);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name);
    throw error;
  }
}

async function zoneFor(prisma: PrismaClient, staffMemberId: string, careZoneId: string) {
  const zone = await prisma.careZone.findUnique({ where: { id: careZoneId }, select: DETAIL_SELECT });
  const at = await callerAtRecord(prisma, staffMemberId, zone, `Care zone ${careZoneId}`);
  return { zone: zone!, at };
}

/** GET /careZones/{careZoneId}: anyone working in the facility (staff pick zones to work in). */
export async function getCareZone(
  prisma: PrismaClient,
  staffMemberId: string,
  careZoneId: string,
): Promise<TCareZoneDetail> {
  const { zone } = await zoneFor(prisma, staffMemberId, careZoneId);
  return toDetail(prisma, zone);
}

/** POST /careZones/{careZoneId} (update): the name and each tag list sent replace the stored ones. */
export async function updateCareZone(
  prisma: PrismaClient,
  staffMemberId: string,
  careZoneId: string,
  body: TUpdateCareZoneRequest,
): Promise<TCareZoneDetail> {
  const { zone, at } = await zoneFor(prisma, staffMemberId, careZoneId);
  requireManager(at);
  try {
    return await prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ updatedAt: Date }[]>`
        SELECT "updatedAt" FROM "CareZone" WHERE id = ${careZoneId} FOR UPDATE`;
      if (!row) throw notFound(`Care zone ${careZoneId} not found`);
      if (body.ifUpdateTimestampMs !== undefined && row.updatedAt.getTime() !== body.ifUpdateTimestampMs) {
        throw conflict(
          'This care zone was changed by someone else meanwhile; reload and try again',
          'STALE_WRITE',
        );
      }
      const updated = await tx.careZone.update({
        where: { id: careZoneId },
        data: {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(await tagColumns(tx, zone.facilityId, body.unitTags)),
          updatedAt: nextStamp(row.updatedAt),
        },
        select: DETAIL_SELECT,
      });
      return toDetail(tx, updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name ?? '');
    throw error;
  }
}

/**
 * DELETE /careZones/{careZoneId}: management. Staff who worked in it simply no longer have it among their zones
 * (docs/decisions/0154).
 */
export async function deleteCareZone(
  prisma: PrismaClient,
  staffMemberId: string,
  careZoneId: string,
): Promise<{ id: string }> {
  const { at } = await zoneFor(prisma, staffMemberId, careZoneId);
  requireManager(at);
  const { count } = await prisma.careZone.deleteMany({ where: { id: careZoneId } });
  if (!count) throw notFound(`Care zone ${careZoneId} not found`);
  return { id: careZoneId };
}
