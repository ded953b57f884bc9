import { recordTaskChange } from '@sage/db';
import { createTestFacility } from '@sage/db/factories';
import { describe, expect, it } from 'vitest';
import { eventually, startTestWorker } from '../test/worker';
import { RESPONSE_TIMES_ROLLUP } from './jobs';

describe('[WORKER][RESPONSE-TIMES]: the rollup job', () => {
  it('writes the steps of the alerts changed since its last run (claim 45 s after the press)', async () => {
    const t = await startTestWorker();
    try {
      const f = await createTestFacility(t.prisma);
      const created = new Date(Date.now() - 60_000);
      const task = await t.prisma.task.create({
        data: {
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          title: 'Pendant pressed',
          status: 'OPEN_CLAIMED',
          severity: 'HIGH_PRIORITY',
          severityRank: 3,
          residentId: f.residents.AL.id,
          unitId: f.residents.AL.unitId,
          deviceId: f.residents.AL.pendant.deviceId,
          assigneeId: f.staff.caregiver.id,
          creationTimestamp: created,
        },
      });
      await t.prisma.$transaction(async (tx) => {
        await tx.taskUpdate.create({
          data: {
            taskId: task.id,
            facilityId: f.facilityId,
            type: 'CLAIM',
            creatorStaffMemberId: f.staff.caregiver.id,
            createdAt: new Date(created.getTime() + 45_000),
          },
        });
        await recordTaskChange(tx, {
          facilityId: f.facilityId,
          taskId: task.id,
          status: 'OPEN_CLAIMED',
          severity: 'HIGH_PRIORITY',
        });
      });
      // What the cron does every minute, run now through the queue.
      await t.prisma.$executeRawUnsafe('SELECT graphile_worker.add_job($1)', RESPONSE_TIMES_ROLLUP);
      const steps = await eventually(async () => {
        const rows = await t.prisma.responseTimeStep.findMany({ where: { taskId: task.id } });
        return rows.length ? rows : null;
      });
      expect(steps).toEqual([
        expect.objectContaining({
          step: 'CLAIM',
          seconds: 45,
          staffMemberId: f.staff.caregiver.id,
          alertKind: 'PENDANT',
          facilityId: f.facilityId,
        }),
      ]);
      expect(await t.prisma.responseTimeRollup.count()).toBe(1);
      // Its day is packed for the report (decision 0340), in the same transaction as the steps.
      expect(await t.prisma.responseTimeDay.findMany({ where: { facilityId: f.facilityId } })).toEqual([
        expect.objectContaining({ step: 'CLAIM', count: 1, staffIds: [f.staff.caregiver.id] }),
      ]);
    } finally {
      await t.close();
    }
  });
});
