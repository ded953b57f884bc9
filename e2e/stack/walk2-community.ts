// Communities of the second manager walk of issue #32 (e2e/screens/manager-walk-2.spec.ts): Linden Hollow (invite
// text, device names, toasts) and Linden Rise, whose manager has an insight waiting (the Explore Insights prompt)
// and no sender numbers (no Text Message Alerts offer), for the sheets after sign-in.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { RISE_COMMUNITY, WALK2_COMMUNITY } from './facts';

export async function seedWalk2Communities(prisma: PrismaClient): Promise<void> {
  const hollow = testFacilityPlan(WALK2_COMMUNITY.tag, { facilityName: WALK2_COMMUNITY.facilityName });
  const hollowPhones: Record<string, string> = {
    manager: WALK2_COMMUNITY.managerPhone,
    caregiver: WALK2_COMMUNITY.caregiverPhone,
  };
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...hollow,
        gateway: { name: `${WALK2_COMMUNITY.facilityName} gateway`, key: WALK2_COMMUNITY.gatewayKey },
        staff: hollow.staff.map((s) =>
          hollowPhones[s.key] ? { ...s, phoneNumber: hollowPhones[s.key]! } : s,
        ),
      }),
    { timeout: 30_000 },
  );

  const rise = testFacilityPlan(RISE_COMMUNITY.tag, { facilityName: RISE_COMMUNITY.facilityName });
  const built = await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...rise,
        emergencyNotificationNumber: null,
        taskNotificationNumber: null,
        staff: rise.staff.map((s) =>
          s.key === 'manager' ? { ...s, phoneNumber: RISE_COMMUNITY.managerPhone } : s,
        ),
      }),
    { timeout: 30_000 },
  );
  // An insight with its recognition workflow open: the manager's Explore Insights prompt (decision 0294).
  const week = 7 * 24 * 60 * 60 * 1000;
  await prisma.insight.create({
    data: {
      facilityId: built.facilityId,
      enterpriseId: built.enterpriseId,
      category: 'TOP_PERFORMER',
      scope: 'USER',
      staffMemberId: built.staff.caregiver!.id,
      periodStart: new Date(Date.now() - 2 * week),
      periodEnd: new Date(Date.now() - week),
      data: { samples: 8, periodDays: 7, baseline: 3.2, metric: 'TIME_TO_CLAIM', value: 0.6, threshold: 1 },
      workflows: { create: { facilityId: built.facilityId, type: 'RECOGNITION' } },
    },
  });
}
