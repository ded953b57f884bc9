import type { TDoorAlarmScheduleReply, TDoorReply, TErrorReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1/doors';
const range = (startTime: string, endTime: string) => ({
  dailySchedules: { dayOfWeekTimeRangeMap: { All: [{ startTime, endTime }] } },
});

describe('[ADMIN][DOORS]: doors and door alarm schedules, scoped to my community, changed by management', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  let seq = 0;
  const name = (label: string) => `${label} ${Date.now()}-${seq++}`;

  const call = async (as: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const fieldsOf = (res: { json(): unknown }) => (res.json() as TErrorReply).issues?.map((i) => i.field);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  describe('doors', () => {
    it('creates a door, reads it, renames it, links a schedule and deletes it', async () => {
      const created = await call(f.staff.manager.id, 'POST', '', {
        facilityRid: f.facilityId,
        doorName: name('Garden door'),
      });
      expect(created.statusCode).toBe(201);
      const door = created.json() as TDoorReply;
      expect(door).toMatchObject({
        facilityId: f.facilityId,
        doorAlarmScheduleRid: null,
        deviceAllocation: null,
      });
      const read = await call(f.staff.caregiver.id, 'GET', `/${door.rid}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(door);

      // "The door drawer creates or updates the schedule; for a new schedule it then links it to the door
      // with facilityRid, doorAlarmScheduleRid and doorName."
      const schedule = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules', {
        facilityRid: f.facilityId,
        ...range('19:00', '07:00'),
      });
      expect(schedule.statusCode).toBe(200);
      const rid = (schedule.json() as TDoorAlarmScheduleReply).rid;
      const newName = name('Patio door');
      const linked = await call(f.staff.manager.id, 'POST', `/${door.rid}`, {
        facilityRid: f.facilityId,
        doorAlarmScheduleRid: rid,
        doorName: newName,
      });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toMatchObject({
        name: newName,
        doorAlarmScheduleRid: rid,
        doorAlarmSchedule: { rid, doorRid: door.rid, ...range('19:00', '07:00') },
      });

      expect((await call(f.staff.manager.id, 'DELETE', `/${door.rid}`)).statusCode).toBe(204);
      expect((await call(f.staff.manager.id, 'GET', `/${door.rid}`)).statusCode).toBe(404);
    });

    it('refuses a name taken in the facility (409) but allows it in another, writing nothing', async () => {
      const res = await call(f.staff.manager.id, 'POST', '', {
        facilityRid: f.facilityId,
        doorName: f.door.name.toUpperCase(),
      });
      expect(res.statusCode).toBe(409);
      const rename = await call(f.staff.manager.id, 'POST', `/${f.door.id}`, { doorName: f.door.name });
      expect(rename.statusCode).toBe(200);
      const taken = await call(other.staff.manager.id, 'POST', '', {
        facilityRid: other.facilityId,
        doorName: name('Door'),
      });
      expect(taken.statusCode).toBe(201);
      expect(await t.db.prisma.door.count({ where: { facilityId: f.facilityId } })).toBe(1);
    });

    it('gives one winner and a 409 when the same name is created at once', async () => {
      const doorName = name('Race door');
      const results = await Promise.all(
        [0, 1, 2].map(() => call(f.staff.manager.id, 'POST', '', { facilityRid: f.facilityId, doorName })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await t.db.prisma.door.count({ where: { facilityId: f.facilityId, name: doorName } })).toBe(1);
    });

    it('refuses deleting a door with an allocated alarm (409)', async () => {
      const res = await call(f.staff.manager.id, 'DELETE', `/${f.door.id}`);
      expect(res.statusCode).toBe(409);
      expect(await t.db.prisma.door.count({ where: { id: f.door.id } })).toBe(1);
    });

    it('answers bad input with a 400 naming the field', async () => {
      const res = await call(f.staff.manager.id, 'POST', '', { facilityRid: f.facilityId, doorName: '  ' });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['body.doorName']);
      const long = await call(f.staff.manager.id, 'POST', `/${f.door.id}`, { doorName: 'x'.repeat(101) });
      expect(fieldsOf(long)).toEqual(['body.doorName']);
      const foreignSchedule = await call(f.staff.manager.id, 'POST', `/${f.door.id}`, {
        doorAlarmScheduleRid: other.door.scheduleId,
      });
      expect(foreignSchedule.statusCode).toBe(400);
      expect(fieldsOf(foreignSchedule)).toEqual(['body.doorAlarmScheduleRid']);
    });

    it('refuses a caregiver (403) creating, updating or deleting, and changes nothing', async () => {
      const doorName = name('Side door');
      expect(
        (await call(f.staff.caregiver.id, 'POST', '', { facilityRid: f.facilityId, doorName })).statusCode,
      ).toBe(403);
      expect((await call(f.staff.caregiver.id, 'POST', `/${f.door.id}`, { doorName })).statusCode).toBe(403);
      expect((await call(f.staff.caregiver.id, 'DELETE', `/${f.door.id}`)).statusCode).toBe(403);
      expect(await t.db.prisma.door.count({ where: { name: doorName } })).toBe(0);
    });

    it("hides another community's door (404) on get, update and delete", async () => {
      const id = other.door.id;
      expect((await call(f.staff.manager.id, 'GET', `/${id}`)).statusCode).toBe(404);
      expect((await call(f.staff.manager.id, 'POST', `/${id}`, { doorName: 'Mine now' })).statusCode).toBe(
        404,
      );
      expect((await call(f.staff.manager.id, 'DELETE', `/${id}`)).statusCode).toBe(404);
      expect(await t.db.prisma.door.findUniqueOrThrow({ where: { id } })).toMatchObject({
        name: other.door.name,
      });
    });

    it('bulk: all or nothing, naming the failing item; another facility is 403', async () => {
      const [a, b] = [name('Bulk A'), name('Bulk B')];
      const dup = await call(f.staff.manager.id, 'POST', '/bulk', [
        { facilityRid: f.facilityId, doorName: a },
        { facilityRid: f.facilityId, doorName: a },
      ]);
      expect(dup.statusCode).toBe(400);
      expect(fieldsOf(dup)).toEqual(['body.1.doorName']);
      const taken = await call(f.staff.manager.id, 'POST', '/bulk', [
        { facilityRid: f.facilityId, doorName: a },
        { facilityRid: f.facilityId, doorName: f.door.name },
      ]);
      expect(taken.statusCode).toBe(409);
      expect(await t.db.prisma.door.count({ where: { name: a } })).toBe(0);
      const ok = await call(f.staff.manager.id, 'POST', '/bulk', [
        { facilityRid: f.facilityId, doorName: a },
        { facilityRid: f.facilityId, doorName: b },
      ]);
      expect(ok.statusCode).toBe(201);
      expect((ok.json() as TDoorReply[]).map((d) => d.name)).toEqual([a, b]);
      const foreign = await call(f.staff.manager.id, 'POST', '/bulk', [
        { facilityRid: other.facilityId, doorName: name('x') },
      ]);
      expect(foreign.statusCode).toBe(403);
    });

    it('searches my doors by name and allocation ("Doors with an allocated device cannot be selected")', async () => {
      const free = await call(f.staff.caregiver.id, 'POST', '/search', {
        facilityRid: f.facilityId,
        isAllocated: false,
      });
      expect(free.statusCode).toBe(200);
      const freeDoors = free.json() as TDoorReply[];
      expect(freeDoors.some((d) => d.rid === f.door.id)).toBe(false);
      expect(freeDoors.every((d) => d.deviceAllocation === null && d.facilityId === f.facilityId)).toBe(true);
      const allocated = await call(f.staff.caregiver.id, 'POST', '/search', { isAllocated: true });
      expect(allocated.json()).toEqual([
        expect.objectContaining({
          rid: f.door.id,
          deviceAllocation: expect.objectContaining({
            id: f.door.alarm.allocationId,
            device: expect.objectContaining({ hardwareId: f.door.alarm.hardwareId }),
          }),
        }),
      ]);
      const byIds = await call(f.staff.caregiver.id, 'POST', '/search', { doorRids: [other.door.id] });
      expect(byIds.json()).toEqual([]);
      expect(
        (await call(f.staff.caregiver.id, 'POST', '/search', { facilityRid: other.facilityId })).statusCode,
      ).toBe(403);
      expect(fieldsOf(await call(f.staff.caregiver.id, 'POST', '/search', { isAllocated: 'yes' }))).toEqual([
        'body.isAllocated',
      ]);
    });
  });

  describe('door alarm schedules', () => {
    it('creates, updates, reads and deletes a schedule; its door falls back to the default', async () => {
      const created = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules', {
        facilityRid: f.facilityId,
        doorRid: f.door.id,
        ...range('22:00', '06:00'),
      });
      expect(created.statusCode).toBe(200);
      const schedule = created.json() as TDoorAlarmScheduleReply;
      expect(schedule).toMatchObject({ doorRid: f.door.id, isFacilityDefault: false, alwaysAlert: false });
      const updated = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules', {
        facilityRid: f.facilityId,
        doorAlarmScheduleRid: schedule.rid,
        alwaysAlert: true,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        rid: schedule.rid,
        alwaysAlert: true,
        dailySchedules: { dayOfWeekTimeRangeMap: { All: [] } },
      });
      const read = await call(f.staff.caregiver.id, 'GET', `/doorAlarmSchedules/${schedule.rid}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(updated.json());
      await call(f.staff.manager.id, 'POST', `/${f.door.id}`, { doorAlarmScheduleRid: schedule.rid });
      expect(
        (await call(f.staff.manager.id, 'DELETE', `/doorAlarmSchedules/${schedule.rid}`)).statusCode,
      ).toBe(204);
      expect((await call(f.staff.manager.id, 'GET', `/doorAlarmSchedules/${schedule.rid}`)).statusCode).toBe(
        404,
      );
      const door = (await call(f.staff.manager.id, 'GET', `/${f.door.id}`)).json() as TDoorReply;
      expect(door.doorAlarmScheduleRid).toBeNull();
    });

    it('answers 400 quoting the spec for a bad range, and naming the field', async () => {
      const same = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules', {
        facilityRid: f.facilityId,
        ...range('10:00', '10:00'),
      });
      expect(same.statusCode).toBe(400);
      expect((same.json() as TErrorReply).issues).toEqual([
        {
          field: 'body.dailySchedules.dayOfWeekTimeRangeMap.All.0',
          rule: 'different times',
          message: 'Start and end times must be different',
        },
      ]);
      const whole = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules/defaults', {
        facilityRid: f.facilityId,
        ...range('00:00', '23:59'),
      });
      expect((whole.json() as TErrorReply).issues?.[0]?.message).toBe(
        'This alert period spans the whole day. Please select Always Alert instead.',
      );
      const badTime = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules', {
        facilityRid: f.facilityId,
        ...range('25:00', '07:00'),
      });
      expect(fieldsOf(badTime)).toEqual(['body.dailySchedules.dayOfWeekTimeRangeMap.All.0.startTime']);
      const foreignDoor = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules', {
        facilityRid: f.facilityId,
        doorRid: other.door.id,
        neverAlert: true,
      });
      expect(fieldsOf(foreignDoor)).toEqual(['body.doorRid']);
    });

    it('refuses a caregiver (403) and hides another community (404), changing nothing', async () => {
      expect(
        (
          await call(f.staff.caregiver.id, 'POST', '/doorAlarmSchedules', {
            facilityRid: f.facilityId,
            neverAlert: true,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(f.staff.caregiver.id, 'DELETE', `/doorAlarmSchedules/${f.door.scheduleId}`)).statusCode,
      ).toBe(403);
      const foreign = other.door.scheduleId;
      expect((await call(f.staff.manager.id, 'GET', `/doorAlarmSchedules/${foreign}`)).statusCode).toBe(404);
      expect((await call(f.staff.manager.id, 'DELETE', `/doorAlarmSchedules/${foreign}`)).statusCode).toBe(
        404,
      );
      const update = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules', {
        facilityRid: f.facilityId,
        doorAlarmScheduleRid: foreign,
        neverAlert: true,
      });
      expect(update.statusCode).toBe(404);
      expect(await t.db.prisma.doorAlarmSchedule.findUniqueOrThrow({ where: { id: foreign } })).toMatchObject(
        {
          neverAlert: false,
        },
      );
    });

    it('sets, reads and deletes the facility default (one per facility)', async () => {
      const current = await call(
        f.staff.caregiver.id,
        'GET',
        `/doorAlarmSchedules/defaults?facilityRid=${f.facilityId}`,
      );
      expect(current.statusCode).toBe(200);
      expect(current.json()).toMatchObject({ rid: f.defaultDoorScheduleId, isFacilityDefault: true });
      const set = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules/defaults', {
        facilityRid: f.facilityId,
        ...range('20:00', '06:00'),
      });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ rid: f.defaultDoorScheduleId, ...range('20:00', '06:00') });
      expect(
        await t.db.prisma.doorAlarmSchedule.count({
          where: { facilityId: f.facilityId, isFacilityDefault: true },
        }),
      ).toBe(1);
      expect(
        (
          await call(
            f.staff.caregiver.id,
            'DELETE',
            `/doorAlarmSchedules/defaults?facilityRid=${f.facilityId}`,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(f.staff.manager.id, 'DELETE', `/doorAlarmSchedules/defaults?facilityRid=${f.facilityId}`))
          .statusCode,
      ).toBe(204);
      expect(
        (await call(f.staff.manager.id, 'GET', `/doorAlarmSchedules/defaults?facilityRid=${f.facilityId}`))
          .statusCode,
      ).toBe(404);
      expect(
        (await call(f.staff.manager.id, 'DELETE', `/doorAlarmSchedules/defaults?facilityRid=${f.facilityId}`))
          .statusCode,
      ).toBe(404);
      const recreated = await call(f.staff.manager.id, 'POST', '/doorAlarmSchedules/defaults', {
        facilityRid: f.facilityId,
        alwaysAlert: true,
      });
      expect(recreated.statusCode).toBe(200);
      // Another community's default: 403 for a facility I do not work in; the query names the field.
      expect(
        (
          await call(
            f.staff.manager.id,
            'GET',
            `/doorAlarmSchedules/defaults?facilityRid=${other.facilityId}`,
          )
        ).statusCode,
      ).toBe(403);
      expect(fieldsOf(await call(f.staff.manager.id, 'GET', '/doorAlarmSchedules/defaults'))).toEqual([
        'querystring.facilityRid',
      ]);
    });

    it("searches schedules at the spec's path /doorAlarmsSchedules/search, my facilities only", async () => {
      const res = await call(f.staff.caregiver.id, 'POST', '/doorAlarmsSchedules/search', {
        doorRids: [f.door.id, other.door.id],
      });
      expect(res.statusCode).toBe(200);
      const list = res.json() as TDoorAlarmScheduleReply[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((s) => s.doorRid === f.door.id && s.facilityId === f.facilityId)).toBe(true);
      const defaults = await call(f.staff.caregiver.id, 'POST', '/doorAlarmsSchedules/search', {
        facilityRid: f.facilityId,
        isFacilityDefault: true,
      });
      expect((defaults.json() as TDoorAlarmScheduleReply[]).map((s) => s.isFacilityDefault)).toEqual([true]);
      expect(
        (
          await call(f.staff.caregiver.id, 'POST', '/doorAlarmsSchedules/search', {
            facilityRid: other.facilityId,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        fieldsOf(await call(f.staff.caregiver.id, 'POST', '/doorAlarmsSchedules/search', { doorRids: [] })),
      ).toEqual(['body.doorRids']);
    });
  });

  it('documents every door and device route with a summary and tags (OpenAPI)', async () => {
    const doc = (await t.app.inject('/docs/json')).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    const ops = Object.entries(doc.paths)
      .filter(([path]) => /^\/admin\/api\/v1\/(doors|devices)/.test(path))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    const doorOps = ops
      .filter((o) => o.path.startsWith('/admin/api/v1/doors'))
      .map((o) => `${o.method} ${o.path}`);
    expect(doorOps.sort()).toEqual(
      [
        'post /admin/api/v1/doors',
        'post /admin/api/v1/doors/bulk',
        'get /admin/api/v1/doors/{doorRid}',
        'post /admin/api/v1/doors/{doorRid}',
        'delete /admin/api/v1/doors/{doorRid}',
        'post /admin/api/v1/doors/search',
        'post /admin/api/v1/doors/doorAlarmSchedules',
        'get /admin/api/v1/doors/doorAlarmSchedules/{doorAlarmScheduleRid}',
        'delete /admin/api/v1/doors/doorAlarmSchedules/{doorAlarmScheduleRid}',
        'post /admin/api/v1/doors/doorAlarmSchedules/defaults',
        'get /admin/api/v1/doors/doorAlarmSchedules/defaults',
        'delete /admin/api/v1/doors/doorAlarmSchedules/defaults',
        'post /admin/api/v1/doors/doorAlarmsSchedules/search',
      ].sort(),
    );
    expect(ops.length).toBeGreaterThan(doorOps.length + 10);
    for (const { op } of ops) {
      expect(op.summary).toMatch(/\w/);
      expect(op.tags?.length).toBeGreaterThan(0);
    }
  });
});
