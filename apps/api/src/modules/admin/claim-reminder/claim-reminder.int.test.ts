import type { TTaskReply } from '@sage/contract';
import { unconfirmedClaimJobKey } from '@sage/db';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertDeviceTask } from '../../../test/tasks';

/** The claimed-but-not-confirmed reminder (UL 1069; decision 0515): the setting, and the job each claim queues. */
let t: TestApp;
let f: TestFacility;
let other: TestFacility;

beforeAll(async () => {
  t = await buildTestApp();
  [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
});
afterAll(() => t.close());

const url = (facilityId: string) => `/admin/api/v1/facilities/${facilityId}/claimReminder`;
const as = (staffId: string) => caller(t, staffId);
const TASKS = '/admin/api/v1/tasks';

interface Job {
  run_at: Date;
  payload: { assigneeId: string; claimedAt: string; facilityId: string };
}
const reminderJobs = (taskId: string) =>
  t.db.prisma.$queryRawUnsafe<Job[]>(
    'SELECT run_at, payload FROM graphile_worker._private_jobs WHERE key = $1',
    unconfirmedClaimJobKey(taskId),
  );

describe('[SAFETY][UL1069]: the claimed-but-not-confirmed reminder setting', () => {
  it('reads 5 minutes by default for staff of the facility', async () => {
    const res = await as(f.staff.caregiver.id)('GET', url(f.facilityId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ facilityId: f.facilityId, unconfirmedClaimReminderMinutes: 5 });
  });

  it('management sets it; others 403, another community 404, out of bounds 400 naming the field', async () => {
    const put = (who: string, facilityId: string, minutes: unknown) =>
      as(who)('PUT', url(facilityId), { unconfirmedClaimReminderMinutes: minutes });
    expect((await put(f.staff.caregiver.id, f.facilityId, 3)).statusCode).toBe(403);
    expect((await put(f.staff.careAdmin.id, f.facilityId, 3)).statusCode).toBe(403);
    expect((await put(other.staff.manager.id, f.facilityId, 3)).statusCode).toBe(404);
    expect((await as(other.staff.manager.id)('GET', url(f.facilityId))).statusCode).toBe(404);
    for (const bad of [0, 31, 2.5, '3']) {
      const res = await put(f.staff.manager.id, f.facilityId, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].field).toBe('body.unconfirmedClaimReminderMinutes');
    }
    const ok = await put(f.staff.manager.id, f.facilityId, 3);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ facilityId: f.facilityId, unconfirmedClaimReminderMinutes: 3 });
    const row = await t.db.prisma.facility.findUniqueOrThrow({ where: { id: f.facilityId } });
    expect(row.unconfirmedClaimReminderMinutes).toBe(3);
  });
});

describe('[SAFETY][UL1069]: a claim queues its reminder; a re-claim moves it', () => {
  it('claim: one reminder for the claimer at claim + the setting; re-claim by another: replaced, theirs, later', async () => {
    await t.db.prisma.facility.update({
      where: { id: f.facilityId },
      data: { unconfirmedClaimReminderMinutes: 4 },
    });
    // A pendant's call: cleared only at the bedside.
    const task = {
      id: await insertDeviceTask(t.db.prisma, f, {
        deviceId: f.residents.AL.pendant.deviceId,
        residentId: f.residents.AL.id,
        unitId: f.residents.AL.unitId,
        severity: 'HIGH_PRIORITY',
      }),
    };
    expect(await reminderJobs(task.id)).toEqual([]);

    const claimed = await as(f.staff.caregiver.id)('PUT', `${TASKS}/${task.id}`, { status: 'OPEN_CLAIMED' });
    expect(claimed.statusCode).toBe(200);
    const [first, ...more] = await reminderJobs(task.id);
    expect(more).toEqual([]);
    expect(first!.payload).toMatchObject({ assigneeId: f.staff.caregiver.id, facilityId: f.facilityId });
    const claimedAt = new Date(first!.payload.claimedAt).getTime();
    expect(first!.run_at.getTime()).toBe(claimedAt + 4 * 60_000);

    // The supervisor releases it and claims it themselves: the timer is theirs, counted from their claim.
    expect((await as(f.staff.careAdmin.id)('POST', `${TASKS}/${task.id}/unassign`)).statusCode).toBe(200);
    expect(
      (await as(f.staff.careAdmin.id)('PUT', `${TASKS}/${task.id}`, { status: 'OPEN_CLAIMED' })).statusCode,
    ).toBe(200);
    const [second, ...others] = await reminderJobs(task.id);
    expect(others).toEqual([]);
    expect(second!.payload.assigneeId).toBe(f.staff.careAdmin.id);
    expect(second!.run_at.getTime()).toBe(new Date(second!.payload.claimedAt).getTime() + 4 * 60_000);
    expect(second!.run_at.getTime()).toBeGreaterThan(first!.run_at.getTime());

    // Reassigned by a supervisor: the new holder's.
    const reassigned = await as(f.staff.manager.id)('PUT', `${TASKS}/${task.id}`, {
      assigneeId: f.staff.nurse.id,
    });
    expect(reassigned.statusCode).toBe(200);
    const [third] = await reminderJobs(task.id);
    expect(third!.payload.assigneeId).toBe(f.staff.nurse.id);
  });

  it('a manual task (nothing to confirm at a bedside) queues none, claimed or created claimed', async () => {
    const created = await as(f.staff.manager.id)('POST', TASKS, {
      facilityId: f.facilityId,
      title: 'Check on Room 2',
      assigneeId: f.staff.caregiver.id,
    });
    expect(created.statusCode).toBe(201);
    expect(await reminderJobs((created.json() as TTaskReply).id)).toEqual([]);
    const open = (
      await as(f.staff.caregiver.id)('POST', TASKS, { facilityId: f.facilityId, title: 'Water' })
    ).json();
    const claimed = await as(f.staff.caregiver.id)('PUT', `${TASKS}/${open.id}`, { status: 'OPEN_CLAIMED' });
    expect(claimed.statusCode).toBe(200);
    expect(await reminderJobs(open.id)).toEqual([]);
  });
});
