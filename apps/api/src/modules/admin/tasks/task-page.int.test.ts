import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loadTaskPage } from './task-page';
import { loadTaskReply } from './task-reply';

describe('[TASKS][PAGE]: search pages built by the database read the same as one task', () => {
  let t: TestApp;
  let f: TestFacility;

  beforeAll(async () => {
    t = await buildTestApp();
    f = await createTestFacility(t.db.prisma);
  });
  afterAll(() => t.close());

  /** A resolved alert with every relation and list filled in, each list with two entries. */
  const fullTask = async () => {
    const db = t.db.prisma;
    const resident = f.residents.AL!;
    const { caregiver, nurse } = f.staff as Record<string, { id: string }>;
    const task = await db.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Full task',
        description: 'Every field',
        status: 'CLOSED_RESOLVED',
        severity: 'EMERGENCY',
        severityRank: 1,
        unitId: resident.unitId,
        residentId: resident.id,
        deviceId: resident.pendant!.deviceId,
        creatorStaffMemberId: nurse!.id,
        assigneeId: caregiver!.id,
        assigneeGroupId: f.groups.CareStaff,
        creationTimestamp: new Date('2026-11-20T10:00:00.123Z'),
        confirmingSince: new Date('2026-11-20T10:01:00.456Z'),
        resolvedAt: new Date('2026-11-20T10:05:00.789Z'),
        resolvedById: caregiver!.id,
        alertOutcomeType: 'RESIDENT_INTERACTION',
        resolutionNote: 'Helped to the bathroom',
        observations: ['SKIN', 'OTHER'],
        respondingStaffRids: [caregiver!.id, nurse!.id],
        staffAssistCount: 2,
      },
    });
    const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 10, 2, s, 7));
    await db.taskUpdate.createMany({
      data: [
        { taskId: task.id, facilityId: f.facilityId, type: 'CLAIM', createdAt: at(2) },
        {
          taskId: task.id,
          facilityId: f.facilityId,
          type: 'MANUAL_ENTRY',
          description: 'Toileting',
          careProvided: 'ADL_TOILETING',
          creatorStaffMemberId: caregiver!.id,
          createdAt: at(1),
        },
      ],
    });
    await db.taskNote.createMany({
      data: [
        {
          taskId: task.id,
          facilityId: f.facilityId,
          content: 'Second',
          creatorId: nurse!.id,
          createdAt: at(9),
        },
        {
          taskId: task.id,
          facilityId: f.facilityId,
          subject: 'Fall risk',
          content: 'First',
          creatorId: caregiver!.id,
          createdAt: at(3),
        },
      ],
    });
    await db.careOutcome.createMany({
      data: [
        {
          facilityId: f.facilityId,
          taskId: task.id,
          outcome: 'COMPLETED',
          careProvided: 'ADL_BATHING',
          createdAt: at(5),
        },
        {
          facilityId: f.facilityId,
          taskId: task.id,
          outcome: 'COMPLETED',
          careProvided: 'ADL_TOILETING',
          createdAt: at(4),
        },
      ],
    });
    return task.id;
  };

  /** A manual task with nothing attached. */
  const bareTask = async () =>
    (
      await t.db.prisma.task.create({
        data: {
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          title: 'Bare task',
          severity: 'LOW_PRIORITY',
          severityRank: 5,
        },
      })
    ).id;

  it('every field of a full task and of a bare task equals the single-task reply', async () => {
    const full = await fullTask();
    const bare = await bareTask();
    const [pageFull, pageBare] = await loadTaskPage(t.db.prisma, [full, bare]);
    const one = await loadTaskReply(t.db.prisma, full);
    expect(pageFull).toEqual(one);
    // The lists really were filled, in their time order, so the comparison covered them.
    expect(one.updates.map((u) => u.type)).toEqual(['MANUAL_ENTRY', 'CLAIM']);
    expect(one.notes.map((n) => n.content)).toEqual(['First', 'Second']);
    expect(one.careOutcomes.map((c) => c.careProvided)).toEqual(['ADL_TOILETING', 'ADL_BATHING']);
    expect(one.creationTimestamp).toBe(Date.parse('2026-11-20T10:00:00.123Z'));
    expect(pageBare).toEqual(await loadTaskReply(t.db.prisma, bare));
  });

  it("keeps the ids' order and leaves out ids that do not exist", async () => {
    const a = await bareTask();
    const b = await bareTask();
    const replies = await loadTaskPage(t.db.prisma, [b, 'no-such-task', a]);
    expect(replies.map((r) => r.id)).toEqual([b, a]);
    expect(await loadTaskPage(t.db.prisma, [])).toEqual([]);
  });
});
