// A community for the Spanish walk of the caregiver's and nurse's other pages (e2e/i18n/spanish-pages.spec.ts,
// decision 0710): its caregiver's and nurse's language is Spanish from the start, so no other spec sees them.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { SPANISH_PAGES_COMMUNITY as C } from './facts';

export async function seedSpanishPagesCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan(C.tag, { facilityName: C.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: `${C.facilityName} gateway`, key: C.gatewayKey },
        staff: plan.staff.map((s) =>
          s.key === 'caregiver'
            ? { ...s, phoneNumber: C.caregiverPhone }
            : s.key === 'nurse'
              ? { ...s, phoneNumber: C.nursePhone }
              : s,
        ),
      }),
    { timeout: 30_000 },
  );
  await prisma.staffMember.updateMany({
    where: { phoneNumber: { in: [C.caregiverPhone, C.nursePhone] } },
    data: { language: 'es' },
  });
}
