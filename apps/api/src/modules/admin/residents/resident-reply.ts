import type { TResidentHealthInfoReply, TResidentReply } from '@sage/contract';
import { normaliseHospiceStatus, normaliseResuscitationStrategy } from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { ageOn, residentReadAccess } from '@sage/domain';
import type { CallerAt } from './community-access';

const HEALTH_SELECT = {
  memoryLevel: true,
  continenceLevel: true,
  productProvider: true,
  wearsPads: true,
  wearsPullups: true,
  wearsBriefs: true,
  safetyLevel: true,
  feedingLevel: true,
  bathingLevel: true,
  toiletingLevel: true,
  transferringLevel: true,
  mobilityLevel: true,
  dressingLevel: true,
  groomingLevel: true,
  resuscitationStrategy: true,
  hospiceStatus: true,
} as const satisfies Prisma.ResidentHealthInfoSelect;

type HealthRow = Prisma.ResidentHealthInfoGetPayload<{ select: typeof HEALTH_SELECT }>;

/** The fields of a resident reply: an allow-list (a new column never leaks). */
export const RESIDENT_SELECT = {
  id: true,
  facilityId: true,
  salutation: true,
  firstName: true,
  middleName: true,
  lastName: true,
  preferredName: true,
  dateOfBirth: true,
  personalPhone: true,
  email: true,
  profilePictureUrl: true,
  isRoutineCheckEnabled: true,
  isOnHold: true,
  isArchived: true,
  createdAt: true,
  updatedAt: true,
  unit: { select: { id: true, displayName: true, careType: true } },
  facility: {
    select: {
      routineCheckIntervalInMin: true,
      timezone: true,
      ehrLockedFields: { select: { resourceField: true }, orderBy: { resourceField: 'asc' } },
    },
  },
  healthInfo: { select: HEALTH_SELECT },
  deviceAllocations: {
    where: { isActive: true, device: { type: 'SAGE_BUTTON' } },
    select: { id: true },
    take: 1,
  },
} as const satisfies Prisma.ResidentSelect;

export type ResidentRow = Prisma.ResidentGetPayload<{ select: typeof RESIDENT_SELECT }>;

/** The health info in the spec's shape; a resident without a stored row reads as all unset. */
export function toHealthReply(h: HealthRow | null): TResidentHealthInfoReply {
  return {
    memoryHealthInfo: { memoryLevel: h?.memoryLevel ?? null },
    continenceHealthInfo: {
      continenceLevel: h?.continenceLevel ?? null,
      productProvider: h?.productProvider ?? null,
      wearsPads: h?.wearsPads ?? null,
      wearsPullups: h?.wearsPullups ?? null,
      wearsBriefs: h?.wearsBriefs ?? null,
    },
    adlHealthInfo: {
      safetyLevel: h?.safetyLevel ?? null,
      feedingLevel: h?.feedingLevel ?? null,
      bathingLevel: h?.bathingLevel ?? null,
      toiletingLevel: h?.toiletingLevel ?? null,
      transferringLevel: h?.transferringLevel ?? null,
      mobilityLevel: h?.mobilityLevel ?? null,
      dressingLevel: h?.dressingLevel ?? null,
      groomingLevel: h?.groomingLevel ?? null,
    },
    resuscitationStrategy: normaliseResuscitationStrategy(h?.resuscitationStrategy),
    hospiceHealthInfo: { hospiceStatus: normaliseHospiceStatus(h?.hospiceStatus) },
  };
}

/** Today's date in a timezone, as a local Date whose year, month and day are that day's. */
function todayIn(timezone: string, now: Date): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: timezone })
    .format(now)
    .split('-')
    .map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** A resident reply for the caller: PHI only with canSeePHI, PII only with canSeePII (at the resident's facility). */
export function toResidentReply(
  row: ResidentRow,
  at: Pick<CallerAt, 'permissions'> | undefined,
  now = new Date(),
): TResidentReply {
  const access = at ? residentReadAccess(at.permissions) : { phi: false, pii: false };
  const dateOfBirth = row.dateOfBirth ? row.dateOfBirth.toISOString().slice(0, 10) : null;
  const health = toHealthReply(row.healthInfo);
  return {
    id: row.id,
    facilityId: row.facilityId,
    salutation: row.salutation,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    preferredName: row.preferredName,
    dateOfBirth,
    age: ageOn(dateOfBirth, todayIn(row.facility.timezone, now)),
    isRoutineCheckEnabled: row.isRoutineCheckEnabled,
    isOnHold: row.isOnHold,
    isArchived: row.isArchived,
    unit: row.unit,
    routineCheckIntervalInMin: row.facility.routineCheckIntervalInMin,
    personalPhone: access.pii ? row.personalPhone : null,
    email: access.pii ? row.email : null,
    profilePictureUrl: row.profilePictureUrl,
    hasPendant: row.deviceAllocations.length > 0,
    createTimestampMs: row.createdAt.getTime(),
    updateTimestampMs: row.updatedAt.getTime(),
    health: access.phi
      ? {
          resuscitationStrategy: health.resuscitationStrategy,
          hospiceStatus: health.hospiceHealthInfo.hospiceStatus,
        }
      : null,
    healthInfo: access.phi ? health : null,
    lockedFields: [...new Set(row.facility.ehrLockedFields.map((f) => f.resourceField))],
  };
}

export async function loadResidentRow(
  prisma: Pick<PrismaClient, 'resident'>,
  residentId: string,
): Promise<ResidentRow | null> {
  return prisma.resident.findUnique({ where: { id: residentId }, select: RESIDENT_SELECT });
}
