// A community for the Spanish manager's residents, station displays and reports walk
// (e2e/i18n/spanish-manage-residents.spec.ts, decision 0780): its manager reads Spanish from the start, and its
// assisted-living resident has a contact and a primary care provider (names as typed, never translated).
import type { PrismaClient } from '@sage/db';
import { SPANISH_MANAGE_RESIDENTS_COMMUNITY as C } from './facts';
import { seedSpanishStaffCommunity } from './spanish-staff-community';

export async function seedSpanishManageResidentsCommunity(prisma: PrismaClient): Promise<void> {
  await seedSpanishStaffCommunity(prisma, C, { manager: C.managerPhone, caregiver: C.caregiverPhone }, [
    'manager',
  ]);
  const [firstName, lastName] = C.resident.split(' ') as [string, string];
  const { id: residentId, facilityId } = await prisma.resident.findFirstOrThrow({
    where: { firstName, lastName },
    select: { id: true, facilityId: true },
  });
  await prisma.residentContact.createMany({
    data: [
      { facilityId, residentId, type: 'CONTACT', ...C.contact },
      { facilityId, residentId, type: 'PRIMARY_CARE_PROVIDER', ...C.pcp },
    ],
  });
}
