// A community whose automatic logoff comes after 1 minute without use (decision 0142), for the logoff browser
// test. Its caregiver signs in with a fixed number outside the demo's.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { LOGOFF_COMMUNITY } from './facts';

export async function seedLogoffCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('aspen', { facilityName: LOGOFF_COMMUNITY.facilityName });
  const built = await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) =>
          s.key === 'caregiver' ? { ...s, phoneNumber: LOGOFF_COMMUNITY.caregiverPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
  await prisma.facility.update({
    where: { id: built.facilityId },
    data: { inactivityLogoffMinutes: LOGOFF_COMMUNITY.inactivityLogoffMinutes },
  });
}
