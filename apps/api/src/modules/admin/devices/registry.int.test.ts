import type {
  TCreatedDeviceAllocationReply,
  TDevicePageReply,
  TErrorReply,
  TLatestAllocatedActivity,
  TRegisteredDeviceReply,
  TSimulateDeviceReply,
} from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1/devices';

describe('[ADMIN][DEVICES]: the registry, allocation writes, activity and simulated presses', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  let seq = 0;
  const hw = (label: string) => `REG-${label}-${Date.now()}-${seq++}`;

  const call = async (
    as: string,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const register = async (type = 'SAGE_BUTTON', facility = f) => {
    const res = await call(facility.staff.manager.id, 'POST', '', {
      facilityRid: facility.facilityId,
      type,
      hardwareId: hw(type),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as TRegisteredDeviceReply;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  describe('POST /devices and GET /devices/{id}', () => {
    it('registers a device to the facility and reads it back, unallocated', async () => {
      const device = await register('DOOR_ALARM');
      expect(device).toMatchObject({ type: 'DOOR_ALARM', facilityId: f.facilityId, isAllocated: false });
      const res = await call(f.staff.manager.id, 'GET', `/${device.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(device);
    });

    it('refuses a hardware id registered already (409), also one of another community, writing nothing', async () => {
      const res = await call(f.staff.manager.id, 'POST', '', {
        facilityRid: f.facilityId,
        type: 'SAGE_BUTTON',
        hardwareId: other.residents.AL.pendant.hardwareId,
      });
      expect(res.statusCode).toBe(409);
      expect(
        await t.db.prisma.device.count({ where: { hardwareId: other.residents.AL.pendant.hardwareId } }),
      ).toBe(1);
    });

    it('answers bad input with a 400 naming the field', async () => {
      const res = await call(f.staff.manager.id, 'POST', '', {
        facilityRid: f.facilityId,
        type: 'TOASTER',
        hardwareId: 'bad\u0000id',
      });
      expect(res.statusCode).toBe(400);
      const fields = (res.json() as TErrorReply).issues?.map((i) => i.field);
      expect(fields).toEqual(expect.arrayContaining(['body.type', 'body.hardwareId']));
    });

    it('refuses a caregiver (403) and a facility I do not work in (403)', async () => {
      const asCaregiver = await call(f.staff.caregiver.id, 'POST', '', {
        facilityRid: f.facilityId,
        type: 'SAGE_BUTTON',
        hardwareId: hw('cg'),
      });
      expect(asCaregiver.statusCode).toBe(403);
      const elsewhere = await call(f.staff.manager.id, 'POST', '', {
        facilityRid: other.facilityId,
        type: 'SAGE_BUTTON',
        hardwareId: hw('x'),
      });
      expect(elsewhere.statusCode).toBe(403);
      expect((await call(f.staff.caregiver.id, 'GET', `/${f.sparePendant.deviceId}`)).statusCode).toBe(403);
    });

    it("hides another community's device (404) on get and delete", async () => {
      const id = other.sparePendant.deviceId;
      expect((await call(f.staff.manager.id, 'GET', `/${id}`)).statusCode).toBe(404);
      expect((await call(f.staff.manager.id, 'DELETE', `/${id}`)).statusCode).toBe(404);
      expect(await t.db.prisma.device.count({ where: { id } })).toBe(1);
    });
  });

  describe('GET /devices', () => {
    it('filters by type, hardware id, allocation and creation time, paged, my facilities only', async () => {
      const before = Date.now() - 1;
      const a = await register('FALL_DETECTION_DEVICE');
      const b = await register('FALL_DETECTION_DEVICE');
      const list = async (query: string) => {
        const res = await call(f.staff.manager.id, 'GET', `?${query}`);
        expect(res.statusCode).toBe(200);
        return res.json() as TDevicePageReply;
      };
      const recent = await list(`type=FALL_DETECTION_DEVICE&createdAfter=${before}&isAllocated=false`);
      expect(recent.devices.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
      expect(recent.totalCount).toBe(2);
      const page = await list(`type=FALL_DETECTION_DEVICE&createdAfter=${before}&pageSize=1&pageNumber=1`);
      expect(page).toMatchObject({ totalCount: 2, pageNumber: 1, pageSize: 1 });
      expect(page.devices).toHaveLength(1);
      const byHw = await list(`hardwareId=${encodeURIComponent(f.residents.AL.pendant.hardwareId)}`);
      expect(byHw.devices).toEqual([
        expect.objectContaining({
          id: f.residents.AL.pendant.deviceId,
          isAllocated: true,
          allocationId: f.residents.AL.pendant.allocationId,
        }),
      ]);
      const allocated = await list('isAllocated=true&pageSize=500');
      expect(allocated.devices.every((d) => d.isAllocated && d.facilityId === f.facilityId)).toBe(true);
      const old = await list(`createdBefore=${before}&type=FALL_DETECTION_DEVICE`);
      expect(old.devices.map((d) => d.id)).not.toContain(a.id);
      const otherHw = await list(`hardwareId=${encodeURIComponent(other.sparePendant.hardwareId)}`);
      expect(otherHw.totalCount).toBe(0);
    });

    it('answers 400 for a bad filter and 403 to a caregiver', async () => {
      const bad = await call(f.staff.manager.id, 'GET', '?isAllocated=maybe&pageSize=0');
      expect(bad.statusCode).toBe(400);
      const fields = (bad.json() as TErrorReply).issues?.map((i) => i.field);
      expect(fields).toEqual(expect.arrayContaining(['querystring.isAllocated', 'querystring.pageSize']));
      expect((await call(f.staff.caregiver.id, 'GET', '')).statusCode).toBe(403);
    });
  });

  describe('allocation create, bulk and delete', () => {
    it('allocates a pendant to a resident who has one already and reports the other pendant', async () => {
      const device = await register();
      const res = await call(f.staff.manager.id, 'POST', '/allocated', {
        facilityRid: f.facilityId,
        deviceRid: device.id,
        residentRid: f.residents.MC.id,
        displayName: 'Spare pendant',
      });
      expect(res.statusCode).toBe(201);
      const created = res.json() as TCreatedDeviceAllocationReply;
      expect(created).toMatchObject({
        resident: { id: f.residents.MC.id },
        displayName: 'Spare pendant',
        isActive: true,
        residentOtherPendantIds: [f.residents.MC.pendant.allocationId],
      });
      // Allocated twice: 409, one allocation only.
      const again = await call(f.staff.manager.id, 'POST', '/allocated', {
        facilityRid: f.facilityId,
        deviceRid: device.id,
        unitRid: f.units.MC.id,
      });
      expect(again.statusCode).toBe(409);
      expect(await t.db.prisma.deviceAllocation.count({ where: { deviceId: device.id } })).toBe(1);
      // Deleting the device is refused while allocated.
      expect((await call(f.staff.manager.id, 'DELETE', `/${device.id}`)).statusCode).toBe(409);
      // Delete the allocation, then the device.
      expect((await call(f.staff.manager.id, 'DELETE', `/allocated/${created.id}`)).statusCode).toBe(204);
      expect((await call(f.staff.manager.id, 'GET', `/allocated/${created.id}`)).statusCode).toBe(404);
      expect((await call(f.staff.manager.id, 'DELETE', `/${device.id}`)).statusCode).toBe(204);
      expect((await call(f.staff.manager.id, 'GET', `/${device.id}`)).statusCode).toBe(404);
    });

    it('answers 400 naming the field: no target, two targets, a door alarm as a pendant, another facility', async () => {
      const device = await register('DOOR_ALARM');
      const none = await call(f.staff.manager.id, 'POST', '/allocated', {
        facilityRid: f.facilityId,
        deviceRid: device.id,
      });
      expect(none.statusCode).toBe(400);
      expect((none.json() as TErrorReply).issues?.[0]).toMatchObject({
        field: 'body',
        rule: 'exactly one',
      });
      const asPendant = await call(f.staff.manager.id, 'POST', '/allocated', {
        facilityRid: f.facilityId,
        deviceRid: device.id,
        residentRid: f.residents.AL.id,
      });
      expect((asPendant.json() as TErrorReply).issues?.[0]).toMatchObject({
        field: 'body.residentRid',
        rule: 'device type',
      });
      const otherUnit = await call(f.staff.manager.id, 'POST', '/allocated', {
        facilityRid: f.facilityId,
        deviceRid: other.sparePendant.deviceId,
        unitRid: other.units.AL.id,
      });
      expect(otherUnit.statusCode).toBe(400);
      expect((otherUnit.json() as TErrorReply).issues?.map((i) => i.field)).toEqual([
        'body.deviceRid',
        'body.unitRid',
      ]);
      expect(await t.db.prisma.deviceAllocation.count({ where: { deviceId: device.id } })).toBe(0);
    });

    it('refuses a caregiver (403) and hides another community (404 on delete)', async () => {
      const asCaregiver = await call(f.staff.caregiver.id, 'POST', '/allocated', {
        facilityRid: f.facilityId,
        deviceRid: f.sparePendant.deviceId,
        residentRid: f.residents.AL.id,
      });
      expect(asCaregiver.statusCode).toBe(403);
      expect(
        (await call(f.staff.caregiver.id, 'DELETE', `/allocated/${f.residents.AL.pendant.allocationId}`))
          .statusCode,
      ).toBe(403);
      const id = other.residents.AL.pendant.allocationId;
      expect((await call(f.staff.manager.id, 'DELETE', `/allocated/${id}`)).statusCode).toBe(404);
      expect(await t.db.prisma.deviceAllocation.count({ where: { id } })).toBe(1);
    });

    it('bulk: all or nothing, naming the failing item', async () => {
      const [a, b] = [await register(), await register()];
      const bad = await call(f.staff.manager.id, 'POST', '/allocated/bulk', [
        { facilityRid: f.facilityId, deviceRid: a.id, unitRid: f.units.AL.id, room: 'Bathroom' },
        { facilityRid: f.facilityId, deviceRid: b.id, unitRid: other.units.AL.id },
      ]);
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as TErrorReply).issues?.[0]?.field).toBe('body.1.unitRid');
      expect(await t.db.prisma.deviceAllocation.count({ where: { deviceId: { in: [a.id, b.id] } } })).toBe(0);
      const dup = await call(f.staff.manager.id, 'POST', '/allocated/bulk', [
        { facilityRid: f.facilityId, deviceRid: a.id, unitRid: f.units.AL.id },
        { facilityRid: f.facilityId, deviceRid: a.id, unitRid: f.units.IL.id },
      ]);
      expect(dup.statusCode).toBe(409);
      expect(await t.db.prisma.deviceAllocation.count({ where: { deviceId: a.id } })).toBe(0);
      const ok = await call(f.staff.manager.id, 'POST', '/allocated/bulk', [
        { facilityRid: f.facilityId, deviceRid: a.id, unitRid: f.units.AL.id, room: 'CHECKIN' },
        { facilityRid: f.facilityId, deviceRid: b.id, residentRid: f.residents.IL.id },
      ]);
      expect(ok.statusCode).toBe(201);
      const created = ok.json() as TCreatedDeviceAllocationReply[];
      expect(created.map((c) => [c.device.id, c.isCheckIn])).toEqual([
        [a.id, true],
        [b.id, false],
      ]);
      const forOther = await call(f.staff.manager.id, 'POST', '/allocated/bulk', [
        { facilityRid: other.facilityId, deviceRid: other.sparePendant.deviceId, unitRid: other.units.AL.id },
      ]);
      expect(forOther.statusCode).toBe(403);
    });

    it('a door takes one alarm: a second is 409', async () => {
      const [a, b] = [await register('DOOR_ALARM'), await register('DOOR_ALARM')];
      const door = await t.db.prisma.door.create({
        data: { facilityId: f.facilityId, enterpriseId: f.enterpriseId, name: `Door ${hw('d')}` },
      });
      const first = await call(f.staff.manager.id, 'POST', '/allocated', {
        facilityRid: f.facilityId,
        deviceRid: a.id,
        doorRid: door.id,
      });
      expect(first.statusCode).toBe(201);
      const second = await call(f.staff.manager.id, 'POST', '/allocated', {
        facilityRid: f.facilityId,
        deviceRid: b.id,
        doorRid: door.id,
      });
      expect(second.statusCode).toBe(409);
    });
  });

  describe('races', () => {
    it('gives one winner and a 409: the same hardware id registered twice, the same device allocated twice', async () => {
      const hardwareId = hw('race');
      const registered = await Promise.all(
        [0, 1, 2].map(() =>
          call(f.staff.manager.id, 'POST', '', {
            facilityRid: f.facilityId,
            type: 'SAGE_BUTTON',
            hardwareId,
          }),
        ),
      );
      expect(registered.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const winner = registered.find((r) => r.statusCode === 201);
      if (!winner) throw new Error('no registration won');
      const device = (winner.json() as TRegisteredDeviceReply).id;
      const allocated = await Promise.all(
        [f.units.AL.id, f.units.MC.id, f.units.IL.id].map((unitRid) =>
          call(f.staff.manager.id, 'POST', '/allocated', {
            facilityRid: f.facilityId,
            deviceRid: device,
            unitRid,
          }),
        ),
      );
      expect(allocated.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await t.db.prisma.deviceAllocation.count({ where: { deviceId: device } })).toBe(1);
    });
  });

  describe('activity', () => {
    it('lists activity newest first and the latest per allocated device with battery, my facility only', async () => {
      const deviceId = f.residents.AL.pendant.deviceId;
      await t.db.prisma.device.update({ where: { id: deviceId }, data: { batteryLevel: 55 } });
      await t.db.prisma.deviceActivity.createMany({
        data: [
          {
            facilityId: f.facilityId,
            deviceId,
            type: 'HEARTBEAT',
            batteryLevel: 60,
            timestamp: new Date(1_000),
          },
          {
            facilityId: f.facilityId,
            deviceId,
            type: 'BUTTON_PRESS',
            batteryLevel: 55,
            timestamp: new Date(2_000),
          },
        ],
      });
      const res = await call(f.staff.caregiver.id, 'POST', '/activity', {
        facilityRid: f.facilityId,
        deviceRids: [deviceId, other.residents.AL.pendant.deviceId],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        totalCount: 2,
        activities: [
          { deviceRid: deviceId, type: 'BUTTON_PRESS', timestamp: 2_000, batteryLevel: 55 },
          { deviceRid: deviceId, type: 'HEARTBEAT', timestamp: 1_000, batteryLevel: 60 },
        ],
      });
      const latest = await call(f.staff.caregiver.id, 'POST', '/activity/allocated/latest', {
        facilityRid: f.facilityId,
        type: 'SAGE_BUTTON',
      });
      expect(latest.statusCode).toBe(200);
      const rows = latest.json() as TLatestAllocatedActivity[];
      expect(rows.every((r) => r.type === 'SAGE_BUTTON')).toBe(true);
      expect(rows.find((r) => r.deviceRid === deviceId)).toMatchObject({
        allocationId: f.residents.AL.pendant.allocationId,
        batteryLevel: 55,
        latestActivity: { type: 'BUTTON_PRESS', timestamp: 2_000, batteryLevel: 55 },
      });
      expect(rows.some((r) => r.deviceRid === other.residents.AL.pendant.deviceId)).toBe(false);
    });

    it('answers 400 naming the field and 403 for another facility', async () => {
      const bad = await call(f.staff.caregiver.id, 'POST', '/activity', {
        facilityRid: f.facilityId,
        types: ['X'],
      });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as TErrorReply).issues?.[0]?.field).toBe('body.types.0');
      const elsewhere = await call(f.staff.caregiver.id, 'POST', '/activity/allocated/latest', {
        facilityRid: other.facilityId,
      });
      expect(elsewhere.statusCode).toBe(403);
    });
  });

  describe('POST /devices/{deviceType}/simulate', () => {
    it('stores an event as a gateway would and queues its processing job', async () => {
      const res = await call(f.staff.manager.id, 'POST', '/SAGE_BUTTON/simulate', {
        facilityRid: f.facilityId,
        hardwareId: f.residents.IL.pendant.hardwareId,
      });
      expect(res.statusCode).toBe(202);
      const body = res.json() as TSimulateDeviceReply;
      expect(body.eventType).toBe('BUTTON_PRESS');
      const event = await t.db.prisma.deviceEvent.findUniqueOrThrow({ where: { id: body.deviceEventId } });
      expect(event).toMatchObject({
        facilityId: f.facilityId,
        gatewayId: `simulator:${f.facilityId}`,
        hardwareId: f.residents.IL.pendant.hardwareId,
        type: 'BUTTON_PRESS',
        processedAt: null,
      });
      const jobs = await t.db.prisma.$queryRaw<{ task_identifier: string }[]>`
        SELECT task_identifier FROM graphile_worker.jobs WHERE key = ${`device-event:${event.id}`}`;
      expect(jobs).toEqual([{ task_identifier: 'process-device-event' }]);
    });

    it("refuses another community's hardware (400, nothing stored), a wrong type (400), a caregiver (403)", async () => {
      const count = () => t.db.prisma.deviceEvent.count({ where: { facilityId: f.facilityId } });
      const before = await count();
      const foreign = await call(f.staff.manager.id, 'POST', '/SAGE_BUTTON/simulate', {
        facilityRid: f.facilityId,
        hardwareId: other.residents.AL.pendant.hardwareId,
      });
      expect(foreign.statusCode).toBe(400);
      expect((foreign.json() as TErrorReply).issues?.[0]?.field).toBe('body.hardwareId');
      const wrongType = await call(f.staff.manager.id, 'POST', '/DOOR_ALARM/simulate', {
        facilityRid: f.facilityId,
        hardwareId: f.residents.AL.pendant.hardwareId,
      });
      expect((wrongType.json() as TErrorReply).issues?.[0]?.field).toBe('params.deviceType');
      const badType = await call(f.staff.manager.id, 'POST', '/KETTLE/simulate', {
        facilityRid: f.facilityId,
        hardwareId: f.residents.AL.pendant.hardwareId,
      });
      expect((badType.json() as TErrorReply).issues?.[0]?.field).toBe('params.deviceType');
      const asCaregiver = await call(f.staff.caregiver.id, 'POST', '/SAGE_BUTTON/simulate', {
        facilityRid: f.facilityId,
        hardwareId: f.residents.AL.pendant.hardwareId,
      });
      expect(asCaregiver.statusCode).toBe(403);
      const otherFacility = await call(f.staff.manager.id, 'POST', '/SAGE_BUTTON/simulate', {
        facilityRid: other.facilityId,
        hardwareId: other.residents.AL.pendant.hardwareId,
      });
      expect(otherFacility.statusCode).toBe(403);
      expect(await count()).toBe(before);
    });
  });
});
