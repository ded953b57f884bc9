// A community for the guided-tour browser test (issue #15): a caregiver who signs in for the first time (so the
// tour is offered), and a manager who sees who has completed it.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { SPANISH_TOUR_COMMUNITY, TOUR_COMMUNITY } from './facts';

export async function seedTourCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('tamarack', { facilityName: TOUR_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) =>
          s.key === 'caregiver'
            ? { ...s, phoneNumber: TOUR_COMMUNITY.caregiverPhone }
            : s.key === 'manager'
              ? { ...s, phoneNumber: TOUR_COMMUNITY.managerPhone }
              : s,
        ),
      }),
    { timeout: 30_000 },
  );
}

/**
 * Every staff member outside the tour communities (English and Spanish) counts as offered the tour already: the other specs walk the
 * sign-in sequence of someone who has seen the offer (the tour spec walks it with the offer; decision 0363).
 */
export async function markTourOfferedOutsideTourCommunity(prisma: PrismaClient): Promise<void> {
  const staff = await prisma.staffMember.findMany({
    where: {
      groupMemberships: {
        none: {
          group: {
            facility: { name: { in: [TOUR_COMMUNITY.facilityName, SPANISH_TOUR_COMMUNITY.facilityName] } },
          },
        },
      },
    },
    select: { id: true },
  });
  await prisma.staffTour.createMany({
    data: staff.map((s) => ({ staffMemberId: s.id, offeredAt: new Date() })),
    skipDuplicates: true,
  });
}

/** The Spanish tour's community (decision 0670): a caregiver who reads Spanish, offered the tour at first sign-in. */
export async function seedSpanishTourCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('ceiba', { facilityName: SPANISH_TOUR_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) =>
          s.key === 'caregiver' ? { ...s, phoneNumber: SPANISH_TOUR_COMMUNITY.caregiverPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
  await prisma.staffMember.updateMany({
    where: { phoneNumber: SPANISH_TOUR_COMMUNITY.caregiverPhone },
    data: { language: 'es' },
  });
}
