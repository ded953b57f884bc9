// A community of its own for a Spanish walk (decisions 0680, 0700, 0710): the given staff get fixed numbers outside
// the demo's, and those named read Spanish from the start, so no other spec sees a Spanish reader.
import type { PrismaClient } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';

type StaffKey = 'manager' | 'caregiver' | 'nurse';

export async function seedSpanishStaffCommunity(
  prisma: PrismaClient,
  community: { tag: string; facilityName: string; gatewayKey: string },
  phones: Partial<Record<StaffKey, string>>,
  readsSpanish: StaffKey[],
): Promise<void> {
  const plan = testFacilityPlan(community.tag, { facilityName: community.facilityName });
  await prisma.$transaction(
    (tx) =>
      buildFacility(tx, {
        ...plan,
        gateway: { name: `${community.facilityName} gateway`, key: community.gatewayKey },
        staff: plan.staff.map((s) => {
          const phoneNumber = phones[s.key as StaffKey];
          return phoneNumber ? { ...s, phoneNumber } : s;
        }),
      }),
    { timeout: 30_000 },
  );
  await prisma.staffMember.updateMany({
    where: { phoneNumber: { in: readsSpanish.map((key) => phones[key] ?? '') } },
    data: { language: 'es' },
  });
}
