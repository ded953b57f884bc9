// A community for the policy editor's browser test (e2e/notifications/policy-editor.spec.ts): the
// factory's policy (care staff and nurses on shift at once, every minute; break-glass after 2 minutes), which
// the test edits, so that no edit of it ever delays the escalations other specs' presses go through in the
// demo community. Its manager signs in with a fixed number outside the demo's.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { POLICY_COMMUNITY } from './facts';

export async function seedPolicyCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('laurel', { facilityName: POLICY_COMMUNITY.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) =>
          s.key === 'manager' ? { ...s, phoneNumber: POLICY_COMMUNITY.managerPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
}
