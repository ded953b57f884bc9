import type { TTaskReply, TTaskSchedule, TTaskSchedulePageReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/schedules/tasks';

describe('[ADMIN][TASK SCHEDULES]: the seven routes of sign-in doc section 7 (decision 0240)', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([
      createTestFacility(t.db.prisma, { timezone: 'America/Chicago' }),
      createTestFacility(t.db.prisma),
    ]);
  });
  afterAll(() => t.close());

  const future = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

  it('a manager creates, reads, searches, edits, unassigns, unsets the duration and deletes a schedule', async () => {
    const startAt = future(2);
    const res = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      title: 'Morning vitals',
      startAt,
      recurringIntervalInMin: 1440,
      durationInMin: 30,
      assigneeId: f.staff.nurse.id,
      assigneeGroupId: f.groups.NurseMedTech,
      residentId: f.residents.AL.id,
    });
    expect(res.statusCode).toBe(201);
    const s = res.json() as TTaskSchedule;
    expect(s).toMatchObject({
      facilityId: f.facilityId,
      title: 'Morning vitals',
      severity: 'MEDIUM_PRIORITY',
      recurringIntervalInMin: 1440,
      durationInMin: 30,
      isActive: true,
      nextRunAt: new Date(startAt).toISOString(),
      timezone: 'America/Chicago',
    });

    // Care staff and nurses read; they do not write.
    expect((await as(f.staff.caregiver.id)('GET', `${BASE}/${s.id}`)).statusCode).toBe(200);
    const search = (
      await as(f.staff.nurse.id)('POST', `${BASE}/search`, { facilityId: f.facilityId })
    ).json() as TTaskSchedulePageReply;
    expect(search.schedules.map((x) => x.id)).toEqual([s.id]);
    expect(
      (await as(f.staff.caregiver.id)('PUT', `${BASE}/${s.id}`, { title: 'x', startAt })).statusCode,
    ).toBe(403);
    expect((await as(f.staff.nurse.id)('DELETE', `${BASE}/${s.id}`)).statusCode).toBe(403);
    // Operations staff see no schedules.
    expect((await as(f.staff.housekeeper.id)('GET', `${BASE}/${s.id}`)).statusCode).toBe(403);

    const edited = await as(f.staff.manager.id)('PUT', `${BASE}/${s.id}`, {
      title: 'Evening vitals',
      startAt,
      recurringIntervalInMin: 720,
      durationInMin: 30,
      assigneeId: f.staff.nurse.id,
      assigneeGroupId: f.groups.NurseMedTech,
      updatedAt: s.updatedAt,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Evening vitals',
      recurringIntervalInMin: 720,
      residentId: null,
    });
    const stale = await as(f.staff.manager.id)('PUT', `${BASE}/${s.id}`, {
      title: 'Late',
      startAt,
      updatedAt: s.updatedAt,
    });
    expect(stale.statusCode).toBe(409);

    const unassigned = await as(f.staff.manager.id)('POST', `${BASE}/${s.id}/unassign`);
    expect(unassigned.json()).toMatchObject({ assigneeId: null, assigneeGroupId: f.groups.NurseMedTech });
    const noDuration = await as(f.staff.manager.id)('POST', `${BASE}/${s.id}/unset-duration`);
    expect(noDuration.json()).toMatchObject({ durationInMin: null });

    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${s.id}`)).json()).toEqual({ deleted: [s.id] });
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${s.id}`)).statusCode).toBe(404);
  });

  it('a recurring schedule that started in the past runs next at its next occurrence; a paused one never', async () => {
    const startAt = new Date(Date.now() - 90 * 60_000).toISOString();
    const s = (
      await as(f.staff.manager.id)('POST', BASE, {
        facilityId: f.facilityId,
        title: 'Hourly round',
        startAt,
        recurringIntervalInMin: 60,
      })
    ).json() as TTaskSchedule;
    expect(Date.parse(s.nextRunAt!)).toBe(Date.parse(startAt) + 2 * 3_600_000);
    const paused = await as(f.staff.manager.id)('PUT', `${BASE}/${s.id}`, {
      title: 'Hourly round',
      startAt,
      recurringIntervalInMin: 60,
      isActive: false,
    });
    expect(paused.json()).toMatchObject({ isActive: false, nextRunAt: null });
  });

  it('bad input is a 400 naming the field; another community is 403/404 and its people are refused', async () => {
    const bad = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      title: '  ',
      startAt: 'tomorrow',
      recurringIntervalInMin: 5,
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().issues as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.title', 'body.startAt', 'body.recurringIntervalInMin']),
    );

    const foreignPerson = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      title: 'Round',
      startAt: future(1),
      assigneeId: other.staff.nurse.id,
    });
    expect(foreignPerson.statusCode).toBe(400);
    expect(foreignPerson.json().issues[0]).toMatchObject({ field: 'body.assigneeId', rule: 'exists' });

    const theirs = (
      await as(other.staff.manager.id)('POST', BASE, {
        facilityId: other.facilityId,
        title: 'Theirs',
        startAt: future(1),
      })
    ).json() as TTaskSchedule;
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (
        await as(f.staff.manager.id)('POST', BASE, {
          facilityId: other.facilityId,
          title: 'x',
          startAt: future(1),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await as(f.staff.manager.id)('POST', `${BASE}/search`, { facilityId: other.facilityId })).statusCode,
    ).toBe(403);
    expect(
      await t.db.prisma.taskSchedule.count({ where: { facilityId: f.facilityId, title: 'Round' } }),
    ).toBe(0);
  });

  it('POST /tasks from the /tasks/add form: assignee and group set, the task starts claimed by the assignee', async () => {
    const res = await as(f.staff.manager.id)('POST', '/admin/api/v1/tasks', {
      facilityId: f.facilityId,
      title: 'Bring the wheelchair to 101',
      severity: 'LOW_PRIORITY',
      assigneeId: f.staff.housekeeper.id,
      assigneeGroupId: f.groups.Housekeeping,
    });
    expect(res.statusCode).toBe(201);
    const task = res.json() as TTaskReply;
    expect(task).toMatchObject({ status: 'OPEN_CLAIMED', assignee: { id: f.staff.housekeeper.id } });
    // The housekeeper (operations staff) sees the task assigned to them.
    expect((await as(f.staff.housekeeper.id)('GET', `/admin/api/v1/tasks/${task.id}`)).statusCode).toBe(200);
    const groupElsewhere = await as(f.staff.manager.id)('POST', '/admin/api/v1/tasks', {
      facilityId: f.facilityId,
      title: 'x',
      assigneeGroupId: other.groups.Housekeeping,
    });
    expect(groupElsewhere.statusCode).toBe(400);
    expect(groupElsewhere.json().issues[0]).toMatchObject({ field: 'body.assigneeGroupId' });
  });
});
