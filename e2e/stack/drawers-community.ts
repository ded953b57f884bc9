// A community for the drawers browser test (e2e/drawers): the standard test community, its clock about noon
// whatever the real time of day (so the daily check-in list is open); its manager signs in with a fixed number.
import type { PrismaClient } from '@sage/db';
import { seedNoonCommunity } from './check-in-community';
import { DRAWERS_COMMUNITY } from './facts';

export async function seedDrawersCommunity(prisma: PrismaClient): Promise<void> {
  await seedNoonCommunity(prisma, 'drawers', DRAWERS_COMMUNITY.facilityName, {
    manager: DRAWERS_COMMUNITY.managerPhone,
  });
}
