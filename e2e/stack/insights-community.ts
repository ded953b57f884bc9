// A community with insights waiting, for the insights browser tests (docs/decisions/0290-0294): the caregiver a
// top performer of last week (a recognition workflow open), the nurse slow to claim (a coaching workflow open),
// as the engine raises them. Its manager and caregiver sign in with fixed numbers outside the demo's.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { INSIGHTS_COMMUNITY } from './facts';

export async function seedInsightsCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('juniper', { facilityName: INSIGHTS_COMMUNITY.facilityName });
  const phones: Record<string, string> = {
    manager: INSIGHTS_COMMUNITY.managerPhone,
    caregiver: INSIGHTS_COMMUNITY.caregiverPhone,
  };
  const built = await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) => (phones[s.key] ? { ...s, phoneNumber: phones[s.key]! } : s)),
      }),
    { timeout: 30_000 },
  );
  // Last week, Monday to Monday (UTC here: only shown as 'Week of ...').
  const week = 7 * 24 * 60 * 60 * 1000;
  const monday = Date.UTC(1970, 0, 5);
  const periodEnd = new Date(Date.now() - ((Date.now() - monday) % week));
  const periodStart = new Date(periodEnd.getTime() - week);
  const insight = (
    staffMemberId: string,
    category: 'TOP_PERFORMER' | 'NEEDS_IMPROVEMENT',
    data: Record<string, number | string | null>,
  ) =>
    prisma.insight.create({
      data: {
        facilityId: built.facilityId,
        enterpriseId: built.enterpriseId,
        category,
        scope: 'USER',
        staffMemberId,
        periodStart,
        periodEnd,
        data: { samples: 8, periodDays: 7, baseline: 3.2, ...data },
        workflows: {
          create: {
            facilityId: built.facilityId,
            type: category === 'TOP_PERFORMER' ? 'RECOGNITION' : 'NEEDS_IMPROVEMENT',
          },
        },
      },
    });
  await insight(built.staff.caregiver!.id, 'TOP_PERFORMER', {
    metric: 'TIME_TO_CLAIM',
    value: 0.6,
    threshold: 1,
  });
  await insight(built.staff.nurse!.id, 'NEEDS_IMPROVEMENT', {
    metric: 'TIME_TO_CLAIM',
    value: 7.5,
    threshold: 4,
  });
}
