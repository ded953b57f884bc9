import type { TAdminUnit } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/tasks';

const BASE = '/admin/api/v1/units';

describe('[ADMIN][UNITS]: create, bulk create, change and delete units; management only; tenancy', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;
  const as = (id: string) => caller(t, id);

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('creates a unit (201) and lists it with its value and occupant count', async () => {
    const res = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      displayName: 'Room 101',
      careType: 'MEMORY_CARE',
      wing: 'East',
      floor: '1',
      phoneNumber: '+14155550177',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      displayName: 'Room 101',
      careType: 'MEMORY_CARE',
      wing: 'East',
      occupantCount: 0,
    });
    const list = (
      await as(f.staff.caregiver.id)('GET', `${BASE}?facilityId=${f.facilityId}`)
    ).json() as TAdminUnit[];
    expect(list.find((u) => u.id === f.units.AL.id)?.occupantCount).toBe(1);
    expect(list.map((u) => u.displayName)).toContain('Room 101');
  });

  it('400 naming the field; 409 for a name already used in the facility; 403 for care staff', async () => {
    const bad = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      displayName: '',
      phoneNumber: '555',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { field: string }) => i.field)).toEqual([
      'body.displayName',
      'body.phoneNumber',
    ]);
    const taken = await as(f.staff.manager.id)('POST', BASE, {
      facilityId: f.facilityId,
      displayName: f.units.AL.displayName,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().issues[0]).toMatchObject({ field: 'body.displayName', rule: 'unique' });
    // The same name in another community is fine.
    const elsewhere = await as(other.staff.manager.id)('POST', BASE, {
      facilityId: other.facilityId,
      displayName: 'Room 101',
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(
      (await as(f.staff.caregiver.id)('POST', BASE, { facilityId: f.facilityId, displayName: 'X' }))
        .statusCode,
    ).toBe(403);
  });

  it('bulk creates all or nothing, naming the bad row', async () => {
    const rows = [
      { facilityId: f.facilityId, displayName: 'Bulk A' },
      { facilityId: f.facilityId, displayName: 'Bulk B' },
      { facilityId: f.facilityId, displayName: 'Bulk A' },
    ];
    const dup = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, { units: rows });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().issues[0]).toMatchObject({ field: 'body.units.2.displayName' });
    const shape = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, {
      units: [rows[0], { facilityId: f.facilityId, careType: 'X' }],
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().issues[0].field).toMatch(/^body\.units\.1\./);
    expect(await t.db.prisma.unit.count({ where: { displayName: { startsWith: 'Bulk' } } })).toBe(0);
    const ok = await as(f.staff.manager.id)('POST', `${BASE}/bulk`, { units: rows.slice(0, 2) });
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as TAdminUnit[]).map((u) => u.displayName)).toEqual(['Bulk A', 'Bulk B']);
  });

  it('changes a unit; stale writes and taken names are 409', async () => {
    const u = (
      await as(f.staff.manager.id)('POST', BASE, { facilityId: f.facilityId, displayName: 'Edit 1' })
    ).json() as TAdminUnit;
    const put = (body: unknown) => as(f.staff.manager.id)('PUT', `${BASE}/${u.id}`, body);
    const ok = await put({
      displayName: 'Edit 2',
      careType: 'ASSISTED_LIVING',
      ifUpdateTimestampMs: u.updateTimestampMs,
    });
    expect(ok.json()).toMatchObject({ displayName: 'Edit 2', careType: 'ASSISTED_LIVING' });
    expect((await put({ wing: 'W', ifUpdateTimestampMs: u.updateTimestampMs })).statusCode).toBe(409);
    const taken = await put({ displayName: f.units.MC.displayName });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().issues[0]).toMatchObject({ field: 'body.displayName' });
  });

  it('deletes empty units (one, or several by unitRid); a unit in use is a 409 and nothing is deleted', async () => {
    const mk = async (name: string) =>
      (
        (
          await as(f.staff.manager.id)('POST', BASE, { facilityId: f.facilityId, displayName: name })
        ).json() as TAdminUnit
      ).id;
    const [a, b, c] = [await mk('Del A'), await mk('Del B'), await mk('Del C')];
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}/${a}`)).json()).toEqual({ deleted: 1 });
    const inUse = await as(f.staff.manager.id)('DELETE', `${BASE}?unitRid=${b}&unitRid=${f.units.AL.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(await t.db.prisma.unit.count({ where: { id: { in: [b, f.units.AL.id] } } })).toBe(2);
    expect((await as(f.staff.manager.id)('DELETE', `${BASE}?unitRid=${b}&unitRid=${c}`)).json()).toEqual({
      deleted: 2,
    });
    expect((await as(f.staff.manager.id)('DELETE', BASE)).statusCode).toBe(400);
  });

  it('a manager of another community changes nothing here (404) and cannot create here (403)', async () => {
    const them = as(other.staff.manager.id);
    const id = f.units.IL.id;
    const before = await t.db.prisma.unit.findUniqueOrThrow({ where: { id } });
    expect((await them('PUT', `${BASE}/${id}`, { displayName: 'Hacked' })).statusCode).toBe(404);
    expect((await them('DELETE', `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await them('DELETE', `${BASE}?unitRid=${id}`)).statusCode).toBe(404);
    expect((await them('GET', `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await them('POST', BASE, { facilityId: f.facilityId, displayName: 'Z' })).statusCode).toBe(403);
    expect(
      (await them('POST', `${BASE}/bulk`, { units: [{ facilityId: f.facilityId, displayName: 'Z' }] }))
        .statusCode,
    ).toBe(403);
    expect(await t.db.prisma.unit.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });
});
