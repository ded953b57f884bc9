import type { TListResidentsQuery, TResidentReply } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { derivePermissions } from '@sage/domain';
import { notFound } from '../../../plugins/app/errors';
import { loadFacilityAccess, resolveFacilityScope } from '../staff/access';

/** The fields of a resident reply: an allow-list (a new column never leaks). */
const RESIDENT_SELECT = {
  id: true,
  facilityId: true,
  salutation: true,
  firstName: true,
  middleName: true,
  lastName: true,
  preferredName: true,
  dateOfBirth: true,
  isRoutineCheckEnabled: true,
  isOnHold: true,
  isArchived: true,
  unit: { select: { id: true, displayName: true, careType: true } },
  facility: { select: { routineCheckIntervalInMin: true } },
  healthInfo: { select: { resuscitationStrategy: true, hospiceStatus: true } },
} as const;

type ResidentRow = {
  id: string;
  facilityId: string;
  salutation: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  preferredName: string | null;
  dateOfBirth: Date | null;
  isRoutineCheckEnabled: boolean;
  isOnHold: boolean;
  isArchived: boolean;
  unit: TResidentReply['unit'];
  facility: { routineCheckIntervalInMin: number | null };
  healthInfo: { resuscitationStrategy: string; hospiceStatus: string } | null;
};

/** Facilities where the caller may see PHI ("code status and hospice status appear only with PHI access"). */
async function phiFacilities(prisma: PrismaClient, staffMemberId: string): Promise<Set<string>> {
  const access = await loadFacilityAccess(prisma, staffMemberId);
  return new Set(
    access
      .filter(
        (f) =>
          // Groups outside the spec (Activities) carry no permission.
          derivePermissions({
            memberships: f.memberships.map((m) => ({ group: m.group as never, isAdmin: m.isAdmin })),
          }).canSeePHI,
      )
      .map((f) => f.facilityId),
  );
}

function toReply(row: ResidentRow, phi: Set<string>): TResidentReply {
  const { healthInfo, dateOfBirth, facility, ...rest } = row;
  return {
    ...rest,
    routineCheckIntervalInMin: facility.routineCheckIntervalInMin,
    dateOfBirth: dateOfBirth ? dateOfBirth.toISOString().slice(0, 10) : null,
    health: phi.has(row.facilityId)
      ? {
          resuscitationStrategy: (healthInfo?.resuscitationStrategy ?? 'UNKNOWN') as NonNullable<
            TResidentReply['health']
          >['resuscitationStrategy'],
          hospiceStatus: (healthInfo?.hospiceStatus ?? 'UNKNOWN') as NonNullable<
            TResidentReply['health']
          >['hospiceStatus'],
        }
      : null,
  };
}

/** GET /residents: residents of the caller's facilities (or the one asked for), by last then first name. */
export async function listResidents(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListResidentsQuery,
): Promise<TResidentReply[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, query);
  const [rows, phi] = await Promise.all([
    prisma.resident.findMany({
      where: {
        facilityId: { in: facilityIds },
        isArchived: query.isArchived ?? false,
        ...(query.unitId ? { unitId: query.unitId } : {}),
      },
      select: RESIDENT_SELECT,
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    }),
    phiFacilities(prisma, staffMemberId),
  ]);
  return rows.map((row) => toReply(row as ResidentRow, phi));
}

/** GET /residents/{residentId}: 404 for a resident of a facility the caller does not work in. */
export async function getResident(
  prisma: PrismaClient,
  staffMemberId: string,
  residentId: string,
): Promise<TResidentReply> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, {});
  const row = await prisma.resident.findFirst({
    where: { id: residentId, facilityId: { in: facilityIds } },
    select: RESIDENT_SELECT,
  });
  if (!row) throw notFound(`Resident ${residentId} not found`);
  return toReply(row as ResidentRow, await phiFacilities(prisma, staffMemberId));
}
