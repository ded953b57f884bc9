// A community for the station display browser test (issue #15; e2e/station-display): its own alerts only, so
// a display rings for nothing but the presses of the test; its manager signs in with a fixed number, and its
// gateway key is fixed so the test can press its pendants.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { STATION_COMMUNITY } from './facts';

export async function seedStationCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan(STATION_COMMUNITY.tag, { facilityName: STATION_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { ...plan.gateway, key: STATION_COMMUNITY.gatewayKey },
        staff: plan.staff.map((s) =>
          s.key === 'manager' ? { ...s, phoneNumber: STATION_COMMUNITY.managerPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
}
