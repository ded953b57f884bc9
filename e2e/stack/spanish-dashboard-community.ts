// A community whose staff read Spanish (e2e/i18n/spanish-dashboard.spec.ts, decision 0700): its manager, caregiver
// and nurse have fixed numbers outside the demo's and Spanish on their profiles, so no other spec sees them.
import type { PrismaClient } from '@sage/db';
import { PINO_COMMUNITY as C } from './facts';
import { seedSpanishStaffCommunity } from './spanish-staff-community';

export const seedSpanishDashboardCommunity = (prisma: PrismaClient): Promise<void> =>
  seedSpanishStaffCommunity(
    prisma,
    C,
    { manager: C.managerPhone, caregiver: C.caregiverPhone, nurse: C.nursePhone },
    ['manager', 'caregiver', 'nurse'],
  );
