import type { Db } from '../client';
import { buildFacility } from '../factories';
import type { PrismaClient } from '../generated/prisma/client';
import { seedDemoHistory } from './demo-history';
import { DEMO, demoFacilityPlan } from './demo-plan';

export { type DemoHistorySummary, seedDemoHistory } from './demo-history';
export { DEMO, demoFacilityPlan } from './demo-plan';

export interface SeedSummary {
  /** false when the demo enterprise already existed and nothing was written. */
  created: boolean;
  enterpriseId: string;
  facilityId: string;
  counts: {
    careZones: number;
    units: number;
    residents: number;
    devices: number;
    deviceAllocations: number;
    doors: number;
    groups: number;
    staffMembers: number;
    companyPhones: number;
  };
}

/** Any constant shared by concurrent seeders: serialises them. */
const SEED_LOCK_KEY = 72_707_301;

/**
 * Seeds the demo enterprise and facility (ARCHITECTURE.md 'Demo data'). Idempotent: the whole seed is
 * one transaction under an advisory lock, and it writes nothing when the demo enterprise exists.
 */
export async function seedDemo(prisma: PrismaClient): Promise<SeedSummary> {
  return prisma.$transaction(
    async (tx): Promise<SeedSummary> => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const existing = await tx.facility.findFirst({
        where: { name: DEMO.facilityName, enterprise: { name: DEMO.enterpriseName } },
        select: { id: true, enterpriseId: true },
        orderBy: { createdAt: 'asc' },
      });
      if (existing) {
        return {
          created: false,
          enterpriseId: existing.enterpriseId,
          facilityId: existing.id,
          counts: await countFacility(tx, existing.id),
        };
      }
      const built = await buildFacility(tx, demoFacilityPlan());
      // Weeks of alerts, care logs and check-ins (issue 14): charts and insights from the first sign-in.
      await seedDemoHistory(tx, built.facilityId);
      return {
        created: true,
        enterpriseId: built.enterpriseId,
        facilityId: built.facilityId,
        counts: await countFacility(tx, built.facilityId),
      };
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

async function countFacility(db: Db, facilityId: string): Promise<SeedSummary['counts']> {
  const where = { facilityId };
  const [
    careZones,
    units,
    residents,
    devices,
    deviceAllocations,
    doors,
    groups,
    staffMembers,
    companyPhones,
  ] = await Promise.all([
    db.careZone.count({ where }),
    db.unit.count({ where }),
    db.resident.count({ where }),
    db.device.count({ where }),
    db.deviceAllocation.count({ where: { facilityId, isActive: true } }),
    db.door.count({ where }),
    db.group.count({ where }),
    db.staffMember.count({ where: { facilityConfigs: { some: { facilityId } } } }),
    db.companyPhone.count({ where }),
  ]);
  return {
    careZones,
    units,
    residents,
    devices,
    deviceAllocations,
    doors,
    groups,
    staffMembers,
    companyPhones,
  };
}
