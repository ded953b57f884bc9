import type { TAdminUnit, TSearchUnitsReply } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller, insertDeviceTask } from '../../../test/tasks';

const BASE = '/admin/api/v1/units';

/**
 * Issue #32 (manager point 10), decision 0612: a unit with history cannot be deleted, it can be archived: out of
 * the lists and pickers, its history kept; restored by a manager. Management of the unit's facility only.
 */
describe('[ADMIN][UNITS][ARCHIVE]: archive and restore a unit; 409 while in use; archived units out of lists and pickers', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  const newUnit = async (displayName: string) =>
    (
      await as(f.staff.manager.id)('POST', BASE, { facilityId: f.facilityId, displayName })
    ).json() as TAdminUnit;

  /** A unit with history: the spare pendant was its wall button once (an allocation record, now inactive). */
  async function unitWithHistory(displayName: string): Promise<TAdminUnit> {
    const unit = await newUnit(displayName);
    const allocated = await as(f.staff.manager.id)('POST', '/admin/api/v1/devices/allocated', {
      facilityRid: f.facilityId,
      deviceRid: f.sparePendant.deviceId,
      unitRid: unit.id,
    });
    expect(allocated.statusCode, allocated.body).toBe(201);
    const unallocated = await as(f.staff.manager.id)(
      'POST',
      `/admin/api/v1/devices/allocated/${allocated.json().id}/unallocate`,
    );
    expect(unallocated.statusCode, unallocated.body).toBe(200);
    return unit;
  }

  const listed = async (query = '') =>
    (
      (
        await as(f.staff.manager.id)('GET', `${BASE}?facilityId=${f.facilityId}${query}`)
      ).json() as TAdminUnit[]
    ).map((u) => u.id);

  it('a unit with history cannot be deleted (409) but is archived (200): out of GET /units and POST /units/search, in ?isArchived=true; restored, back', async () => {
    const unit = await unitWithHistory('Archive A');
    const del = await as(f.staff.manager.id)('DELETE', `${BASE}/${unit.id}`);
    expect(del.statusCode).toBe(409);

    const archived = await as(f.staff.manager.id)('POST', `${BASE}/${unit.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ id: unit.id, isArchived: true, displayName: 'Archive A' });
    expect(archived.json().updateTimestampMs).toBeGreaterThan(unit.updateTimestampMs);
    // Its history kept.
    expect(await t.db.prisma.deviceAllocation.count({ where: { unitId: unit.id } })).toBe(1);

    expect(await listed()).not.toContain(unit.id);
    expect(await listed('&isArchived=true')).toEqual([unit.id]);
    const search = (
      await as(f.staff.manager.id)('POST', `${BASE}/search`, { facilityIds: [f.facilityId], pageSize: 1000 })
    ).json() as TSearchUnitsReply;
    expect(search.units.map((u) => u.id)).not.toContain(unit.id);
    expect(search.units.map((u) => u.id)).toContain(f.units.AL.id);
    // Its own page still answers (the manager restores it from there).
    expect((await as(f.staff.manager.id)('GET', `${BASE}/${unit.id}`)).statusCode).toBe(200);

    // Archiving again changes nothing.
    const again = await as(f.staff.manager.id)('POST', `${BASE}/${unit.id}/archive`);
    expect(again.json()).toMatchObject({
      isArchived: true,
      updateTimestampMs: archived.json().updateTimestampMs,
    });

    const restored = await as(f.staff.manager.id)('POST', `${BASE}/${unit.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ isArchived: false });
    expect(await listed()).toContain(unit.id);
    expect(await listed('&isArchived=true')).not.toContain(unit.id);
  });

  it('409 naming the reason while residents live there, a device is assigned or an alert of the unit is open; nothing changes', async () => {
    const archive = (id: string) => as(f.staff.manager.id)('POST', `${BASE}/${id}/archive`);
    const occupied = await archive(f.units.AL.id);
    expect(occupied.statusCode).toBe(409);
    expect(occupied.json()).toMatchObject({
      code: 'UNIT_IN_USE',
      message: expect.stringMatching(/residents/),
    });

    // The MC unit emptied (its resident moved) still has its wall button and fall sensor.
    const moved = await as(f.staff.manager.id)('PUT', `/admin/api/v1/residents/${f.residents.MC.id}`, {
      unitId: f.units.AL.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const withDevices = await archive(f.units.MC.id);
    expect(withDevices.statusCode).toBe(409);
    expect(withDevices.json().message).toMatch(/devices assigned/);

    // An empty unit without devices but with an open alert.
    const unit = await newUnit('Archive B');
    await insertDeviceTask(t.db.prisma, f, { deviceId: f.sparePendant.deviceId, unitId: unit.id });
    const openAlert = await archive(unit.id);
    expect(openAlert.statusCode).toBe(409);
    expect(openAlert.json().message).toMatch(/open alerts/);

    const rows = await t.db.prisma.unit.findMany({
      where: { id: { in: [f.units.AL.id, f.units.MC.id, unit.id] } },
      select: { isArchived: true },
    });
    expect(rows.map((r) => r.isArchived)).toEqual([false, false, false]);
  });

  it('nobody moves into an archived unit and no device is assigned to it: 400 naming the field and the rule', async () => {
    const unit = await newUnit('Archive C');
    expect((await as(f.staff.manager.id)('POST', `${BASE}/${unit.id}/archive`)).statusCode).toBe(200);

    const resident = await as(f.staff.manager.id)('POST', '/admin/api/v1/residents', {
      facilityId: f.facilityId,
      firstName: 'Ada',
      lastName: 'Archer',
      unitId: unit.id,
    });
    expect(resident.statusCode).toBe(400);
    expect(resident.json().issues).toEqual([
      expect.objectContaining({ field: 'body.unitId', rule: 'archived' }),
    ]);
    const device = await as(f.staff.manager.id)('POST', '/admin/api/v1/devices/allocated', {
      facilityRid: f.facilityId,
      deviceRid: f.sparePendant.deviceId,
      unitRid: unit.id,
    });
    expect(device.statusCode).toBe(400);
    expect(device.json().issues).toEqual([
      expect.objectContaining({ field: 'body.unitRid', rule: 'archived' }),
    ]);
  });

  it('management only (the roles table): care staff, a nurse and operations staff 403; a manager elsewhere 404; nothing changes', async () => {
    const unit = await newUnit('Archive D');
    for (const who of [f.staff.caregiver.id, f.staff.nurse.id, f.staff.housekeeper.id]) {
      expect((await as(who)('POST', `${BASE}/${unit.id}/archive`)).statusCode).toBe(403);
      expect((await as(who)('POST', `${BASE}/${unit.id}/restore`)).statusCode).toBe(403);
    }
    expect((await as(other.staff.manager.id)('POST', `${BASE}/${unit.id}/archive`)).statusCode).toBe(404);
    expect((await as(f.staff.manager.id)('POST', `${BASE}/not-a-unit/archive`)).statusCode).toBe(404);
    expect(
      (await t.db.prisma.unit.findUniqueOrThrow({ where: { id: unit.id }, select: { isArchived: true } }))
        .isArchived,
    ).toBe(false);
  });
});
