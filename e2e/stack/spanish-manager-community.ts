// A community for the Spanish manager's walk (e2e/i18n/spanish-manager.spec.ts, decision 0680): its manager's
// language is Spanish from the start, so no other spec sees a Spanish manager or the staff it invites.
import type { PrismaClient } from '@sage/db';
import { SPANISH_MANAGER_COMMUNITY as C } from './facts';
import { seedSpanishStaffCommunity } from './spanish-staff-community';

export const seedSpanishManagerCommunity = (prisma: PrismaClient): Promise<void> =>
  seedSpanishStaffCommunity(prisma, C, { manager: C.managerPhone, caregiver: C.caregiverPhone }, ['manager']);
