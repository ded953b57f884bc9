// A community with three alerts of known timestamps (two days ago) for the response-times browser test
// (issue 14): its manager signs in with a fixed number outside the demo's.
import { type PrismaClient, prismaRollupSql, rebuildFacilityResponseTimes } from '@sage/db';
import { buildFacility, testFacilityPlan } from '@sage/db/factories';
import { RESPONSE_TIMES_COMMUNITY } from './facts';

export async function seedResponseTimesCommunity(prisma: PrismaClient): Promise<void> {
  const plan = testFacilityPlan('spruce', { facilityName: RESPONSE_TIMES_COMMUNITY.facilityName });
  await prisma.$transaction(
    async (tx) => {
      const built = await buildFacility(tx, {
        ...plan,
        staff: plan.staff.map((s) =>
          s.key === 'manager' ? { ...s, phoneNumber: RESPONSE_TIMES_COMMUNITY.managerPhone } : s,
        ),
      });
      const caregiver = built.staff.caregiver!.id;
      const nurse = built.staff.nurse!.id;
      const resident = built.residents.AL!;
      const twoDaysAgo = Date.now() - 2 * 86_400_000;
      // [claim, bedside, resolve] seconds after the press, and who: RESPONSE_TIMES_COMMUNITY.alerts.
      for (const [i, alert] of RESPONSE_TIMES_COMMUNITY.alerts.entries()) {
        const by = alert.by === 'caregiver' ? caregiver : nurse;
        const created = new Date(twoDaysAgo + i * 3_600_000);
        const at = (s: number) => new Date(created.getTime() + s * 1000);
        const task = await tx.task.create({
          data: {
            facilityId: built.facilityId,
            enterpriseId: built.enterpriseId,
            title: `${resident.firstName} ${resident.lastName} needs assistance`,
            status: alert.resolve ? 'CLOSED_RESOLVED' : 'OPEN_CLAIMED',
            severity: 'HIGH_PRIORITY',
            severityRank: 3,
            unitId: resident.unitId,
            residentId: resident.id,
            deviceId: resident.pendant!.deviceId,
            assigneeId: by,
            creationTimestamp: created,
            resolvedAt: alert.resolve ? at(alert.resolve) : null,
            resolvedById: alert.resolve ? by : null,
          },
        });
        const update = (
          type: 'CREATED' | 'CLAIM' | 'STATUS_CHANGE' | 'CARE_CONFIRMED' | 'CLOSED',
          s: number,
        ) => ({
          taskId: task.id,
          facilityId: built.facilityId,
          type,
          creatorStaffMemberId: type === 'CREATED' || type === 'CARE_CONFIRMED' ? null : by,
          createdAt: at(s),
        });
        await tx.taskUpdate.createMany({
          data: [
            update('CREATED', 0),
            update('CLAIM', alert.claim),
            ...(alert.bedside
              ? [update('STATUS_CHANGE', alert.bedside - 10), update('CARE_CONFIRMED', alert.bedside)]
              : []),
            ...(alert.resolve ? [update('CLOSED', alert.resolve)] : []),
          ],
        });
      }
      await rebuildFacilityResponseTimes(prismaRollupSql(tx), built.facilityId);
    },
    { timeout: 30_000 },
  );
}
