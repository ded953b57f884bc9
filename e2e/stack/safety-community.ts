// A community for the safety browser test (decisions 0515-0516): the caregiver's dashboard must hold only the
// alerts the test raises, and the manager's reminder setting must not change another spec's community. Fixed
// phone numbers outside the demo's; a fixed gateway key so the test can press its devices.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { SAFETY_COMMUNITY } from './facts';

export async function seedSafetyCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan(SAFETY_COMMUNITY.tag, { facilityName: SAFETY_COMMUNITY.facilityName });
  const phones: Record<string, string> = {
    caregiver: SAFETY_COMMUNITY.caregiverPhone,
    manager: SAFETY_COMMUNITY.managerPhone,
  };
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { ...plan.gateway, key: SAFETY_COMMUNITY.gatewayKey },
        staff: plan.staff.map((s) => (phones[s.key] ? { ...s, phoneNumber: phones[s.key]! } : s)),
      }),
    { timeout: 30_000 },
  );
}
