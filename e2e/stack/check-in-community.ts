// A community for the daily check-in browser test (decision 0233): its clock reads about noon when the stack
// starts (a fixed-offset Etc/GMT zone), so the list is open whatever the real time of day; one occupied, one
// empty and one on-hold independent-living unit. Its caregiver signs in with a fixed number outside the demo's.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { CHECK_IN_COMMUNITY } from './facts';

/** The Etc/GMT zone (UTC-12 to UTC+14) whose clock reads about noon at `now`. Etc/GMT-5 is UTC+5. */
export function noonTimeZone(now: Date = new Date()): string {
  let offset = 12 - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * The standard test community (testFacilityPlan) with its clock about noon, the staff of `phones` (by their plan
 * key: caregiver, manager, careAdmin...) signing in with those fixed numbers.
 */
export async function seedNoonCommunity(
  prisma: PrismaClient,
  tag: string,
  facilityName: string,
  phones: Readonly<Record<string, string>>,
): Promise<void> {
  const plan = testFacilityPlan(tag, { facilityName, timezone: noonTimeZone() });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) => ({ ...s, phoneNumber: phones[s.key] ?? s.phoneNumber })),
      }),
    { timeout: 30_000 },
  );
}

export async function seedCheckInCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('commons', {
    facilityName: CHECK_IN_COMMUNITY.facilityName,
    timezone: noonTimeZone(),
  });
  const built = await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) =>
          s.key === 'caregiver'
            ? { ...s, phoneNumber: CHECK_IN_COMMUNITY.caregiverPhone }
            : s.key === 'manager'
              ? { ...s, phoneNumber: CHECK_IN_COMMUNITY.managerPhone }
              : s,
        ),
      }),
    { timeout: 30_000 },
  );
  const unit = (displayName: string) =>
    prisma.unit.create({
      data: {
        facilityId: built.facilityId,
        enterpriseId: built.enterpriseId,
        displayName,
        careType: 'INDEPENDENT_LIVING',
        value: displayName.slice(3),
        ward: 'IL',
      },
    });
  await unit(CHECK_IN_COMMUNITY.emptyUnit);
  const onHold = await unit(CHECK_IN_COMMUNITY.onHoldUnit);
  await prisma.resident.create({
    data: {
      facilityId: built.facilityId,
      enterpriseId: built.enterpriseId,
      unitId: onHold.id,
      firstName: 'Harold',
      lastName: 'Away-commons',
      isOnHold: true,
    },
  });
}
