// Communities for the screen checks of issue #32: Linden Park for the accessibility scan of every route,
// Linden Mews for the manager's and the nurse's walks (archive, remove, save). Their manager, caregiver and
// nurse sign in with fixed numbers outside every other spec's.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { FOLLOW_UP_COMMUNITY, SCREENS_COMMUNITY, TOUR_LAYOUT_COMMUNITY, WALK_COMMUNITY } from './facts';

async function seed(
  prisma: PrismaClient,
  tag: string,
  c: {
    facilityName: string;
    managerPhone: string;
    caregiverPhone: string;
    nursePhone: string;
    gatewayKey: string;
  },
): Promise<void> {
  const plan = testFacilityPlan(tag, { facilityName: c.facilityName });
  const phones: Record<string, string> = {
    manager: c.managerPhone,
    caregiver: c.caregiverPhone,
    nurse: c.nursePhone,
  };
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: `${c.facilityName} gateway`, key: c.gatewayKey },
        staff: plan.staff.map((s) => {
          const phoneNumber = phones[s.key];
          return phoneNumber ? { ...s, phoneNumber } : s;
        }),
      }),
    { timeout: 30_000 },
  );
}

export async function seedScreensCommunities(prisma: PrismaClient): Promise<void> {
  await seed(prisma, SCREENS_COMMUNITY.tag, SCREENS_COMMUNITY);
  await seed(prisma, WALK_COMMUNITY.tag, WALK_COMMUNITY);
  // Linden Crest: the nurse's follow-up of an escalated observation (nurse-follow-up.spec.ts).
  await seed(prisma, FOLLOW_UP_COMMUNITY.tag, FOLLOW_UP_COMMUNITY);
  // Linden Glen: the tour's layout, with no other spec's high fives or tasks (tour-layout.spec.ts).
  await seed(prisma, TOUR_LAYOUT_COMMUNITY.tag, TOUR_LAYOUT_COMMUNITY);
  // A sixth care zone in Linden Mews (the walk found Working In's buttons below the screen with six).
  const mews = await prisma.facility.findFirstOrThrow({
    where: { name: WALK_COMMUNITY.facilityName },
    select: { id: true, enterpriseId: true },
  });
  await prisma.careZone.create({
    data: {
      facilityId: mews.id,
      enterpriseId: mews.enterpriseId,
      name: WALK_COMMUNITY.sixthZone,
      wards: ['GW'],
    },
  });
}
