// A community for the Spanish walk of the caregiver's and nurse's other pages (e2e/i18n/spanish-pages.spec.ts,
// decision 0710): its caregiver's and nurse's language is Spanish from the start, so no other spec sees them.
import type { PrismaClient } from '@sage/db';
import { SPANISH_PAGES_COMMUNITY as C } from './facts';
import { seedSpanishStaffCommunity } from './spanish-staff-community';

export const seedSpanishPagesCommunity = (prisma: PrismaClient): Promise<void> =>
  seedSpanishStaffCommunity(prisma, C, { caregiver: C.caregiverPhone, nurse: C.nursePhone }, [
    'caregiver',
    'nurse',
  ]);
