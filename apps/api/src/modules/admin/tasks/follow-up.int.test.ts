import type { TTaskReply } from '@sage/contract';
import { createTestFacility, randomTestPhoneNumber, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertPendantTask, taskFootprint } from '../../../test/tasks';

const TASKS = '/admin/api/v1/tasks';
const CARE = '/care/api/v1';

let t: TestApp;
let f: TestFacility;
let other: TestFacility;

beforeAll(async () => {
  t = await buildTestApp();
  [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
});
afterAll(() => t.close());

const as = (staffId: string) => caller(t, staffId);
const close = (staffId: string, id: string, body: unknown) =>
  as(staffId)('PUT', `${TASKS}/${id}/follow-up`, body);
const done = {
  actions: ['ASSESSED_RESIDENT', 'CALLED_PHYSICIAN'],
  note: 'Barrier cream applied; Dr. Lee told',
};

/** An escalated observation of the AL resident: the caregiver logs care with Skin and a note (decision 0241). */
async function escalation(facility: TestFacility = f): Promise<string> {
  const before = new Date();
  const res = await as(facility.staff.caregiver.id)('POST', `${CARE}/loggedCare`, {
    residentId: facility.residents.AL.id,
    careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_BATHING' }],
    observations: ['SKIN'],
    resolutionNote: 'Red patch on the left heel',
  });
  expect(res.statusCode).toBe(201);
  const task = await t.db.prisma.task.findFirstOrThrow({
    where: {
      facilityId: facility.facilityId,
      severity: 'ESCALATION_OBSERVATION',
      creationTimestamp: { gte: before },
    },
    orderBy: { creationTimestamp: 'desc' },
    select: { id: true },
  });
  return task.id;
}

describe('[TASKS][FOLLOW-UP]: PUT /tasks/{taskId}/follow-up closes an escalated observation (decision 0620)', () => {
  it('the nurse closes it with what she did and a note: resolved, one update per action, no care log, no new escalation', async () => {
    const id = await escalation();
    const escalationsBefore = await t.db.prisma.task.count({
      where: { facilityId: f.facilityId, severity: 'ESCALATION_OBSERVATION' },
    });
    const res = await close(f.staff.nurse.id, id, done);
    expect(res.statusCode).toBe(200);
    const task = res.json() as TTaskReply;
    expect(task).toMatchObject({
      status: 'CLOSED_RESOLVED',
      resolutionNote: 'Barrier cream applied; Dr. Lee told',
      assignee: expect.objectContaining({ id: f.staff.nurse.id }),
      resolvedBy: expect.objectContaining({ id: f.staff.nurse.id }),
      observations: ['SKIN'],
    });
    // The caregiver's note stays on the observation.
    expect(task.description).toContain('Note: Red patch on the left heel');
    expect(task.updates.map((u) => [u.type, u.description])).toEqual(
      expect.arrayContaining([
        ['ASSIGNMENT', 'Assigned to Nora Patel'],
        ['MANUAL_ENTRY', 'Assessed the resident'],
        ['MANUAL_ENTRY', 'Called the physician'],
        ['CLOSED', 'Follow-up closed by Nora Patel'],
      ]),
    );
    expect(await t.db.prisma.careOutcome.count({ where: { taskId: id } })).toBe(0);
    expect(await t.db.prisma.residentActivity.count({ where: { taskId: id } })).toBe(0);
    expect(
      await t.db.prisma.task.count({
        where: { facilityId: f.facilityId, severity: 'ESCALATION_OBSERVATION' },
      }),
    ).toBe(escalationsBefore);
    expect(await t.db.prisma.taskChange.count({ where: { taskId: id, status: 'CLOSED_RESOLVED' } })).toBe(1);
  });

  it('a second close is a 409 and changes nothing', async () => {
    const id = await escalation();
    expect((await close(f.staff.nurse.id, id, done)).statusCode).toBe(200);
    const before = await taskFootprint(t.db.prisma, id);
    const again = await close(f.staff.manager.id, id, { actions: ['NO_ACTION_NEEDED'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TASK_ALREADY_RESOLVED');
    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);
  });

  it('two simultaneous closes: exactly one wins, the other is a 409, one set of updates', async () => {
    const id = await escalation();
    const replies = await Promise.all([
      close(f.staff.nurse.id, id, { actions: ['ASSESSED_RESIDENT'] }),
      close(f.staff.manager.id, id, { actions: ['NO_ACTION_NEEDED'] }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const closed = await t.db.prisma.taskUpdate.count({ where: { taskId: id, type: 'CLOSED' } });
    expect(closed).toBe(1);
    expect(await t.db.prisma.taskUpdate.count({ where: { taskId: id, type: 'MANUAL_ENTRY' } })).toBe(1);
  });

  it.each<[string, unknown, string, string]>([
    ['no action', { actions: [] }, 'body.actions', 'Choose at least one thing you did'],
    ['no actions field', { note: 'x' }, 'body.actions', ''],
    ['an unknown action', { actions: ['SANG_A_SONG'] }, 'body.actions', ''],
    [
      'an action twice',
      { actions: ['CALLED_FAMILY', 'CALLED_FAMILY'] },
      'body.actions',
      'Each action at most once',
    ],
    ['a note over 255 characters', { actions: ['CALLED_FAMILY'], note: 'x'.repeat(256) }, 'body.note', ''],
    ['an unknown field', { actions: ['CALLED_FAMILY'], careOutcomes: [] }, 'body', ''],
  ])('%s is a 400 naming %s, and writes nothing', async (_, body, field, message) => {
    const id = await escalation();
    const before = await taskFootprint(t.db.prisma, id);
    const res = await close(f.staff.nurse.id, id, body);
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as { field: string; message: string }[];
    expect(
      issues.map((i) => i.field).some((x) => x.startsWith(field)),
      JSON.stringify(issues),
    ).toBe(true);
    if (message) expect(issues.map((i) => i.message)).toContain(message);
    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);
    expect((await close(f.staff.nurse.id, id, done)).statusCode).toBe(200);
  });

  it('a call is not a follow-up: 400 naming params.taskId, the alert stays open', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'MC');
    const before = await taskFootprint(t.db.prisma, id);
    const res = await close(f.staff.nurse.id, id, done);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'NOT_AN_ESCALATION',
      issues: [expect.objectContaining({ field: 'params.taskId', rule: 'escalated-observation' })],
    });
    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);
  });

  it('permissions: the caregiver, the care-staff admin and the housekeeper may not (403 or 404); management may', async () => {
    const id = await escalation();
    const before = await taskFootprint(t.db.prisma, id);
    expect((await close(f.staff.caregiver.id, id, done)).statusCode).toBe(403);
    expect((await close(f.staff.careAdmin.id, id, done)).statusCode).toBe(403);
    // Operations see only their own tasks: the escalation is not revealed.
    expect((await close(f.staff.housekeeper.id, id, done)).statusCode).toBe(404);
    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);
    expect((await close(f.staff.manager.id, id, done)).statusCode).toBe(200);
  });

  it("another community's nurse gets a 404; a nurse may not close one another nurse holds (409), management may", async () => {
    const id = await escalation();
    expect((await close(other.staff.nurse.id, id, done)).statusCode).toBe(404);
    // A second nurse of the community claims it.
    const second = await t.db.prisma.staffMember.create({
      data: {
        firstName: 'Nia',
        lastName: `Second-${f.tag}`,
        phoneNumber: randomTestPhoneNumber(),
        enterpriseId: f.enterpriseId,
      },
      select: { id: true },
    });
    await t.db.prisma.groupMembership.create({
      data: { staffMemberId: second.id, groupId: f.groups.NurseMedTech, facilityId: f.facilityId },
    });
    expect((await as(second.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' })).statusCode).toBe(200);
    const refused = await close(f.staff.nurse.id, id, done);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TASK_ALREADY_CLAIMED');
    const res = await close(f.staff.manager.id, id, done);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TTaskReply).assignee?.id).toBe(second.id);
  });
});
