// A community for the device QA walk browser test (decision 0273): the factories' tenant (13 allocated
// devices), a gateway with a fixed key and a maintenance tech with a fixed number.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { QA_COMMUNITY } from './facts';

export async function seedQaCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan(QA_COMMUNITY.tag, { facilityName: QA_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: `Gateway ${QA_COMMUNITY.facilityName}`, key: QA_COMMUNITY.gatewayKey },
        staff: plan.staff.map((s) =>
          s.key === 'maintenance' ? { ...s, phoneNumber: QA_COMMUNITY.maintenancePhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
}
