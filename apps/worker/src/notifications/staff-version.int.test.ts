import { createPrisma, type PrismaClient } from '@sage/db';
import { createTestFacility, replaceAlertPolicy, type TestFacility } from '@sage/db/factories';
import { createTestDatabase, type TestDatabase } from '@sage/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchJobHelpers, escalationTestDeps } from '../test/worker';
import { type EscalationDeps, runNotificationBlocks } from './escalation';
import { facilityStaff } from './escalation-staff';
import { startTaskNotificationsBatch } from './escalation-start';

/**
 * The job process keeps each facility's staff while the facility's staff version is unchanged (decision 0494).
 * Every change the recipient rule can see must move the version in its own transaction, so the next batch reads
 * the staff again: a caregiver who goes off shift stops receiving from the next block run on.
 */
let db: TestDatabase;
let prisma: PrismaClient;
/** A second client of the same database: its staff are never kept from before, so each call reads afresh. */
let fresh: PrismaClient[];
let deps: EscalationDeps;
const helpers = batchJobHelpers;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = db.prisma;
  fresh = [];
  deps = await escalationTestDeps(db);
});

afterAll(async () => {
  await Promise.all(fresh.map((c) => c.$disconnect()));
  await db?.drop();
});

/** The facility's staff as a client that has kept nothing reads it. */
async function readAfresh(facilityId: string) {
  const client = createPrisma(db.url, { max: 1 });
  fresh.push(client);
  return (await facilityStaff(client, [facilityId])).get(facilityId)!;
}

const versionOf = async (facilityId: string) =>
  (await prisma.facilityStaffVersion.findUnique({ where: { facilityId } }))?.version ?? null;

const sorted = <T extends { staffMemberId: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.staffMemberId.localeCompare(b.staffMemberId));

describe('[NOTIFICATIONS][ESCALATION]: the staff kept per facility (decision 0494)', () => {
  let f: TestFacility;
  beforeAll(async () => {
    f = await createTestFacility(prisma);
  });

  // Each change the recipient rule reads, made as the API makes it (through the tables, triggers and all).
  const changes: [string, (f: TestFacility) => Promise<unknown>][] = [
    [
      'a caregiver goes on shift',
      (f) =>
        prisma.onCallState.create({
          data: { facilityId: f.facilityId, staffMemberId: f.staff.caregiver.id, isOnCall: true },
        }),
    ],
    [
      'and off shift again',
      (f) =>
        prisma.onCallState.update({
          where: {
            facilityId_staffMemberId: { facilityId: f.facilityId, staffMemberId: f.staff.caregiver.id },
          },
          data: { isOnCall: false },
        }),
    ],
    [
      'a nurse joins the care staff group',
      (f) =>
        prisma.groupMembership.create({
          data: { facilityId: f.facilityId, groupId: f.groups.CareStaff, staffMemberId: f.staff.nurse.id },
        }),
    ],
    [
      'and leaves it',
      (f) =>
        prisma.groupMembership.deleteMany({
          where: { groupId: f.groups.CareStaff, staffMemberId: f.staff.nurse.id },
        }),
    ],
    [
      'a caregiver no longer receives all care alerts',
      (f) =>
        prisma.staffMemberFacilityConfig.update({
          where: {
            facilityId_staffMemberId: { facilityId: f.facilityId, staffMemberId: f.staff.caregiver.id },
          },
          data: { shouldReceiveAllCareAlerts: false },
        }),
    ],
    [
      "a caregiver's care zone link is removed",
      (f) =>
        prisma.staffMemberFacilityConfigCareZone.deleteMany({
          where: {
            careZoneId: f.careZones.MC.id,
            staffMemberFacilityConfig: { staffMemberId: f.staff.caregiver.id },
          },
        }),
    ],
    [
      'and added again',
      async (f) => {
        const config = await prisma.staffMemberFacilityConfig.findUniqueOrThrow({
          where: {
            facilityId_staffMemberId: { facilityId: f.facilityId, staffMemberId: f.staff.caregiver.id },
          },
        });
        return prisma.staffMemberFacilityConfigCareZone.create({
          data: {
            staffMemberFacilityConfigId: config.id,
            careZoneId: f.careZones.MC.id,
            facilityId: f.facilityId,
          },
        });
      },
    ],
    [
      "a care zone's wards change",
      (f) =>
        prisma.careZone.update({ where: { id: f.careZones.AL.id }, data: { wards: ['North wing ward'] } }),
    ],
    [
      'a staff member is archived',
      (f) => prisma.staffMember.update({ where: { id: f.staff.housekeeper.id }, data: { isArchived: true } }),
    ],
    ['a group is deleted', (f) => prisma.group.delete({ where: { id: f.groups.Management } })],
  ];

  it.each(changes)('%s: the version moves and the next read has the change', async (_name, change) => {
    const before = await facilityStaff(prisma, [f.facilityId]);
    const versionBefore = await versionOf(f.facilityId);
    await change(f);
    const versionAfter = await versionOf(f.facilityId);
    expect(versionAfter).not.toBeNull();
    expect(versionAfter).not.toEqual(versionBefore);
    const after = (await facilityStaff(prisma, [f.facilityId])).get(f.facilityId)!;
    // The change shows, and what is read is what a read from scratch gives.
    expect(sorted(after)).not.toEqual(sorted(before.get(f.facilityId)!));
    expect(sorted(after)).toEqual(sorted(await readAfresh(f.facilityId)));
  });

  it('is kept while the version stands: a change made without the triggers is not seen until the next one', async () => {
    const kept = (await facilityStaff(prisma, [f.facilityId])).get(f.facilityId)!;
    const version = await versionOf(f.facilityId);
    // An update the recipient rule ignores moves nothing.
    await prisma.groupMembership.updateMany({
      where: { groupId: f.groups.CareStaff, staffMemberId: f.staff.caregiver.id },
      data: { isAdmin: true },
    });
    expect(await versionOf(f.facilityId)).toEqual(version);
    // With triggers off for the session (replica role), the on-shift change leaves the version as it was.
    await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
      await tx.onCallState.upsert({
        where: { facilityId_staffMemberId: { facilityId: f.facilityId, staffMemberId: f.staff.nurse.id } },
        create: { facilityId: f.facilityId, staffMemberId: f.staff.nurse.id, isOnCall: true },
        update: { isOnCall: true },
      });
    });
    expect(await versionOf(f.facilityId)).toEqual(version);
    const nurseIn = (rows: readonly { staffMemberId: string; isOnCall: boolean }[]) =>
      rows.find((r) => r.staffMemberId === f.staff.nurse.id)!.isOnCall;
    // The kept staff (same array, no read) say off shift; a read from scratch says on shift.
    const again = (await facilityStaff(prisma, [f.facilityId])).get(f.facilityId)!;
    expect(again).toBe(kept);
    expect(nurseIn(again)).toBe(false);
    expect(nurseIn(await readAfresh(f.facilityId))).toBe(true);
    // The next change of the facility's staff brings both.
    await prisma.staffMemberFacilityConfig.update({
      where: { facilityId_staffMemberId: { facilityId: f.facilityId, staffMemberId: f.staff.nurse.id } },
      data: { shouldReceiveAllCareAlerts: false },
    });
    expect(nurseIn((await facilityStaff(prisma, [f.facilityId])).get(f.facilityId)!)).toBe(true);
  });

  it('a facility whose staff rows were truncated is read every time until its next change', async () => {
    const other = await createTestFacility(prisma);
    await facilityStaff(prisma, [other.facilityId]);
    // TRUNCATE fires no row trigger: the statement trigger forgets every version instead.
    await prisma.$executeRawUnsafe(`TRUNCATE "OnCallState"`);
    expect(await versionOf(other.facilityId)).toBeNull();
    const first = (await facilityStaff(prisma, [other.facilityId])).get(other.facilityId)!;
    const second = (await facilityStaff(prisma, [other.facilityId])).get(other.facilityId)!;
    expect(second).not.toBe(first);
    expect(sorted(second)).toEqual(sorted(first));
  });
});

describe('[NOTIFICATIONS][ESCALATION]: on shift, off shift, between block runs', () => {
  it('an on-call-only block stops reaching a caregiver from the run after they go off shift', async () => {
    const f = await createTestFacility(prisma);
    const { facilityId, enterpriseId } = f;
    await replaceAlertPolicy(prisma, { facilityId, enterpriseId }, 'On shift only', [
      {
        facilityId,
        executionTimeAfterStartInMs: 120_000,
        isBreakGlass: true,
        priority: 1,
        filters: { create: [{ facilityId, groupIds: [f.groups.CareStaff], onCallOnly: true }] },
      },
    ]);
    await prisma.onCallState.create({
      data: { facilityId, staffMemberId: f.staff.caregiver.id, isOnCall: true },
    });
    const task = await prisma.task.create({
      data: {
        facilityId,
        enterpriseId,
        title: 'On shift only',
        severity: 'EMERGENCY',
        severityRank: 1,
        status: 'OPEN_UNCLAIMED',
        unitId: f.units.AL.id,
      },
    });
    await startTaskNotificationsBatch(deps, [{ taskId: task.id, facilityId }], helpers);
    const context = await prisma.notificationContext.findFirstOrThrow({ where: { taskId: task.id } });
    const recipientsOfRun = async (run: number) => {
      const [outcome] = await runNotificationBlocks(
        deps,
        [{ contextId: context.id, blockIndex: 0, run }],
        helpers,
      );
      expect(outcome!.status).toBe('fulfilled');
      return (outcome as PromiseFulfilledResult<{ recipientIds?: string[] }>).value.recipientIds ?? [];
    };
    expect(await recipientsOfRun(0)).toEqual([f.staff.caregiver.id]);
    await prisma.onCallState.update({
      where: { facilityId_staffMemberId: { facilityId, staffMemberId: f.staff.caregiver.id } },
      data: { isOnCall: false },
    });
    expect(await recipientsOfRun(1)).toEqual([]);
  });
});
