// A community for the accessibility scan and the console-clean walk (e2e/a11y): its caregiver, a
// second caregiver and its care admin sign in with fixed numbers outside the demo's, so no other spec's code limit or shift
// changes touch them.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { A11Y_COMMUNITY } from './facts';

export async function seedA11yCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('hazel', { facilityName: A11Y_COMMUNITY.facilityName });
  const caregiver = plan.staff.find((s) => s.key === 'caregiver');
  if (!caregiver) throw new Error('The test community plan has no caregiver');
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: 'Hazel Row gateway', key: A11Y_COMMUNITY.gatewayKey },
        staff: [
          ...plan.staff.map((s) =>
            s.key === 'caregiver'
              ? { ...s, phoneNumber: A11Y_COMMUNITY.caregiverPhone }
              : s.key === 'careAdmin'
                ? { ...s, phoneNumber: A11Y_COMMUNITY.careAdminPhone }
                : s,
          ),
          {
            ...caregiver,
            key: 'secondCaregiver',
            firstName: 'Robin',
            lastName: 'Abara',
            phoneNumber: A11Y_COMMUNITY.secondCaregiverPhone,
            email: 'second.caregiver.hazel@test.sagecare.test',
          },
        ],
      }),
    { timeout: 30_000 },
  );
}
