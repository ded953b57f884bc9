import type { TNotificationPolicyReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';

const POLICIES = '/admin/api/v1/notificationPolicies';
const CONTEXTS = '/admin/api/v1/notificationContexts';

let t: TestApp;
let f: TestFacility;
let other: TestFacility;

beforeAll(async () => {
  t = await buildTestApp();
  [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
});
afterAll(() => t.close());

const call = async (
  staffMemberId: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: await t.headersFor(staffMemberId),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const blocks = (facility: TestFacility) => [
  {
    executionTimeAfterStartInMs: 60_000,
    recurringIntervalInMs: 0,
    isBreakGlass: true,
    priority: 2,
    filters: [{ groupIds: [facility.groups.Management], onCallOnly: false }],
  },
  {
    executionTimeAfterStartInMs: 0,
    recurringIntervalInMs: 30_000,
    priority: 1,
    filters: [{ groupIds: [facility.groups.CareStaff], severities: ['EMERGENCY', 'CODE_BLUE'] }],
  },
];

describe('[NOTIFICATIONS][POLICIES]: /notificationPolicies', () => {
  it('creates a versioned policy (management) and lists it in run order, recurring when the interval is above 0', async () => {
    const res = await call(f.staff.manager.id, 'POST', POLICIES, {
      facilityRid: f.facilityId,
      name: 'Night policy',
      notificationBlocks: blocks(f),
    });
    expect(res.statusCode).toBe(201);
    const policy = res.json() as TNotificationPolicyReply;
    expect(policy).toMatchObject({
      version: 1,
      type: 'ALERT',
      facilityRid: f.facilityId,
      name: 'Night policy',
    });
    expect(
      policy.notificationBlocks.map((b) => [b.executionTimeAfterStartInMs, b.isRecurring, b.isBreakGlass]),
    ).toEqual([
      [0, true, false],
      [60_000, false, true],
    ]);
    expect(policy.notificationBlocks[0]!.filters[0]).toMatchObject({
      groupIds: [f.groups.CareStaff],
      severities: ['EMERGENCY', 'CODE_BLUE'],
      onCallOnly: true,
      staffMemberIds: [],
      careZoneIds: [],
    });

    // Anyone of the facility reads; the factory's default policy is there too.
    const list = await call(f.staff.caregiver.id, 'GET', `${POLICIES}?facilityRid=${f.facilityId}`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as TNotificationPolicyReply[]).map((p) => p.rid).sort()).toEqual(
      [policy.rid, f.notificationPolicyId].sort(),
    );
    const one = await call(
      f.staff.caregiver.id,
      'GET',
      `${POLICIES}/${policy.rid}?facilityRid=${f.facilityId}&notificationPolicyVersion=1`,
    );
    expect(one.json()).toEqual(policy);
  });

  it('PATCH replaces the blocks and bumps the version; a stale version gets 409 and changes nothing', async () => {
    const created = (
      await call(f.staff.manager.id, 'POST', POLICIES, {
        facilityRid: f.facilityId,
        notificationBlocks: blocks(f),
      })
    ).json() as TNotificationPolicyReply;
    const url = (v: number) =>
      `${POLICIES}/${created.rid}?facilityRid=${f.facilityId}&notificationPolicyVersion=${v}`;
    const patched = await call(f.staff.manager.id, 'PATCH', url(1), {
      name: 'Renamed',
      notificationBlocks: [
        {
          executionTimeAfterStartInMs: 5_000,
          recurringIntervalInMs: 0,
          filters: [{ staffMemberIds: [f.staff.nurse.id] }],
        },
      ],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ version: 2, name: 'Renamed' });
    expect((patched.json() as TNotificationPolicyReply).notificationBlocks).toHaveLength(1);

    // Someone else still holds version 1.
    const stale = await call(f.staff.manager.id, 'PATCH', url(1), { name: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' });
    const now = (
      await call(f.staff.manager.id, 'GET', `${POLICIES}/${created.rid}?facilityRid=${f.facilityId}`)
    ).json();
    expect(now).toMatchObject({ version: 2, name: 'Renamed' });
    // Reading a version that is no longer current: 404.
    expect((await call(f.staff.manager.id, 'GET', url(1))).statusCode).toBe(404);
  });

  it('GET and PATCH one filter of a block; the policy version moves with it', async () => {
    const created = (
      await call(f.staff.manager.id, 'POST', POLICIES, {
        facilityRid: f.facilityId,
        notificationBlocks: blocks(f),
      })
    ).json() as TNotificationPolicyReply;
    const block = created.notificationBlocks[0]!;
    const filter = block.filters[0]!;
    const url = `${POLICIES}/blocks/${block.blockRid}/filters/${filter.filterRid}?facilityRid=${f.facilityId}`;
    expect((await call(f.staff.caregiver.id, 'GET', url)).json()).toMatchObject({
      filterRid: filter.filterRid,
      blockRid: block.blockRid,
      policyRid: created.rid,
      notificationPolicyVersion: 1,
    });
    const res = await call(f.staff.manager.id, 'PATCH', `${url}&notificationPolicyVersion=1`, {
      careZoneIds: [f.careZones.MC.id],
      onCallOnly: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      careZoneIds: [f.careZones.MC.id],
      onCallOnly: false,
      notificationPolicyVersion: 2,
    });
    expect(
      (await call(f.staff.manager.id, 'PATCH', `${url}&notificationPolicyVersion=1`, { onCallOnly: true }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses bad input naming the field and rule, and stays inside the facility', async () => {
    const bad = await call(f.staff.manager.id, 'POST', POLICIES, {
      facilityRid: f.facilityId,
      notificationBlocks: [{ executionTimeAfterStartInMs: -1, recurringIntervalInMs: 500, filters: [{}] }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { issues: { field: string }[] }).issues.map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'body.notificationBlocks.0.executionTimeAfterStartInMs',
        'body.notificationBlocks.0.recurringIntervalInMs',
      ]),
    );

    // A group of another facility.
    const foreign = await call(f.staff.manager.id, 'POST', POLICIES, {
      facilityRid: f.facilityId,
      notificationBlocks: [
        {
          executionTimeAfterStartInMs: 0,
          recurringIntervalInMs: 0,
          filters: [{ groupIds: [other.groups.CareStaff] }],
        },
      ],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      issues: [{ field: 'body.notificationBlocks.0.filters.0.groupIds.0', rule: 'exists' }],
    });

    // Caregivers read but do not edit; other facilities neither.
    expect(
      (
        await call(f.staff.caregiver.id, 'POST', POLICIES, {
          facilityRid: f.facilityId,
          notificationBlocks: blocks(f),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(other.staff.manager.id, 'GET', `${POLICIES}?facilityRid=${f.facilityId}`)).statusCode,
    ).toBe(403);
    // Another facility's policy id is not found through this facility.
    expect(
      (
        await call(
          f.staff.manager.id,
          'GET',
          `${POLICIES}/${other.notificationPolicyId}?facilityRid=${f.facilityId}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('[NOTIFICATIONS][CONTEXTS]: POST /notificationContexts', () => {
  it('queues the escalation of an unclaimed task; 409 for a claimed one; 404 for a task of another facility', async () => {
    const open = await t.db.prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Needs help',
        severity: 'EMERGENCY',
        severityRank: 1,
        unitId: f.units.AL.id,
      },
    });
    const res = await call(f.staff.caregiver.id, 'POST', CONTEXTS, {
      facilityRid: f.facilityId,
      taskId: open.id,
    });
    expect(res.statusCode).toBe(202);
    // Queued on the job queue the worker runs; an EMERGENCY task's jobs run ahead of other work (-2).
    const jobs = await t.db.prisma.$queryRawUnsafe<{ task_identifier: string; priority: number }[]>(
      `SELECT task_identifier, priority FROM graphile_worker.jobs WHERE key = $1`,
      `notify-start:${open.id}`,
    );
    expect(jobs).toEqual([{ task_identifier: 'start-task-notifications', priority: -2 }]);

    await t.db.prisma.task.update({ where: { id: open.id }, data: { status: 'OPEN_CLAIMED' } });
    const claimed = await call(f.staff.caregiver.id, 'POST', CONTEXTS, {
      facilityRid: f.facilityId,
      taskId: open.id,
    });
    expect(claimed.statusCode).toBe(409);
    const foreign = await call(other.staff.caregiver.id, 'POST', CONTEXTS, {
      facilityRid: other.facilityId,
      taskId: open.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('[NOTIFICATIONS][TASKS]: tasks start their notifications in the transaction that opens them', () => {
  const startJobs = async (taskId: string) =>
    (
      await t.db.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1`,
        `notify-start:${taskId}`,
      )
    )[0]?.n ?? 0;

  it('a manual unclaimed task queues its notifications; one created assigned does not', async () => {
    const open = await call(f.staff.caregiver.id, 'POST', '/admin/api/v1/tasks', {
      facilityId: f.facilityId,
      title: 'Resident asks for help',
      severity: 'STAFF_ASSIST',
    });
    expect(open.statusCode).toBe(201);
    expect(await startJobs((open.json() as { id: string }).id)).toBe(1);
    const assigned = await call(f.staff.caregiver.id, 'POST', '/admin/api/v1/tasks', {
      facilityId: f.facilityId,
      title: 'Refill water jug',
      assigneeId: f.staff.caregiver.id,
    });
    expect(assigned.statusCode).toBe(201);
    expect(await startJobs((assigned.json() as { id: string }).id)).toBe(0);
  });

  it('a task given back unclaimed queues its notifications again', async () => {
    const task = await t.db.prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Pressed',
        severity: 'HIGH_PRIORITY',
        severityRank: 3,
        unitId: f.units.AL.id,
      },
    });
    const claim = await call(f.staff.caregiver.id, 'PUT', `/admin/api/v1/tasks/${task.id}`, {
      status: 'OPEN_CLAIMED',
    });
    expect(claim.statusCode).toBe(200);
    expect(await startJobs(task.id)).toBe(0);
    const unassign = await call(f.staff.caregiver.id, 'POST', `/admin/api/v1/tasks/${task.id}/unassign`);
    expect(unassign.statusCode).toBe(200);
    expect(await startJobs(task.id)).toBe(1);
  });
});
