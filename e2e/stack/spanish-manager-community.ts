// A community for the Spanish manager's walk (e2e/i18n/spanish-manager.spec.ts, decision 0680): its manager's
// language is Spanish from the start, so no other spec sees a Spanish manager or the staff it invites.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { SPANISH_MANAGER_COMMUNITY as C } from './facts';

export async function seedSpanishManagerCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan(C.tag, { facilityName: C.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: `${C.facilityName} gateway`, key: C.gatewayKey },
        staff: plan.staff.map((s) =>
          s.key === 'manager'
            ? { ...s, phoneNumber: C.managerPhone }
            : s.key === 'caregiver'
              ? { ...s, phoneNumber: C.caregiverPhone }
              : s,
        ),
      }),
    { timeout: 30_000 },
  );
  await prisma.staffMember.update({ where: { phoneNumber: C.managerPhone }, data: { language: 'es' } });
}
