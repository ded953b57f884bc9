// A community for the Spanish walk of the routine screens (e2e/i18n/spanish-routines.spec.ts, decision 0760): the
// standard test community (its independent-living unit IL 301 with Dorothy Keane and a check-in button) with its
// clock about noon, so the daily check-in is open whatever the real time; its manager and caregiver read Spanish
// from the start, so no other spec sees them. The task schedule is the spec's to make (through the API).
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { noonTimeZone } from './check-in-community';
import { SPANISH_ROUTINES_COMMUNITY as C } from './facts';

export async function seedSpanishRoutinesCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan(C.tag, { facilityName: C.facilityName, timezone: noonTimeZone() });
  const phones: Record<string, string> = { manager: C.managerPhone, caregiver: C.caregiverPhone };
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: `${C.facilityName} gateway`, key: C.gatewayKey },
        staff: plan.staff.map((s) => ({ ...s, phoneNumber: phones[s.key] ?? s.phoneNumber })),
      }),
    { timeout: 30_000 },
  );
  await prisma.staffMember.updateMany({
    where: { phoneNumber: { in: [C.managerPhone, C.caregiverPhone] } },
    data: { language: 'es' },
  });
}
