// A community for the alert sound browser test (issue #15): the page must ring only for the alerts the test
// raises, so no other spec's alert may be visible to its caregiver. The caregiver signs in with a fixed number
// outside the demo's; the gateway key is fixed so the test can press its pendants.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { SOUND_COMMUNITY } from './facts';

export async function seedSoundCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('rowan', { facilityName: SOUND_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { ...plan.gateway, key: SOUND_COMMUNITY.gatewayKey },
        staff: plan.staff.map((s) =>
          s.key === 'caregiver' ? { ...s, phoneNumber: SOUND_COMMUNITY.caregiverPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
}
