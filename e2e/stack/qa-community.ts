// A community for the device QA walk browser tests (decisions 0273, 0505): the factories' tenant (13 allocated
// devices), a gateway with a fixed key, and a maintenance tech, a manager, a nurse and a caregiver with fixed numbers.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { QA_COMMUNITY } from './facts';

const PHONES: Record<string, string> = {
  maintenance: QA_COMMUNITY.maintenancePhone,
  manager: QA_COMMUNITY.managerPhone,
  nurse: QA_COMMUNITY.nursePhone,
  caregiver: QA_COMMUNITY.caregiverPhone,
};

export async function seedQaCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan(QA_COMMUNITY.tag, { facilityName: QA_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: `Gateway ${QA_COMMUNITY.facilityName}`, key: QA_COMMUNITY.gatewayKey },
        staff: plan.staff.map((s) => {
          const phone = PHONES[s.key];
          return phone ? { ...s, phoneNumber: phone } : s;
        }),
      }),
    { timeout: 30_000 },
  );
}
