// A community for the unit check-in card browser test (e2e/alerts/check-in.spec.ts): the standard test community,
// its clock about noon whatever the real time of day, so the card is open when the test starts and the test's
// own page clock decides when it is midnight. Its care staff admin signs in with a fixed number.
import type { PrismaClient } from '@sage/db';
import { seedNoonCommunity } from './check-in-community';
import { UNIT_CHECK_IN_COMMUNITY } from './facts';

export async function seedUnitCheckInCommunity(prisma: PrismaClient): Promise<void> {
  await seedNoonCommunity(prisma, 'unitcard', UNIT_CHECK_IN_COMMUNITY.facilityName, {
    careAdmin: UNIT_CHECK_IN_COMMUNITY.careAdminPhone,
  });
}
