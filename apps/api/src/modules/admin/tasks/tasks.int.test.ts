import type { TTaskPageReply, TTaskReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertDeviceTask, insertPendantTask, taskFootprint } from '../../../test/tasks';

const TASKS = '/admin/api/v1/tasks';

let t: TestApp;
let f: TestFacility;
let other: TestFacility;

beforeAll(async () => {
  t = await buildTestApp();
  [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
});
afterAll(() => t.close());

const as = (staffId: string) => caller(t, staffId);
const manualTask = async (creatorId: string, body: Record<string, unknown> = {}, facility = f) => {
  const res = await as(creatorId)('POST', TASKS, {
    facilityId: facility.facilityId,
    title: 'Refill water jug',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as TTaskReply;
};
const updateTypes = (task: TTaskReply) => task.updates.map((u) => u.type);

describe('[ALERTS][CREATE]: POST /tasks (manual tasks)', () => {
  it('creates an unclaimed task with a CREATED update and records the change for /live', async () => {
    const task = await manualTask(f.staff.caregiver.id, {
      residentId: f.residents.AL.id,
      severity: 'HIGH_PRIORITY',
      description: 'Jug is empty',
    });
    expect(task).toMatchObject({
      facilityId: f.facilityId,
      title: 'Refill water jug',
      status: 'OPEN_UNCLAIMED',
      severity: 'HIGH_PRIORITY',
      assignee: null,
      unit: { id: f.residents.AL.unitId },
      resident: { id: f.residents.AL.id, firstName: f.residents.AL.firstName },
      creator: { staffMember: { id: f.staff.caregiver.id }, device: null },
      notes: [],
      careOutcomes: [],
      resolvedAt: null,
    });
    expect(updateTypes(task)).toEqual(['CREATED']);
    const changes = await t.db.prisma.taskChange.findMany({ where: { taskId: task.id } });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ facilityId: f.facilityId, status: 'OPEN_UNCLAIMED' });
  });

  it('with an assignee the task starts claimed by them (ASSIGNMENT)', async () => {
    const task = await manualTask(f.staff.manager.id, {
      assigneeId: f.staff.housekeeper.id,
      assigneeGroupId: f.groups.Housekeeping,
    });
    expect(task.status).toBe('OPEN_CLAIMED');
    expect(task.assignee).toEqual({
      id: f.staff.housekeeper.id,
      firstName: f.staff.housekeeper.firstName,
      lastName: f.staff.housekeeper.lastName,
    });
    expect(updateTypes(task)).toEqual(['CREATED', 'ASSIGNMENT']);
  });

  it('bad input is a 400 naming the field and the rule, and writes nothing', async () => {
    const before = await t.db.prisma.task.count({ where: { facilityId: f.facilityId } });
    const post = (body: object) =>
      as(f.staff.caregiver.id)('POST', TASKS, { facilityId: f.facilityId, ...body });

    const empty = await post({ title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toContainEqual(
      expect.objectContaining({ field: 'body.title', rule: 'minimum' }),
    );

    const severity = await post({ title: 'x', severity: 'URGENT' });
    expect(severity.statusCode).toBe(400);
    expect(severity.json().issues[0]).toMatchObject({ field: 'body.severity', rule: 'enum' });

    const foreignUnit = await post({ title: 'x', unitId: other.units.AL.id });
    expect(foreignUnit.statusCode).toBe(400);
    expect(foreignUnit.json().issues).toEqual([
      expect.objectContaining({ field: 'body.unitId', rule: 'exists' }),
    ]);

    const foreignAssignee = await post({ title: 'x', assigneeId: other.staff.caregiver.id });
    expect(foreignAssignee.json().issues).toEqual([
      expect.objectContaining({ field: 'body.assigneeId', rule: 'exists' }),
    ]);

    expect(await t.db.prisma.task.count({ where: { facilityId: f.facilityId } })).toBe(before);
  });

  it('refuses operations staff (403) and a facility the caller does not work in (403)', async () => {
    const housekeeper = await as(f.staff.housekeeper.id)('POST', TASKS, {
      facilityId: f.facilityId,
      title: 'x',
    });
    expect(housekeeper.statusCode).toBe(403);
    const foreign = await as(other.staff.manager.id)('POST', TASKS, { facilityId: f.facilityId, title: 'x' });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('[ALERTS][CLAIM]: status transitions (section 4)', () => {
  it('"Unclaimed to claimed: adds a claim update, a status-change update and an assignee."', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'AL');
    const res = await as(f.staff.caregiver.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' });
    expect(res.statusCode).toBe(200);
    const task = res.json() as TTaskReply;
    expect(task.status).toBe('OPEN_CLAIMED');
    expect(task.assignee?.id).toBe(f.staff.caregiver.id);
    expect(updateTypes(task)).toEqual(['CREATED', 'CLAIM', 'STATUS_CHANGE']);
    expect(task.creator.device).toEqual({
      id: f.residents.AL.pendant.deviceId,
      type: 'SAGE_BUTTON',
      hardwareId: f.residents.AL.pendant.hardwareId,
    });
    expect(await t.db.prisma.taskChange.count({ where: { taskId: id, status: 'OPEN_CLAIMED' } })).toBe(1);

    // "Claimed to unclaimed: assignee removed, unassignment update added."
    const back = await as(f.staff.caregiver.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_UNCLAIMED' });
    expect(back.statusCode).toBe(200);
    expect(back.json().assignee).toBeNull();
    expect(back.json().status).toBe('OPEN_UNCLAIMED');
    expect(updateTypes(back.json()).at(-1)).toBe('UNASSIGNMENT');
    await t.db.prisma.task.update({
      where: { id },
      data: { status: 'CLOSED_CANCELED', openDeviceKey: null },
    });
  });

  it('two simultaneous claims: exactly one winner, the other gets 409 TASK_ALREADY_CLAIMED', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await insertDeviceTask(t.db.prisma, f, {
        deviceId: f.units.MC.wallButton.deviceId,
        unitId: f.units.MC.id,
      });
      const [a, b] = await Promise.all([
        as(f.staff.caregiver.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' }),
        as(f.staff.nurse.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? f.staff.caregiver.id : f.staff.nurse.id;
      const loser = a.statusCode === 200 ? b : a;
      expect(loser.json()).toMatchObject({ statusCode: 409, code: 'TASK_ALREADY_CLAIMED' });
      const row = await t.db.prisma.task.findUniqueOrThrow({ where: { id } });
      expect(row.assigneeId).toBe(winner);
      expect(await t.db.prisma.taskUpdate.count({ where: { taskId: id, type: 'CLAIM' } })).toBe(1);
      expect(await t.db.prisma.taskChange.count({ where: { taskId: id } })).toBe(1);
      await t.db.prisma.task.update({
        where: { id },
        data: { status: 'CLOSED_CANCELED', openDeviceKey: null },
      });
    }
  });

  it('claimed → confirming starts care confirmation (timer queued); cancel returns to claimed', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'MC');
    const me = as(f.staff.caregiver.id);
    await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' });
    const confirming = await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_CONFIRMING' });
    expect(confirming.statusCode).toBe(200);
    expect(confirming.json().status).toBe('OPEN_CONFIRMING');
    expect(confirming.json().confirmingSince).toEqual(expect.any(Number));
    const jobs = await t.db.prisma.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1`,
      `care-confirmation:${id}`,
    );
    expect(jobs[0]!.n).toBe(1);

    const tracker = await me('GET', `${TASKS}/${id}/care-confirmation-tracker`);
    expect(tracker.statusCode).toBe(200);
    expect(tracker.json().task.id).toBe(id);
    expect(tracker.json().timeSinceLastUpdate).toBeGreaterThanOrEqual(0);
    expect(tracker.json().timeSinceLastUpdate).toBeLessThan(30_000);

    // "Cancel sets the status back to claimed if it is confirming."
    const cancel = await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'OPEN_CLAIMED', confirmingSince: null });
    expect(cancel.json().assignee.id).toBe(f.staff.caregiver.id);

    // Someone else cannot start confirmation on my task: they lost the race.
    const nurse = await as(f.staff.nurse.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CONFIRMING' });
    expect(nurse.statusCode).toBe(409);
    expect(nurse.json().code).toBe('TASK_ALREADY_CLAIMED');
    await t.db.prisma.task.update({
      where: { id },
      data: { status: 'CLOSED_CANCELED', openDeviceKey: null },
    });
  });

  it('refused transitions are 409 and change nothing; statuses not settable here are 400', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'LTC');
    const me = as(f.staff.caregiver.id);
    const before = await taskFootprint(t.db.prisma, id);

    const skip = await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_CONFIRMING' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().code).toBe('INVALID_STATUS_TRANSITION');

    const same = await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_UNCLAIMED' });
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('TASK_STATUS_CHANGED');

    const confirmed = await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_CONFIRMED' });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().issues[0]).toMatchObject({ field: 'body.status', rule: 'enum' });

    const resolved = await me('PUT', `${TASKS}/${id}`, { status: 'CLOSED_RESOLVED' });
    expect(resolved.statusCode).toBe(400);

    const mixed = await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED', title: 'x' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().issues[0].field).toBe('body.status');

    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);
    await t.db.prisma.task.update({
      where: { id },
      data: { status: 'CLOSED_CANCELED', openDeviceKey: null },
    });
  });

  it('unassign: the assignee or a supervisor gives the task back, also while confirming', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'STR');
    const me = as(f.staff.caregiver.id);
    await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' });
    await me('PUT', `${TASKS}/${id}`, { status: 'OPEN_CONFIRMING' });

    const nurse = await as(f.staff.nurse.id)('POST', `${TASKS}/${id}/unassign`);
    expect(nurse.statusCode).toBe(409);
    expect(nurse.json().code).toBe('TASK_ALREADY_CLAIMED');

    const supervisor = await as(f.staff.careAdmin.id)('POST', `${TASKS}/${id}/unassign`);
    expect(supervisor.statusCode).toBe(200);
    expect(supervisor.json()).toMatchObject({
      status: 'OPEN_UNCLAIMED',
      assignee: null,
      confirmingSince: null,
    });
    expect(updateTypes(supervisor.json()).at(-1)).toBe('UNASSIGNMENT');

    const again = await me('POST', `${TASKS}/${id}/unassign`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TASK_NOT_ASSIGNED');
    await t.db.prisma.task.update({
      where: { id },
      data: { status: 'CLOSED_CANCELED', openDeviceKey: null },
    });
  });
});

describe('[ALERTS][RESOLVE]: PUT /tasks/{taskId}/resolve', () => {
  const resolve = (staffId: string, id: string, body: object) =>
    as(staffId)('PUT', `${TASKS}/${id}/resolve`, body);
  const claimAndConfirm = async (id: string, staffId = f.staff.caregiver.id) => {
    await as(staffId)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' });
    // The press on the resident's pendant (the worker's part) confirms care.
    await t.db.prisma.task.update({
      where: { id },
      data: { status: 'OPEN_CONFIRMED', confirmingSince: null },
    });
  };

  it('multi-outcome: CLOSED_RESOLVED with one MANUAL_ENTRY per care provided and a CLOSED update', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'AL');
    await claimAndConfirm(id);
    const res = await resolve(f.staff.caregiver.id, id, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [
        { outcome: 'COMPLETED', careProvided: 'ADL_BATHING' },
        { outcome: 'COMPLETED', careProvided: 'ADL_TOILETING' },
      ],
      observations: ['SKIN', 'OTHER'],
      resolutionNote: 'Redness on the left heel',
      respondingStaffRids: [f.staff.nurse.id],
    });
    expect(res.statusCode).toBe(200);
    const task = res.json() as TTaskReply;
    expect(task).toMatchObject({
      status: 'CLOSED_RESOLVED',
      alertOutcomeType: 'RESIDENT_INTERACTION',
      resolutionNote: 'Redness on the left heel',
      observations: ['SKIN', 'OTHER'],
      respondingStaffRids: [f.staff.nurse.id],
      resolvedBy: { id: f.staff.caregiver.id },
      assignee: { id: f.staff.caregiver.id },
      isTest: false,
      careOutcomes: [
        { outcome: 'COMPLETED', careProvided: 'ADL_BATHING' },
        { outcome: 'COMPLETED', careProvided: 'ADL_TOILETING' },
      ],
    });
    expect(task.resolvedAt).toEqual(expect.any(Number));
    expect(updateTypes(task).slice(-3)).toEqual(['MANUAL_ENTRY', 'MANUAL_ENTRY', 'CLOSED']);
    expect(task.updates.filter((u) => u.type === 'MANUAL_ENTRY').map((u) => u.careProvided)).toEqual([
      'ADL_BATHING',
      'ADL_TOILETING',
    ]);
    const row = await t.db.prisma.task.findUniqueOrThrow({ where: { id } });
    expect(row.openDeviceKey).toBeNull();
    const activity = await t.db.prisma.residentActivity.findFirstOrThrow({ where: { taskId: id } });
    expect(activity).toMatchObject({
      residentId: f.residents.AL.id,
      isRefusal: false,
      creatorId: f.staff.caregiver.id,
    });

    // A resolve after a resolve: 409 with the spec's message, and nothing written.
    const before = await taskFootprint(t.db.prisma, id);
    const again = await resolve(f.staff.caregiver.id, id, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_DRESSING' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'TASK_ALREADY_RESOLVED',
      message: 'This alert has already been resolved.',
    });
    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);

    // And a status change of a resolved task.
    const claim = await as(f.staff.nurse.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().code).toBe('TASK_ALREADY_RESOLVED');
  });

  it('two simultaneous resolves: one 200, one 409, one set of outcomes', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'MC');
    await claimAndConfirm(id);
    const body = {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_EATING' }],
    };
    const [a, b] = await Promise.all([
      resolve(f.staff.caregiver.id, id, body),
      resolve(f.staff.caregiver.id, id, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await t.db.prisma.careOutcome.count({ where: { taskId: id } })).toBe(1);
    expect(await t.db.prisma.taskUpdate.count({ where: { taskId: id, type: 'CLOSED' } })).toBe(1);
  });

  it('a real alert needs confirmed care unless bypassCareConfirmationChecks', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'LTC');
    await as(f.staff.nurse.id)('PUT', `${TASKS}/${id}`, { status: 'OPEN_CLAIMED' });
    const before = await taskFootprint(t.db.prisma, id);
    const body = {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'EMERGENCY_OTHER' }],
    };
    const refused = await resolve(f.staff.nurse.id, id, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CARE_CONFIRMATION_REQUIRED' });
    expect(refused.json().issues[0]).toMatchObject({
      field: 'body.bypassCareConfirmationChecks',
      rule: 'care-confirmation',
    });
    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);

    const bypass = await resolve(f.staff.nurse.id, id, { ...body, bypassCareConfirmationChecks: true });
    expect(bypass.statusCode).toBe(200);
    // "Emergency reason: Fall or Other Emergency gives a COMPLETED outcome."
    expect(bypass.json().careOutcomes).toEqual([{ outcome: 'COMPLETED', careProvided: 'EMERGENCY_OTHER' }]);
  });

  it('test alert alone: resolves an unclaimed alert (resolver becomes assignee), no care log', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'IL');
    const mixed = await resolve(f.staff.caregiver.id, id, {
      alertOutcomeType: 'TEST_ALERT',
      careOutcomes: [
        { outcome: 'COMPLETED', careProvided: 'NON_EMERGENCY_FOUND_DEVICE' },
        { outcome: 'COMPLETED', careProvided: 'ADL_BATHING' },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().issues).toContainEqual(
      expect.objectContaining({ field: 'body.careOutcomes', rule: 'test-alert-alone' }),
    );
    const res = await resolve(f.staff.caregiver.id, id, {
      alertOutcomeType: 'TEST_ALERT',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'NON_EMERGENCY_FOUND_DEVICE' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'CLOSED_RESOLVED',
      isTest: true,
      assignee: { id: f.staff.caregiver.id },
    });
    expect(updateTypes(res.json())).toEqual(['CREATED', 'ASSIGNMENT', 'MANUAL_ENTRY', 'CLOSED']);
    expect(await t.db.prisma.residentActivity.count({ where: { taskId: id } })).toBe(0);
  });

  it('was-fall: No is NOT_COMPLETED No Care Given with FALSE_ALARM; FALSE_ALARM with care is 400', async () => {
    const id = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.fallSensor.deviceId,
      unitId: f.fallSensor.unitId,
      severity: 'CODE_BLUE',
      title: 'Fall detected',
    });
    await claimAndConfirm(id);
    const wrong = await resolve(f.staff.caregiver.id, id, {
      alertOutcomeType: 'FALSE_ALARM',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'EMERGENCY_FALL' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0]).toMatchObject({ field: 'body.alertOutcomeType', rule: 'false-alarm' });
    const res = await resolve(f.staff.caregiver.id, id, {
      alertOutcomeType: 'FALSE_ALARM',
      careOutcomes: [{ outcome: 'NOT_COMPLETED', careProvided: 'NON_EMERGENCY_NO_CARE_GIVEN' }],
      residentId: f.residents.MC.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      alertOutcomeType: 'FALSE_ALARM',
      resident: { id: f.residents.MC.id },
    });
  });

  it('refusal mode: outcomes REFUSED (all of them, refusable care only); the care log is a refusal', async () => {
    const id = await insertPendantTask(t.db.prisma, f, 'STR');
    await claimAndConfirm(id);
    const mixed = await resolve(f.staff.caregiver.id, id, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [
        { outcome: 'REFUSED', careProvided: 'ADL_BATHING' },
        { outcome: 'COMPLETED', careProvided: 'ADL_TOILETING' },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().issues[0]).toMatchObject({ field: 'body.careOutcomes', rule: 'refusal-mode' });
    const res = await resolve(f.staff.caregiver.id, id, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [
        { outcome: 'REFUSED', careProvided: 'ADL_BATHING' },
        { outcome: 'REFUSED', careProvided: 'HOUSEKEEPING_BED' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await t.db.prisma.residentActivity.findFirstOrThrow({ where: { taskId: id } })).isRefusal).toBe(
      true,
    );
  });

  it('OTHER observation needs a note; responding staff must work here (at most 5); nothing written on 400', async () => {
    const id = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.units.AL.wallButton.deviceId,
      unitId: f.units.AL.id,
    });
    await claimAndConfirm(id);
    const before = await taskFootprint(t.db.prisma, id);
    const base = {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_TRANSFER' }],
    };

    const note = await resolve(f.staff.caregiver.id, id, { ...base, observations: ['OTHER'] });
    expect(note.statusCode).toBe(400);
    expect(note.json().issues).toEqual([
      { field: 'body.resolutionNote', rule: 'required', message: 'This field is required' },
    ]);

    const foreign = await resolve(f.staff.caregiver.id, id, {
      ...base,
      respondingStaffRids: [other.staff.caregiver.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().issues[0]).toMatchObject({ field: 'body.respondingStaffRids', rule: 'exists' });

    const six = await resolve(f.staff.caregiver.id, id, {
      ...base,
      respondingStaffRids: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(six.json().issues[0]).toMatchObject({ field: 'body.respondingStaffRids', rule: 'maximum' });

    const badType = await resolve(f.staff.caregiver.id, id, {
      ...base,
      careOutcomes: [{ outcome: 'DONE', careProvided: 'X' }],
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().issues.map((i: { field: string }) => i.field)).toEqual(
      expect.arrayContaining(['body.careOutcomes.0.outcome', 'body.careOutcomes.0.careProvided']),
    );

    const foreignResident = await resolve(f.staff.caregiver.id, id, {
      ...base,
      residentId: other.residents.AL.id,
    });
    expect(foreignResident.json().issues[0]).toMatchObject({ field: 'body.residentId', rule: 'exists' });

    expect(await taskFootprint(t.db.prisma, id)).toEqual(before);
  });

  it('a task someone else holds: 409 for a colleague, allowed to a supervisor', async () => {
    const id = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.units.LTC.wallButton.deviceId,
      unitId: f.units.LTC.id,
    });
    await claimAndConfirm(id, f.staff.nurse.id);
    const body = {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'REQUEST_MEDTECH' }],
    };
    const colleague = await resolve(f.staff.caregiver.id, id, body);
    expect(colleague.statusCode).toBe(409);
    expect(colleague.json().code).toBe('TASK_ALREADY_CLAIMED');
    const supervisor = await resolve(f.staff.careAdmin.id, id, body);
    expect(supervisor.statusCode).toBe(200);
    expect(supervisor.json()).toMatchObject({
      assignee: { id: f.staff.nurse.id },
      resolvedBy: { id: f.staff.careAdmin.id },
    });
  });

  it('manual tasks need no care confirmation; a resolved manual task says "This task has already been resolved."', async () => {
    const task = await manualTask(f.staff.caregiver.id);
    const body = {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'REQUEST_OTHER' }],
    };
    expect((await resolve(f.staff.caregiver.id, task.id, body)).statusCode).toBe(200);
    const again = await resolve(f.staff.caregiver.id, task.id, body);
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'This task has already been resolved.' });
  });
});

describe('[ALERTS][BULK]: POST /tasks/resolve/{facilityRid}', () => {
  it('a supervisor resolves the listed open tasks; closed and unknown ones are skipped', async () => {
    const g = await createTestFacility(t.db.prisma);
    const open1 = await insertPendantTask(t.db.prisma, g, 'AL');
    const open2 = await insertPendantTask(t.db.prisma, g, 'MC', {
      status: 'OPEN_CLAIMED',
      assigneeId: g.staff.caregiver.id,
    });
    const closed = await insertPendantTask(t.db.prisma, g, 'IL');
    await t.db.prisma.task.update({
      where: { id: closed },
      data: { status: 'CLOSED_CANCELED', openDeviceKey: null },
    });
    const body = {
      taskIds: [open1, open2, closed, 'no-such-task'],
      alertOutcomeType: 'TEST_ALERT',
      careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'NON_EMERGENCY_FOUND_DEVICE' }],
    };
    const caregiver = await as(g.staff.caregiver.id)('POST', `${TASKS}/resolve/${g.facilityId}`, body);
    expect(caregiver.statusCode).toBe(403);

    const res = await as(g.staff.careAdmin.id)('POST', `${TASKS}/resolve/${g.facilityId}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().resolvedTaskIds.sort()).toEqual([open1, open2].sort());
    expect(res.json().skipped).toEqual(
      expect.arrayContaining([
        { taskId: 'no-such-task', code: 'NOT_FOUND' },
        { taskId: closed, code: 'TASK_CLOSED' },
      ]),
    );
    const rows = await t.db.prisma.task.findMany({ where: { id: { in: [open1, open2] } } });
    expect(rows.every((r) => r.status === 'CLOSED_RESOLVED' && r.isTest && r.openDeviceKey === null)).toBe(
      true,
    );

    const foreign = await as(other.staff.manager.id)('POST', `${TASKS}/resolve/${g.facilityId}`, body);
    expect(foreign.statusCode).toBe(403);
  });
});

describe('[ALERTS][NOTES]: notes and timeline entries', () => {
  it('adds, edits and deletes notes with author rules; each change is recorded for /live', async () => {
    const task = await manualTask(f.staff.caregiver.id);
    const add = await as(f.staff.caregiver.id)('POST', `${TASKS}/${task.id}/notes`, {
      subject: 'Family',
      content: '  Daughter visiting at 3 pm  ',
    });
    expect(add.statusCode).toBe(201);
    const note = add.json();
    expect(note).toMatchObject({
      content: 'Daughter visiting at 3 pm',
      subject: 'Family',
      creator: { id: f.staff.caregiver.id },
    });

    const got = (await as(f.staff.nurse.id)('GET', `${TASKS}/${task.id}`)).json() as TTaskReply;
    expect(got.notes).toEqual([
      expect.objectContaining({ id: note.id, content: 'Daughter visiting at 3 pm' }),
    ]);

    const empty = await as(f.staff.caregiver.id)('POST', `${TASKS}/${task.id}/notes`, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues[0]).toMatchObject({ field: 'body.content', rule: 'minimum' });
    const long = await as(f.staff.caregiver.id)('POST', `${TASKS}/${task.id}/notes`, {
      content: 'x'.repeat(256),
    });
    expect(long.json().issues[0]).toMatchObject({ field: 'body.content', rule: 'maximum' });

    const othersEdit = await as(f.staff.nurse.id)('PUT', `${TASKS}/notes/${note.id}`, { content: 'changed' });
    expect(othersEdit.statusCode).toBe(403);
    const edit = await as(f.staff.caregiver.id)('PUT', `${TASKS}/notes/${note.id}`, {
      content: 'Daughter at 4 pm',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().content).toBe('Daughter at 4 pm');

    const foreign = await as(other.staff.manager.id)('DELETE', `${TASKS}/notes/${note.id}`);
    expect(foreign.statusCode).toBe(404);
    const othersDelete = await as(f.staff.nurse.id)('DELETE', `${TASKS}/notes/${note.id}`);
    expect(othersDelete.statusCode).toBe(403);
    const del = await as(f.staff.caregiver.id)('DELETE', `${TASKS}/notes/${note.id}`);
    expect(del.statusCode).toBe(204);
    expect(await t.db.prisma.taskNote.count({ where: { taskId: task.id } })).toBe(0);
    // created, note added, note edited, note deleted
    expect(await t.db.prisma.taskChange.count({ where: { taskId: task.id } })).toBe(4);

    const foreignAdd = await as(other.staff.manager.id)('POST', `${TASKS}/${task.id}/notes`, {
      content: 'hi',
    });
    expect(foreignAdd.statusCode).toBe(404);
  });

  it('POST /tasks/updates adds a MANUAL_ENTRY; only such entries can be deleted', async () => {
    const task = await manualTask(f.staff.caregiver.id);
    const add = await as(f.staff.caregiver.id)('POST', `${TASKS}/updates`, {
      taskId: task.id,
      description: 'Called family',
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({
      type: 'MANUAL_ENTRY',
      description: 'Called family',
      creator: { id: f.staff.caregiver.id },
    });
    const created = task.updates[0]!;
    const protectedDelete = await as(f.staff.caregiver.id)('DELETE', `${TASKS}/updates/${created.id}`);
    expect(protectedDelete.statusCode).toBe(403);
    const del = await as(f.staff.caregiver.id)('DELETE', `${TASKS}/updates/${add.json().id}`);
    expect(del.statusCode).toBe(204);
    expect(await t.db.prisma.taskUpdate.count({ where: { taskId: task.id } })).toBe(1);
    const missing = await as(f.staff.caregiver.id)('POST', `${TASKS}/updates`, { taskId: task.id });
    expect(missing.json().issues[0]).toMatchObject({ field: 'body.description' });
  });
});

describe('[ALERTS][EDIT]: PUT /tasks/{taskId} fields and DELETE', () => {
  it('edits severity (SEVERITY_CHANGE) and reassigns (supervisor only for a held task)', async () => {
    const task = await manualTask(f.staff.caregiver.id, { assigneeId: f.staff.caregiver.id });
    const sev = await as(f.staff.caregiver.id)('PUT', `${TASKS}/${task.id}`, {
      severity: 'EMERGENCY',
      title: 'Water now',
    });
    expect(sev.statusCode).toBe(200);
    expect(sev.json()).toMatchObject({ severity: 'EMERGENCY', title: 'Water now' });
    expect(updateTypes(sev.json()).at(-1)).toBe('SEVERITY_CHANGE');

    const nurseEdit = await as(f.staff.nurse.id)('PUT', `${TASKS}/${task.id}`, { title: 'mine now' });
    expect(nurseEdit.statusCode).toBe(403);

    const reassign = await as(f.staff.manager.id)('PUT', `${TASKS}/${task.id}`, {
      assigneeId: f.staff.nurse.id,
    });
    expect(reassign.statusCode).toBe(200);
    expect(reassign.json()).toMatchObject({ status: 'OPEN_CLAIMED', assignee: { id: f.staff.nurse.id } });
    expect(updateTypes(reassign.json()).at(-1)).toBe('REASSIGNMENT');

    const empty = await as(f.staff.manager.id)('PUT', `${TASKS}/${task.id}`, {});
    expect(empty.statusCode).toBe(400);
  });

  it('DELETE cancels (CLOSED_CANCELED, CLOSED update, device freed); twice is 409; device alerts need a supervisor', async () => {
    const id = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.units.STR.wallButton.deviceId,
      unitId: f.units.STR.id,
    });
    const caregiver = await as(f.staff.caregiver.id)('DELETE', `${TASKS}/${id}`);
    expect(caregiver.statusCode).toBe(403);
    const res = await as(f.staff.manager.id)('DELETE', `${TASKS}/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('CLOSED_CANCELED');
    expect(updateTypes(res.json()).at(-1)).toBe('CLOSED');
    expect((await t.db.prisma.task.findUniqueOrThrow({ where: { id } })).openDeviceKey).toBeNull();
    const again = await as(f.staff.manager.id)('DELETE', `${TASKS}/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TASK_CLOSED');
  });
});

describe('[ALERTS][SCOPE]: permissions and facility scoping', () => {
  it('another facility’s task is 404 for every call; operations staff see only tasks assigned to them or their group', async () => {
    const unassigned = await manualTask(f.staff.caregiver.id);
    const forGroup = await manualTask(f.staff.manager.id, {
      assigneeGroupId: f.groups.Housekeeping,
      title: 'Spill in hall',
    });

    for (const [method, url, body] of [
      ['GET', `${TASKS}/${unassigned.id}`, undefined],
      ['PUT', `${TASKS}/${unassigned.id}`, { status: 'OPEN_CLAIMED' }],
      [
        'PUT',
        `${TASKS}/${unassigned.id}/resolve`,
        {
          alertOutcomeType: 'RESIDENT_INTERACTION',
          careOutcomes: [{ outcome: 'COMPLETED', careProvided: 'ADL_BATHING' }],
        },
      ],
      ['GET', `${TASKS}/${unassigned.id}/care-confirmation-tracker`, undefined],
      ['POST', `${TASKS}/${unassigned.id}/unassign`, undefined],
    ] as const) {
      const res = await as(other.staff.manager.id)(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }

    const housekeeper = as(f.staff.housekeeper.id);
    expect((await housekeeper('GET', `${TASKS}/${unassigned.id}`)).statusCode).toBe(404);
    expect((await housekeeper('GET', `${TASKS}/${forGroup.id}`)).statusCode).toBe(200);
    const search = (
      await housekeeper('POST', `${TASKS}/search`, { facilityId: f.facilityId })
    ).json() as TTaskPageReply;
    expect(search.tasks.map((x) => x.id)).toContain(forGroup.id);
    expect(
      search.tasks.every(
        (x) => x.assigneeGroup?.id === f.groups.Housekeeping || x.assignee?.id === f.staff.housekeeper.id,
      ),
    ).toBe(true);

    const claim = await housekeeper('PUT', `${TASKS}/${forGroup.id}`, { status: 'OPEN_CLAIMED' });
    expect(claim.statusCode).toBe(200);
    const mine = (await housekeeper('POST', `${TASKS}/mine`, {})).json() as TTaskPageReply;
    expect(mine.tasks.map((x) => x.id)).toContain(forGroup.id);

    const foreignSearch = await as(other.staff.manager.id)('POST', `${TASKS}/search`, {
      facilityId: f.facilityId,
    });
    expect(foreignSearch.statusCode).toBe(403);
  });

  it('video replay: 404 with a clear message while no video source is configured', async () => {
    const task = await manualTask(f.staff.caregiver.id);
    const res = await as(f.staff.caregiver.id)('GET', `${TASKS}/${task.id}/videoReplay?type=CLIP`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'VIDEO_NOT_CONFIGURED',
      message: 'Video replay is not available: no video source is configured for this facility.',
    });
  });
});

describe('[ALERTS][SEARCH]: search, mine, resident activity', () => {
  let g: TestFacility;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    g = await createTestFacility(t.db.prisma);
    const base = Date.now() - 60 * 60_000;
    const at = (min: number) => new Date(base + min * 60_000);
    ids.lowOld = await insertPendantTask(t.db.prisma, g, 'AL', {
      severity: 'LOW_PRIORITY',
      creationTimestamp: at(0),
    });
    ids.emergencyNew = await insertPendantTask(t.db.prisma, g, 'MC', {
      severity: 'EMERGENCY',
      creationTimestamp: at(20),
    });
    ids.emergencyOld = await insertPendantTask(t.db.prisma, g, 'IL', {
      severity: 'EMERGENCY',
      creationTimestamp: at(10),
    });
    ids.codeBlue = await insertPendantTask(t.db.prisma, g, 'LTC', {
      severity: 'CODE_BLUE',
      creationTimestamp: at(30),
    });
    ids.noPriority = await insertDeviceTask(t.db.prisma, g, {
      deviceId: g.units.AL.wallButton.deviceId,
      unitId: g.units.AL.id,
      severity: 'NO_PRIORITY',
      creationTimestamp: at(5),
      status: 'OPEN_CLAIMED',
      assigneeId: g.staff.caregiver.id,
    });
    ids.resolved = await insertPendantTask(t.db.prisma, g, 'STR', {
      severity: 'HIGH_PRIORITY',
      creationTimestamp: at(40),
    });
    await t.db.prisma.task.update({
      where: { id: ids.resolved },
      data: { status: 'CLOSED_RESOLVED', openDeviceKey: null, assigneeId: g.staff.caregiver.id },
    });
  });
  const search = async (body: object) => {
    const res = await as(g.staff.manager.id)('POST', `${TASKS}/search`, {
      facilityId: g.facilityId,
      ...body,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as TTaskPageReply;
  };

  it('orders most severe first, then oldest first', async () => {
    const all = await search({});
    expect(all.tasks.map((x) => x.id)).toEqual([
      ids.codeBlue,
      ids.emergencyOld,
      ids.emergencyNew,
      ids.resolved,
      ids.lowOld,
      ids.noPriority,
    ]);
    expect(all.totalCount).toBe(6);
  });

  it('pages through the same order', async () => {
    const p0 = await search({ pageSize: 4, pageNumber: 0 });
    const p1 = await search({ pageSize: 4, pageNumber: 1 });
    expect(p0.tasks.map((x) => x.id)).toEqual([
      ids.codeBlue,
      ids.emergencyOld,
      ids.emergencyNew,
      ids.resolved,
    ]);
    expect(p1.tasks.map((x) => x.id)).toEqual([ids.lowOld, ids.noPriority]);
    expect(p1).toMatchObject({ pageNumber: 1, pageSize: 4, totalCount: 6 });
    const bad = await as(g.staff.manager.id)('POST', `${TASKS}/search`, { pageSize: 0 });
    expect(bad.json().issues[0]).toMatchObject({ field: 'body.pageSize', rule: 'minimum' });
  });

  it('filters by status, severity, unit, resident, assignee and time range', async () => {
    const ofIds = (r: TTaskPageReply) => r.tasks.map((x) => x.id);
    expect(ofIds(await search({ statuses: ['CLOSED_RESOLVED'] }))).toEqual([ids.resolved]);
    expect(ofIds(await search({ severities: ['EMERGENCY'] }))).toEqual([ids.emergencyOld, ids.emergencyNew]);
    expect(ofIds(await search({ unitIds: [g.units.AL.id] }))).toEqual([ids.lowOld, ids.noPriority]);
    expect(ofIds(await search({ residentIds: [g.residents.MC.id] }))).toEqual([ids.emergencyNew]);
    expect(ofIds(await search({ assigneeIds: [g.staff.caregiver.id], statuses: ['OPEN_CLAIMED'] }))).toEqual([
      ids.noPriority,
    ]);
    const created = await t.db.prisma.task.findUniqueOrThrow({ where: { id: ids.emergencyOld } });
    const window = await search({
      createdAfter: created.creationTimestamp.getTime(),
      createdBefore: new Date(created.creationTimestamp.getTime() + 15 * 60_000).toISOString(),
    });
    expect(ofIds(window)).toEqual([ids.emergencyOld, ids.emergencyNew]);
  });

  it('mine: my tasks, open ones first', async () => {
    const res = await as(g.staff.caregiver.id)('POST', `${TASKS}/mine`, {});
    expect(res.statusCode).toBe(200);
    expect((res.json() as TTaskPageReply).tasks.map((x) => x.id)).toEqual([ids.noPriority, ids.resolved]);
    const page1 = await as(g.staff.caregiver.id)('POST', `${TASKS}/mine`, { pageSize: 1, pageNumber: 1 });
    expect(page1.json().tasks.map((x: TTaskReply) => x.id)).toEqual([ids.resolved]);
    const openOnly = await as(g.staff.caregiver.id)('POST', `${TASKS}/mine`, { includeClosed: false });
    expect(openOnly.json().tasks.map((x: TTaskReply) => x.id)).toEqual([ids.noPriority]);
  });

  it("resident activity: the resident's tasks, newest first; another facility's resident is 404", async () => {
    const res = await as(g.staff.nurse.id)('POST', `${TASKS}/resident-activity`, {
      residentId: g.residents.MC.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tasks.map((x: TTaskReply) => x.id)).toEqual([ids.emergencyNew]);
    const foreign = await as(other.staff.manager.id)('POST', `${TASKS}/resident-activity`, {
      residentId: g.residents.MC.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('[TASKS][SEARCH]: closed tasks, newest first (decision 0350)', () => {
  it('a search for closed statuses pages from the newest, whatever the severity; open searches keep severity order', async () => {
    const g = await createTestFacility(t.db.prisma);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // An old emergency, a newer high-priority alert, the newest one of low severity: all resolved.
    const oldEmergency = await insertPendantTask(t.db.prisma, g, 'AL', {
      severity: 'EMERGENCY',
      status: 'CLOSED_RESOLVED',
      creationTimestamp: hoursAgo(48),
    });
    const newer = await insertPendantTask(t.db.prisma, g, 'MC', {
      severity: 'HIGH_PRIORITY',
      status: 'CLOSED_RESOLVED',
      creationTimestamp: hoursAgo(5),
    });
    const newest = await insertPendantTask(t.db.prisma, g, 'LTC', {
      severity: 'HIGH_PRIORITY',
      status: 'CLOSED_RESOLVED',
      creationTimestamp: hoursAgo(1),
    });
    const search = async (body: Record<string, unknown>) => {
      const res = await as(g.staff.manager.id)('POST', `${TASKS}/search`, {
        facilityId: g.facilityId,
        ...body,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as TTaskPageReply).tasks.map((x) => x.id);
    };
    expect(await search({ statuses: ['CLOSED_RESOLVED', 'CLOSED_CANCELED'], pageSize: 2 })).toEqual([
      newest,
      newer,
    ]);
    expect(await search({ statuses: ['CLOSED_RESOLVED'], pageSize: 2, pageNumber: 1 })).toEqual([
      oldEmergency,
    ]);
    // With an open status asked for too, the most severe comes first, as the open list wants it.
    expect((await search({ statuses: ['CLOSED_RESOLVED', 'OPEN_UNCLAIMED'] }))[0]).toBe(oldEmergency);
  });
});
