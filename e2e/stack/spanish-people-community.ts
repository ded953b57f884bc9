// A community for the Spanish walk of the staff member actions, the High Five drawers, the resident's Pendants,
// Working In and the device trouble titles (e2e/i18n/spanish-people.spec.ts, decision 0750): its manager and
// caregiver read Spanish from the start, so no other spec sees them.
import type { PrismaClient } from '@sage/db';
import { SPANISH_PEOPLE_COMMUNITY as C } from './facts';
import { seedSpanishStaffCommunity } from './spanish-staff-community';

export const seedSpanishPeopleCommunity = (prisma: PrismaClient): Promise<void> =>
  seedSpanishStaffCommunity(prisma, C, { manager: C.managerPhone, caregiver: C.caregiverPhone }, [
    'manager',
    'caregiver',
  ]);
