// A community for the drawers browser test (e2e/drawers): the standard test community, its clock about noon
// whatever the real time of day (so the daily check-in list is open); its manager signs in with a fixed number.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { noonTimeZone } from './check-in-community';
import { DRAWERS_COMMUNITY } from './facts';

export async function seedDrawersCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('drawers', {
    facilityName: DRAWERS_COMMUNITY.facilityName,
    timezone: noonTimeZone(),
  });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) =>
          s.key === 'manager' ? { ...s, phoneNumber: DRAWERS_COMMUNITY.managerPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
}
