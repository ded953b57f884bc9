// A community for the Spanish walk of /insights, the response times and the administration pages
// (e2e/i18n/spanish-admin.spec.ts, decision 0770): its manager, a Management group admin, reads Spanish from the
// start; the caregiver is a top performer and the nurse slow to claim (insights waiting, as the engine raises them),
// and two alerts two days ago give the response times figures.
import { type PrismaClient, prismaRollupSql, rebuildFacilityResponseTimes } from '@sage/db';
import { SPANISH_ADMIN_COMMUNITY as C } from './facts';
import { seedSpanishStaffCommunity } from './spanish-staff-community';

export async function seedSpanishAdminCommunity(prisma: PrismaClient): Promise<void> {
  await seedSpanishStaffCommunity(prisma, C, { manager: C.managerPhone, caregiver: C.caregiverPhone }, [
    'manager',
  ]);
  const facility = await prisma.facility.findFirstOrThrow({ where: { name: C.facilityName } });
  const staff = await prisma.staffMember.findMany({
    where: { groupMemberships: { some: { group: { facilityId: facility.id } } } },
    select: { id: true, firstName: true, lastName: true },
  });
  const byName = (name: string) => staff.find((s) => `${s.firstName} ${s.lastName}` === name)!.id;
  const caregiver = byName(C.caregiver);
  const nurse = byName(C.nurse);

  // Last week, Monday to Monday (UTC here: only shown as 'Week of ...').
  const week = 7 * 24 * 60 * 60 * 1000;
  const monday = Date.UTC(1970, 0, 5);
  const periodEnd = new Date(Date.now() - ((Date.now() - monday) % week));
  const periodStart = new Date(periodEnd.getTime() - week);
  for (const [staffMemberId, category, metric, value] of [
    [caregiver, 'TOP_PERFORMER', 'TIME_TO_CLAIM', 0.6],
    [nurse, 'NEEDS_IMPROVEMENT', 'TIME_TO_CLAIM', 7.5],
  ] as const) {
    await prisma.insight.create({
      data: {
        facilityId: facility.id,
        enterpriseId: facility.enterpriseId,
        category,
        scope: 'USER',
        staffMemberId,
        periodStart,
        periodEnd,
        data: { samples: 8, periodDays: 7, baseline: 3.2, metric, value, threshold: 4 },
        workflows: {
          create: {
            facilityId: facility.id,
            type: category === 'TOP_PERFORMER' ? 'RECOGNITION' : 'NEEDS_IMPROVEMENT',
          },
        },
      },
    });
  }

  // Two alerts of the AL resident two days ago: claimed, at the bedside and resolved by the caregiver and the nurse.
  const resident = await prisma.resident.findFirstOrThrow({
    where: { unit: { facilityId: facility.id, careType: 'ASSISTED_LIVING' } },
    include: { deviceAllocations: { where: { isActive: true }, select: { deviceId: true } } },
  });
  const twoDaysAgo = Date.now() - 2 * 86_400_000;
  for (const [i, [by, claim, bedside, resolve]] of [
    [caregiver, 60, 240, 600],
    [nurse, 420, 900, 1500],
  ].entries()) {
    const created = new Date(twoDaysAgo + i * 3_600_000);
    const at = (s: number) => new Date(created.getTime() + s * 1000);
    const task = await prisma.task.create({
      data: {
        facilityId: facility.id,
        enterpriseId: facility.enterpriseId,
        title: `${resident.firstName} ${resident.lastName} needs assistance`,
        status: 'CLOSED_RESOLVED',
        severity: 'HIGH_PRIORITY',
        severityRank: 3,
        unitId: resident.unitId,
        residentId: resident.id,
        deviceId: resident.deviceAllocations[0]?.deviceId ?? null,
        assigneeId: by as string,
        creationTimestamp: created,
        resolvedAt: at(resolve as number),
        resolvedById: by as string,
      },
    });
    const update = (
      type: 'CREATED' | 'CLAIM' | 'STATUS_CHANGE' | 'CARE_CONFIRMED' | 'CLOSED',
      s: number,
    ) => ({
      taskId: task.id,
      facilityId: facility.id,
      type,
      creatorStaffMemberId: type === 'CREATED' || type === 'CARE_CONFIRMED' ? null : (by as string),
      createdAt: at(s),
    });
    await prisma.taskUpdate.createMany({
      data: [
        update('CREATED', 0),
        update('CLAIM', claim as number),
        update('STATUS_CHANGE', (bedside as number) - 10),
        update('CARE_CONFIRMED', bedside as number),
        update('CLOSED', resolve as number),
      ],
    });
  }
  await rebuildFacilityResponseTimes(prismaRollupSql(prisma), facility.id);
}
