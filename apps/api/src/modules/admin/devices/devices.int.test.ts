import type { TDeviceAllocationReply, TErrorReply, TLatestDeviceActivity } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1/devices';

describe('[ADMIN][DEVICES]: allocations scoped to my facilities, changed by management only', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (as: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
    await t.db.prisma.device.update({
      where: { id: f.residents.AL.pendant.deviceId },
      data: { batteryLevel: 15, lastPressTimestamp: new Date('2026-01-02T03:04:05.000Z') },
    });
  });
  afterAll(() => t.close());

  it("lists a resident's pendants with the device's battery and last press", async () => {
    const res = await call(
      f.staff.caregiver.id,
      'GET',
      `/allocated?facilityRid=${f.facilityId}&residentRid=${f.residents.AL.id}`,
    );
    expect(res.statusCode).toBe(200);
    const list = res.json() as TDeviceAllocationReply[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: f.residents.AL.pendant.allocationId,
      facilityId: f.facilityId,
      resident: { id: f.residents.AL.id, firstName: f.residents.AL.firstName },
      unit: null,
      door: null,
      isActive: true,
      device: {
        id: f.residents.AL.pendant.deviceId,
        type: 'SAGE_BUTTON',
        hardwareId: f.residents.AL.pendant.hardwareId,
        batteryLevel: 15,
        lastPressTimestamp: Date.parse('2026-01-02T03:04:05.000Z'),
      },
    });
  });

  it('filters by unit and type, and lists only my facilities', async () => {
    const byUnit = await call(f.staff.manager.id, 'GET', `/allocated?unitRid=${f.units.AL.id}`);
    expect(byUnit.statusCode).toBe(200);
    expect((byUnit.json() as TDeviceAllocationReply[]).map((a) => a.id)).toEqual([
      f.units.AL.wallButton.allocationId,
    ]);
    const pendants = (
      await call(f.staff.manager.id, 'GET', `/allocated?type=SAGE_BUTTON`)
    ).json() as TDeviceAllocationReply[];
    expect(pendants.length).toBeGreaterThan(5);
    expect(pendants.every((a) => a.device.type === 'SAGE_BUTTON' && a.facilityId === f.facilityId)).toBe(
      true,
    );
    const forOther = await call(f.staff.manager.id, 'GET', `/allocated?facilityRid=${other.facilityId}`);
    expect(forOther.statusCode).toBe(403);
  });

  it("hides another tenant's allocation (404) on get, update and unallocate", async () => {
    const id = other.residents.AL.pendant.allocationId;
    expect((await call(f.staff.manager.id, 'GET', `/allocated/${id}`)).statusCode).toBe(404);
    expect(
      (await call(f.staff.manager.id, 'PUT', `/allocated/${id}`, { residentRid: f.residents.MC.id }))
        .statusCode,
    ).toBe(404);
    expect((await call(f.staff.manager.id, 'POST', `/allocated/${id}/unallocate`)).statusCode).toBe(404);
  });

  it('refuses a caregiver (403) assigning or unassigning, and changes nothing', async () => {
    const id = f.residents.MC.pendant.allocationId;
    const put = await call(f.staff.caregiver.id, 'PUT', `/allocated/${id}`, {
      residentRid: f.residents.AL.id,
    });
    expect(put.statusCode).toBe(403);
    expect((await call(f.staff.caregiver.id, 'POST', `/allocated/${id}/unallocate`)).statusCode).toBe(403);
    const row = await t.db.prisma.deviceAllocation.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ residentId: f.residents.MC.id, isActive: true });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const id = f.residents.MC.pendant.allocationId;
    const wrongType = await call(f.staff.manager.id, 'PUT', `/allocated/${id}`, { residentRid: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect((wrongType.json() as TErrorReply).issues?.[0]?.field).toMatch(/residentRid/);
    const both = await call(f.staff.manager.id, 'PUT', `/allocated/${id}`, {
      residentRid: f.residents.AL.id,
      unitRid: f.units.AL.id,
    });
    expect(both.statusCode).toBe(400);
    expect((both.json() as TErrorReply).issues).toEqual([
      expect.objectContaining({ field: 'body.unitRid', rule: 'exclusive' }),
    ]);
    const badQuery = await call(f.staff.manager.id, 'GET', '/allocated?type=TOASTER');
    expect(badQuery.statusCode).toBe(400);
    expect((badQuery.json() as TErrorReply).issues?.[0]?.field).toMatch(/type/);
    const noDevices = await call(f.staff.manager.id, 'POST', '/activity/latest', {
      facilityRid: f.facilityId,
      deviceRids: [],
    });
    expect(noDevices.statusCode).toBe(400);
    expect((noDevices.json() as TErrorReply).issues?.[0]?.field).toMatch(/deviceRids/);
  });

  it('refuses assigning a resident of another facility (400 on residentRid), and a door alarm as a pendant', async () => {
    const id = f.residents.MC.pendant.allocationId;
    const res = await call(f.staff.manager.id, 'PUT', `/allocated/${id}`, {
      residentRid: other.residents.AL.id,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as TErrorReply).issues).toEqual([
      expect.objectContaining({ field: 'body.residentRid', rule: 'same facility' }),
    ]);
    const door = await call(f.staff.manager.id, 'PUT', `/allocated/${f.door.alarm.allocationId}`, {
      residentRid: f.residents.AL.id,
    });
    expect(door.statusCode).toBe(400);
    expect((door.json() as TErrorReply).issues?.[0]).toMatchObject({
      field: 'body.residentRid',
      rule: 'device type',
    });
    const row = await t.db.prisma.deviceAllocation.findUniqueOrThrow({ where: { id } });
    expect(row.residentId).toBe(f.residents.MC.id);
  });

  it('lets a manager assign a pendant to a resident who already has one, then rename and unassign it', async () => {
    const id = f.residents.LTC.pendant.allocationId;
    const res = await call(f.staff.manager.id, 'PUT', `/allocated/${id}`, {
      residentRid: f.residents.STR.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      resident: { id: f.residents.STR.id },
      unit: null,
      isActive: true,
      // Reported so the client warns 'Pendant already assigned'.
      residentOtherPendantIds: [f.residents.STR.pendant.allocationId],
    });
    const strPendants = (
      await call(f.staff.caregiver.id, 'GET', `/allocated?residentRid=${f.residents.STR.id}`)
    ).json() as TDeviceAllocationReply[];
    expect(strPendants.map((a) => a.id).sort()).toEqual([id, f.residents.STR.pendant.allocationId].sort());

    const renamed = await call(f.staff.manager.id, 'PUT', `/allocated/${id}`, {
      displayName: 'Spare pendant',
    });
    expect(renamed.json()).toMatchObject({
      displayName: 'Spare pendant',
      resident: { id: f.residents.STR.id },
      residentOtherPendantIds: [],
    });

    const toUnit = await call(f.staff.manager.id, 'PUT', `/allocated/${id}`, {
      unitRid: f.units.IL.id,
      room: 'CHECKIN',
    });
    expect(toUnit.json()).toMatchObject({
      resident: null,
      unit: { id: f.units.IL.id },
      room: 'CHECKIN',
      isCheckIn: true,
    });

    const off = await call(f.staff.manager.id, 'POST', `/allocated/${id}/unallocate`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, isActive: false });
    const row = await t.db.prisma.deviceAllocation.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ isActive: false, activeDeviceKey: null });
    expect(row.unallocatedAt).toBeInstanceOf(Date);
    expect((await call(f.staff.manager.id, 'POST', `/allocated/${id}/unallocate`)).statusCode).toBe(409);
    expect((await call(f.staff.manager.id, 'PUT', `/allocated/${id}`, { displayName: 'x' })).statusCode).toBe(
      409,
    );
    const listed = (
      await call(f.staff.manager.id, 'GET', `/allocated?unitRid=${f.units.IL.id}`)
    ).json() as TDeviceAllocationReply[];
    expect(listed.map((a) => a.id)).not.toContain(id);
  });

  it("replies the latest battery and press per device, leaving out other tenants' devices", async () => {
    const res = await call(f.staff.caregiver.id, 'POST', '/activity/latest', {
      facilityRid: f.facilityId,
      deviceRids: [
        f.residents.AL.pendant.deviceId,
        f.residents.MC.pendant.deviceId,
        other.residents.AL.pendant.deviceId,
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json() as TLatestDeviceActivity[]).toEqual([
      {
        deviceRid: f.residents.AL.pendant.deviceId,
        batteryLevel: 15,
        lastPressTimestamp: Date.parse('2026-01-02T03:04:05.000Z'),
      },
      {
        deviceRid: f.residents.MC.pendant.deviceId,
        batteryLevel: expect.anything(),
        lastPressTimestamp: null,
      },
    ]);
    const foreign = await call(f.staff.caregiver.id, 'POST', '/activity/latest', {
      facilityRid: other.facilityId,
      deviceRids: [other.residents.AL.pendant.deviceId],
    });
    expect(foreign.statusCode).toBe(403);
  });
});
