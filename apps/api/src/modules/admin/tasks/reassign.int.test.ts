import type { TTaskReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertDeviceTask } from '../../../test/tasks';

const TASKS = '/admin/api/v1/tasks';

/**
 * Reassigning an alert from the alert page (the person picker, docs/decisions/0077): PUT /tasks/{taskId} with
 * an assignee. Responder supervisors and management may give a colleague's alert to someone else; a responder
 * may not; a closed alert is a 409; the new assignee must work in the facility.
 */
describe('[ALERTS][REASSIGN]: PUT /tasks/{taskId} { assigneeId } on a device alert', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (staffId: string) => caller(t, staffId);
  const types = (task: TTaskReply) => task.updates.map((u) => u.type);
  // One open alert per device: each test uses another resident's pendant.
  const pendantAlert = (key: 'AL' | 'MC' | 'LTC' | 'STR', assigneeId: string | null) =>
    insertDeviceTask(t.db.prisma, f, {
      deviceId: f.residents[key].pendant.deviceId,
      residentId: f.residents[key].id,
      unitId: f.residents[key].unitId,
      severity: 'HIGH_PRIORITY',
      status: assigneeId ? 'OPEN_CLAIMED' : 'OPEN_UNCLAIMED',
      assigneeId,
    });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('a responder supervisor (care-staff admin) gives a claimed alert to a nurse: REASSIGNMENT, still claimed', async () => {
    const id = await pendantAlert('AL', f.staff.caregiver.id);
    const res = await as(f.staff.careAdmin.id)('PUT', `${TASKS}/${id}`, { assigneeId: f.staff.nurse.id });
    expect(res.statusCode).toBe(200);
    const task = res.json() as TTaskReply;
    expect(task).toMatchObject({ status: 'OPEN_CLAIMED', assignee: { id: f.staff.nurse.id } });
    expect(types(task).at(-1)).toBe('REASSIGNMENT');
    expect(task.updates.at(-1)?.description).toMatch(/^Reassigned from .+ to .+ by .+/);
  });

  it('management gives an unclaimed alert to a caregiver: ASSIGNMENT, claimed by them', async () => {
    const id = await pendantAlert('MC', null);
    const res = await as(f.staff.manager.id)('PUT', `${TASKS}/${id}`, { assigneeId: f.staff.caregiver.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OPEN_CLAIMED', assignee: { id: f.staff.caregiver.id } });
    expect(types(res.json()).at(-1)).toBe('ASSIGNMENT');
  });

  it('a responder may not reassign (403); nothing changes', async () => {
    const id = await pendantAlert('LTC', f.staff.nurse.id);
    const res = await as(f.staff.caregiver.id)('PUT', `${TASKS}/${id}`, { assigneeId: f.staff.caregiver.id });
    expect(res.statusCode).toBe(403);
    const row = await t.db.prisma.task.findUniqueOrThrow({ where: { id } });
    expect(row.assigneeId).toBe(f.staff.nurse.id);
  });

  it('a closed alert is a 409; someone of another facility is a 400 naming body.assigneeId', async () => {
    const open = await pendantAlert('STR', f.staff.caregiver.id);
    const foreign = await as(f.staff.manager.id)('PUT', `${TASKS}/${open}`, {
      assigneeId: other.staff.caregiver.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().issues[0]).toMatchObject({ field: 'body.assigneeId', rule: 'exists' });

    await t.db.prisma.task.update({
      where: { id: open },
      data: { status: 'CLOSED_RESOLVED', openDeviceKey: null },
    });
    const closed = await as(f.staff.manager.id)('PUT', `${TASKS}/${open}`, { assigneeId: f.staff.nurse.id });
    expect(closed.statusCode).toBe(409);
  });
});
