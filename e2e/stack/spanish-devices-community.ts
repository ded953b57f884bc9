// A community for the Spanish manager's device screens and device QA walk (e2e/i18n/spanish-devices.spec.ts,
// decision 0790): its manager reads Spanish from the start; its devices are the test plan's (a pendant for each
// resident and a spare one, wall buttons, a check-in button, the front door's alarm, a fall sensor), so no other
// spec sees a Spanish manager nor a walk in it.
import type { PrismaClient } from '@sage/db';
import { SPANISH_DEVICES_COMMUNITY as C } from './facts';
import { seedSpanishStaffCommunity } from './spanish-staff-community';

export const seedSpanishDevicesCommunity = (prisma: PrismaClient): Promise<void> =>
  seedSpanishStaffCommunity(prisma, C, { manager: C.managerPhone, caregiver: C.caregiverPhone }, ['manager']);
