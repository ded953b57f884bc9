import { randomUUID } from 'node:crypto';
import { SEVERITY_VALUES, type TLocationQueryReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertDeviceTask } from '../../../test/tasks';

const BASE = '/locationquery/api/v1/locationQuery';

/** GET /locationQuery/{taskRid} ?deviceRid (docs/decisions/0272): where an alert came from. */
describe('[API][LOCATION-QUERY]', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  let pendantTask: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    await t.db.prisma.unit.update({
      where: { id: f.units.MC.id },
      data: { building: 'North', wing: 'East', floor: '2' },
    });
    pendantTask = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.residents.MC.pendant.deviceId,
      residentId: f.residents.MC.id,
      unitId: f.units.MC.id,
    });
  });
  afterAll(() => t.close());

  const as = (id: string) => caller(t, id);

  it('a pendant’s alert: device, allocation, resident, unit with building, wing and floor', async () => {
    const res = await as(f.staff.caregiver.id)('GET', `${BASE}/${pendantTask}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      taskRid: pendantTask,
      deviceRid: f.residents.MC.pendant.deviceId,
      device: {
        deviceRid: f.residents.MC.pendant.deviceId,
        deviceType: 'SAGE_BUTTON',
        hardwareId: f.residents.MC.pendant.hardwareId,
      },
      allocation: {
        allocationRid: f.residents.MC.pendant.allocationId,
        displayName: expect.anything(),
        room: null,
        isCheckIn: false,
      },
      resident: {
        residentRid: f.residents.MC.id,
        firstName: f.residents.MC.firstName,
        lastName: f.residents.MC.lastName,
      },
      door: null,
      unit: {
        unitRid: f.units.MC.id,
        displayName: f.units.MC.displayName,
        careType: 'MEMORY_CARE',
        ward: 'MC',
        building: 'North',
        wing: 'East',
        floor: '2',
      },
      building: 'North',
      wing: 'East',
      floor: '2',
      locationName: `${f.units.MC.displayName} · Building North · Wing East · Floor 2`,
      source: 'ALLOCATION',
    } satisfies Record<keyof TLocationQueryReply, unknown>);
  });

  it('a fall sensor’s room, a door alarm’s door, a check-in button', async () => {
    const fall = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.fallSensor.deviceId,
      unitId: f.units.MC.id,
    });
    const door = await insertDeviceTask(t.db.prisma, f, { deviceId: f.door.alarm.deviceId });
    const checkIn = await insertDeviceTask(t.db.prisma, f, {
      deviceId: f.checkInButton.deviceId,
      unitId: f.units.IL.id,
    });
    const manager = as(f.staff.manager.id);
    expect((await manager('GET', `${BASE}/${fall}`)).json()).toMatchObject({
      allocation: { room: 'Bedroom' },
      locationName: `${f.units.MC.displayName} · Bedroom · Building North · Wing East · Floor 2`,
    });
    expect((await manager('GET', `${BASE}/${door}`)).json()).toMatchObject({
      door: { doorRid: f.door.id, name: f.door.name },
      unit: null,
      locationName: f.door.name,
      source: 'ALLOCATION',
    });
    expect((await manager('GET', `${BASE}/${checkIn}`)).json()).toMatchObject({
      allocation: { isCheckIn: true },
      locationName: expect.stringContaining(`${f.units.IL.displayName} · Check-In button`),
    });
  });

  it('the allocation held when the alert was raised, not a later one; the task’s own unit without one', async () => {
    // The pendant moved to another resident after the alert: the alert still came from the first.
    const raisedAt = new Date(Date.now() - 60_000);
    const wall = f.units.LTC.wallButton;
    const task = await insertDeviceTask(t.db.prisma, f, {
      deviceId: wall.deviceId,
      unitId: f.units.LTC.id,
      creationTimestamp: raisedAt,
    });
    await t.db.prisma.deviceAllocation.update({
      where: { id: wall.allocationId },
      data: {
        createdAt: new Date(raisedAt.getTime() - 60_000),
        isActive: false,
        activeDeviceKey: null,
        unallocatedAt: new Date(),
      },
    });
    await t.db.prisma.deviceAllocation.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        deviceId: wall.deviceId,
        unitId: f.units.STR.id,
        activeDeviceKey: wall.deviceId,
      },
    });
    const res = (await as(f.staff.manager.id)('GET', `${BASE}/${task}`)).json() as TLocationQueryReply;
    expect(res).toMatchObject({ source: 'ALLOCATION', unit: { unitRid: f.units.LTC.id } });

    // A manual alert without a device: the task's unit.
    const manual = await t.db.prisma.task.create({
      data: {
        facilityId: f.facilityId,
        enterpriseId: f.enterpriseId,
        title: 'Help in the lounge',
        severity: 'LOW_PRIORITY',
        severityRank: SEVERITY_VALUES.LOW_PRIORITY,
        unitId: f.units.AL.id,
      },
    });
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${manual.id}`)).json()).toMatchObject({
      deviceRid: null,
      device: null,
      allocation: null,
      unit: { unitRid: f.units.AL.id },
      source: 'TASK',
    });
  });

  it('?deviceRid: a device that pressed into the alert, else 404; a bad id is 400 naming it', async () => {
    await t.db.prisma.taskUpdate.create({
      data: {
        taskId: pendantTask,
        facilityId: f.facilityId,
        type: 'DEVICE_INTERACTION',
        description: 'Wall button pressed',
        deviceId: f.units.MC.wallButton.deviceId,
      },
    });
    const manager = as(f.staff.manager.id);
    const byWall = await manager('GET', `${BASE}/${pendantTask}?deviceRid=${f.units.MC.wallButton.deviceId}`);
    expect(byWall.statusCode).toBe(200);
    expect(byWall.json()).toMatchObject({
      deviceRid: f.units.MC.wallButton.deviceId,
      allocation: { allocationRid: f.units.MC.wallButton.allocationId },
      resident: null,
      unit: { unitRid: f.units.MC.id },
    });
    expect(
      (await manager('GET', `${BASE}/${pendantTask}?deviceRid=${f.units.AL.wallButton.deviceId}`)).statusCode,
    ).toBe(404);
    expect(
      (await manager('GET', `${BASE}/${pendantTask}?deviceRid=${other.units.MC.wallButton.deviceId}`))
        .statusCode,
    ).toBe(404);
    const bad = await manager('GET', `${BASE}/${pendantTask}?deviceRid=${'x'.repeat(200)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe('querystring.deviceRid');
  });

  it('another community’s alert and an unknown one are 404; no token 401; an alert not visible 404', async () => {
    expect((await as(other.staff.manager.id)('GET', `${BASE}/${pendantTask}`)).statusCode).toBe(404);
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${randomUUID()}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${pendantTask}` })).statusCode).toBe(401);
    // Housekeeping sees only tasks assigned to it or its group.
    expect((await as(f.staff.housekeeper.id)('GET', `${BASE}/${pendantTask}`)).statusCode).toBe(404);
  });
});
