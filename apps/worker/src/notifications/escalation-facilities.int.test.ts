import type { PrismaClient } from '@sage/db';
import { createTestFacility, replaceAlertPolicy, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchJobHelpers, escalationTestDeps } from '../test/worker';
import { type EscalationDeps, runNotificationBlocks } from './escalation';
import { startTaskNotificationsBatch } from './escalation-start';

/**
 * A batch of block runs of several facilities reads the staff of all of them in one statement (decision 0461):
 * each run must still reach exactly the people its own facility's rule picks, with group memberships, on-call
 * state and care zones of that facility only.
 */
let db: TestDatabase;
let prisma: PrismaClient;
let deps: EscalationDeps;
const helpers = batchJobHelpers;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = db.prisma;
  deps = await escalationTestDeps(db);
});

afterAll(async () => {
  await db?.drop();
});

/** Block 0 at once to the manager; block 1 (break-glass, after 2 min) through `filters`. */
async function withPolicy(
  f: TestFacility,
  filters: { groupIds: string[]; careZoneIds?: string[] }[],
): Promise<TestFacility> {
  const { facilityId, enterpriseId } = f;
  await replaceAlertPolicy(prisma, { facilityId, enterpriseId }, 'Facilities batch policy', [
    {
      facilityId,
      executionTimeAfterStartInMs: 0,
      priority: 1,
      filters: { create: [{ facilityId, staffMemberIds: [f.staff.manager.id], onCallOnly: false }] },
    },
    {
      facilityId,
      executionTimeAfterStartInMs: 120_000,
      isBreakGlass: true,
      priority: 2,
      filters: {
        create: filters.map((filter) => ({ facilityId, ...filter, onCallOnly: false })),
      },
    },
  ]);
  return f;
}

const membersOf = async (groupId: string) =>
  (
    await prisma.groupMembership.findMany({
      where: { groupId, staffMember: { isArchived: false } },
      select: { staffMemberId: true },
    })
  ).map((m) => m.staffMemberId);

describe('[NOTIFICATIONS][ESCALATION]: a batch of block runs of several facilities', () => {
  it("reaches exactly each facility's own staff, once per run", async () => {
    const [a, b, c] = [
      await createTestFacility(prisma),
      await createTestFacility(prisma),
      await createTestFacility(prisma),
    ];
    // A's nurse also works in B's care staff: B's block reaches her, A's (care staff only) does not.
    await prisma.groupMembership.create({
      data: { groupId: b!.groups.CareStaff, staffMemberId: a!.staff.nurse.id, facilityId: b!.facilityId },
    });
    // A names B's care zone next to its nurses: another facility's zone covers nothing of A's.
    await withPolicy(a!, [
      { groupIds: [a!.groups.CareStaff] },
      { groupIds: [a!.groups.NurseMedTech], careZoneIds: [b!.careZones.AL.id] },
    ]);
    await withPolicy(b!, [{ groupIds: [b!.groups.CareStaff] }]);
    // C: its nurses, when its own AL zone covers the task's unit (it does).
    await withPolicy(c!, [{ groupIds: [c!.groups.NurseMedTech], careZoneIds: [c!.careZones.AL.id] }]);

    const tasks = [];
    for (const f of [a!, a!, b!, c!]) {
      const task = await prisma.task.create({
        data: {
          facilityId: f.facilityId,
          enterpriseId: f.enterpriseId,
          title: 'Facilities batch',
          severity: 'EMERGENCY',
          severityRank: 1,
          status: 'OPEN_UNCLAIMED',
          unitId: f.units.AL.id,
        },
      });
      tasks.push({ f, task });
    }
    // The starts queue block 1 (2 min later) through the database; block 0 runs at once.
    await startTaskNotificationsBatch(
      deps,
      tasks.map(({ f, task }) => ({ taskId: task.id, facilityId: f.facilityId })),
      { ...helpers, addJob: helpers.addJob },
    );
    const contexts = await prisma.notificationContext.findMany({
      where: { taskId: { in: tasks.map((t) => t.task.id) } },
      select: { id: true, taskId: true },
    });
    const contextOf = new Map(contexts.map((x) => [x.taskId, x.id]));

    const outcomes = await runNotificationBlocks(
      deps,
      tasks.map(({ task }) => ({ contextId: contextOf.get(task.id)!, blockIndex: 1, run: 0 })),
      helpers,
    );

    const expected = [
      await membersOf(a!.groups.CareStaff),
      await membersOf(a!.groups.CareStaff),
      await membersOf(b!.groups.CareStaff),
      await membersOf(c!.groups.NurseMedTech),
    ];
    expect(expected[2]).toContain(a!.staff.nurse.id);
    expect(expected[0]).not.toContain(a!.staff.nurse.id);
    expect(expected[3]).toEqual([c!.staff.nurse.id]);
    for (const [i, outcome] of outcomes.entries()) {
      expect(outcome.status).toBe('fulfilled');
      const result = (outcome as PromiseFulfilledResult<{ kind: string; recipientIds?: string[] }>).value;
      expect(result.kind).toBe('SENT');
      expect([...result.recipientIds!].sort()).toEqual([...expected[i]!].sort());
      // One message for the run, to those people, in the task's facility.
      const sent = await prisma.message.findMany({
        where: {
          taskId: tasks[i]!.task.id,
          data: { path: ['escalation', 'blockIndex'], equals: 1 },
        },
        select: { facilityId: true },
      });
      expect(sent).toEqual([{ facilityId: tasks[i]!.f.facilityId }]);
    }
  });
});
