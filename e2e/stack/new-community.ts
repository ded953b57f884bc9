// A second, newly set-up community in the browser tests' database: its own enterprise, staff and units, and
// no notification policy yet (the policy editor's "Create Policy" path). Its manager signs in with a fixed
// number outside the demo's.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { NEW_COMMUNITY } from './facts';

export async function seedNewCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('birch', { facilityName: NEW_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        notificationPolicy: false,
        staff: plan.staff.map((s) =>
          s.key === 'manager' ? { ...s, phoneNumber: NEW_COMMUNITY.managerPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
}
