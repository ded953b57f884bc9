// A community for the Spanish walk (e2e/i18n): its caregiver signs in with a fixed number outside the demo's and
// chooses Spanish on the sign-in screen, so no other spec sees a Spanish profile or its alerts.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { SPANISH_COMMUNITY } from './facts';

export async function seedSpanishCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('olmo', { facilityName: SPANISH_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: 'Olmo Gardens gateway', key: SPANISH_COMMUNITY.gatewayKey },
        staff: plan.staff.map((s) =>
          s.key === 'caregiver' ? { ...s, phoneNumber: SPANISH_COMMUNITY.caregiverPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
}
