// A community whose staff read Spanish (e2e/i18n/spanish-dashboard.spec.ts, decision 0700): its manager, caregiver
// and nurse have fixed numbers outside the demo's and Spanish on their profiles, so no other spec sees them.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { PINO_COMMUNITY } from './facts';

const PHONES: Record<string, string> = {
  manager: PINO_COMMUNITY.managerPhone,
  caregiver: PINO_COMMUNITY.caregiverPhone,
  nurse: PINO_COMMUNITY.nursePhone,
};

export async function seedSpanishDashboardCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan(PINO_COMMUNITY.tag, { facilityName: PINO_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: 'Pino Gardens gateway', key: PINO_COMMUNITY.gatewayKey },
        staff: plan.staff.map((s) => {
          const phoneNumber = PHONES[s.key];
          return phoneNumber ? { ...s, phoneNumber } : s;
        }),
      }),
    { timeout: 30_000 },
  );
  await prisma.staffMember.updateMany({
    where: { phoneNumber: { in: Object.values(PHONES) } },
    data: { language: 'es' },
  });
}
