import type { TStaffFacilityPreference } from '@sage/contract';
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';

const BASE = '/admin/api/v1/staffFacilityPreferences';

describe('[ADMIN][CARE-ASSIGNMENT]: pinned residents', () => {
  let t: TestApp;
  let f: TestFacility;
  let other: TestFacility;

  const call = async (
    as: string,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await t.headersFor(as),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp();
    [f, other] = await Promise.all([createTestFacility(t.db.prisma), createTestFacility(t.db.prisma)]);
  });
  afterAll(() => t.close());

  it('starts empty, keeps pinned residents of the facility, and drops on-hold residents', async () => {
    const me = f.staff.caregiver.id;
    const path = `/staff/${me}/facility/${f.facilityId}`;
    expect(((await call(me, 'GET', path)).json() as TStaffFacilityPreference).pinnedResidentIds).toEqual([]);

    await t.db.prisma.resident.update({ where: { id: f.residents.MC.id }, data: { isOnHold: true } });
    const res = await call(me, 'PUT', path, {
      pinnedResidentIds: [f.residents.AL.id, f.residents.MC.id, other.residents.AL.id, f.residents.AL.id],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TStaffFacilityPreference).pinnedResidentIds).toEqual([f.residents.AL.id]);
    expect(((await call(me, 'GET', path)).json() as TStaffFacilityPreference).pinnedResidentIds).toEqual([
      f.residents.AL.id,
    ]);
  });

  it("refuses someone else's assignment and another facility (403)", async () => {
    const me = f.staff.caregiver.id;
    expect((await call(me, 'GET', `/staff/${f.staff.nurse.id}/facility/${f.facilityId}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(me, 'PUT', `/staff/${me}/facility/${other.facilityId}`, { pinnedResidentIds: [] }))
        .statusCode,
    ).toBe(403);
  });

  it("creates once (409 the second time), searches mine or, as a manager, the facility's, and deletes", async () => {
    const me = f.staff.nurse.id;
    const body = { staffMemberId: me, facilityId: f.facilityId, pinnedResidentIds: [f.residents.LTC.id] };
    const created = await call(me, 'POST', '', body);
    expect(created.statusCode).toBe(201);
    expect((created.json() as TStaffFacilityPreference).pinnedResidentIds).toEqual([f.residents.LTC.id]);
    expect((await call(me, 'POST', '', body)).statusCode).toBe(409);
    expect((await call(me, 'POST', '', { ...body, staffMemberId: f.staff.caregiver.id })).statusCode).toBe(
      403,
    );
    expect((await call(me, 'POST', '', { ...body, facilityId: '' })).json().issues[0].field).toBe(
      'body.facilityId',
    );

    const mine = (await call(me, 'POST', '/search', {})).json() as TStaffFacilityPreference[];
    expect(mine.map((p) => p.staffMemberId)).toEqual([me]);
    const managed = (await call(f.staff.manager.id, 'POST', '/search', { facilityId: f.facilityId })).json();
    expect((managed as TStaffFacilityPreference[]).map((p) => p.staffMemberId).sort()).toEqual(
      [f.staff.caregiver.id, me].sort(),
    );
    expect((await call(other.staff.manager.id, 'POST', '/search', { staffMemberIds: [me] })).json()).toEqual(
      [],
    );

    const path = `/staff/${me}/facility/${f.facilityId}`;
    expect((await call(f.staff.manager.id, 'DELETE', path)).statusCode).toBe(403);
    expect((await call(me, 'DELETE', path)).statusCode).toBe(204);
    expect((await call(me, 'DELETE', path)).statusCode).toBe(404);
  });

  it('searches and deletes staff member facility configs within my facilities only', async () => {
    const configs = '/admin/api/v1/staffMemberFacilityConfig';
    const as = async (
      who: string,
      method: 'POST' | 'DELETE',
      url: string,
      payload?: Record<string, unknown>,
    ) =>
      t.app.inject({
        method,
        url: `${configs}${url}`,
        headers: await t.headersFor(who),
        ...(payload ? { payload } : {}),
      });
    const found = await as(f.staff.caregiver.id, 'POST', '/search', { staffMemberIds: [f.staff.nurse.id] });
    expect(found.statusCode).toBe(200);
    const [nurseConfig] = found.json() as { id: string; staffMemberId: string }[];
    expect(nurseConfig?.staffMemberId).toBe(f.staff.nurse.id);
    expect(
      (await as(other.staff.manager.id, 'POST', '/search', { staffMemberIds: [f.staff.nurse.id] })).json(),
    ).toEqual([]);
    expect((await as(other.staff.manager.id, 'DELETE', `/${nurseConfig?.id}`)).statusCode).toBe(404);
    expect((await as(f.staff.caregiver.id, 'DELETE', `/${nurseConfig?.id}`)).statusCode).toBe(403);
    expect((await as(f.staff.manager.id, 'DELETE', `/${nurseConfig?.id}`)).statusCode).toBe(204);
    expect(await t.db.prisma.staffMemberFacilityConfig.count({ where: { id: nurseConfig?.id } })).toBe(0);
  });
});
